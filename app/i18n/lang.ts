import { DEFAULT_LANG, type Lang } from "@shared/company";
import { LANG_PARAM } from "@shared/query-params";

/** `?lang=en` selects English; anything else is the default language (French). */
export function langFromSearch(search: string | URLSearchParams): Lang {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return params.get(LANG_PARAM) === "en" ? "en" : DEFAULT_LANG;
}

export function langFromUrl(url: string | URL): Lang {
  return langFromSearch(new URL(url).searchParams);
}

/** An internal path carrying the language: English pages are addressed with `?lang=en`, French ones without. */
export function localizedPath(path: string, lang: Lang): string {
  const url = new URL(path, "http://local");
  if (lang === DEFAULT_LANG) url.searchParams.delete(LANG_PARAM);
  else url.searchParams.set(LANG_PARAM, lang);
  return `${url.pathname}${url.search}${url.hash}`;
}

type Bilingual<K extends string> = { [P in `${K}Fr` | `${K}En`]: string };

/** A bilingual value as a public page shows it, and the language it is in. */
export type Shown<T = string> = { value: T; lang: Lang };

const otherLang = (lang: Lang): Lang => (lang === "en" ? "fr" : "en");

/**
 * The one rule for every bilingual content on public pages (docs/product.md, "Languages"): the page's language, or
 * the other one when that is empty — `lang` says which, for the element's `lang` attribute (`langAttr`). `isEmpty`
 * says when a value is empty (texts: blank; tables, rich documents: their own test).
 */
export function shownIn<T>(
  values: { fr: T; en: T },
  lang: Lang,
  isEmpty: (value: T) => boolean = (value) => !String(value ?? "").trim(),
): Shown<T> {
  const other = otherLang(lang);
  return isEmpty(values[lang]) && !isEmpty(values[other]) ? { value: values[other], lang: other } : { value: values[lang], lang };
}

/** The Fr or En variant of an entity field with its language, e.g. `localizedText(product, "name", lang)` (falls back). */
export function localizedText<K extends string>(entity: Bilingual<K>, field: K, lang: Lang): Shown {
  return shownIn({ fr: entity[`${field}Fr` as `${K}Fr`], en: entity[`${field}En` as `${K}En`] }, lang);
}

/** The text of `localizedText`, where no `lang` attribute can be set (titles, meta tags, `alt`, links' labels). */
export function localized<K extends string>(entity: Bilingual<K>, field: K, lang: Lang): string {
  return localizedText(entity, field, lang).value;
}

/**
 * The Fr or En variant of a field with no fallback: a page's own SEO texts, whose fallback is the page's other texts in
 * the same language (as the form's search preview shows), never the other language's SEO text.
 */
export function ownLangText<K extends string>(entity: Bilingual<K>, field: K, lang: Lang): string {
  return entity[`${field}${lang === "en" ? "En" : "Fr"}` as `${K}Fr` | `${K}En`];
}

/** The `lang` attribute of an element showing `shown` on a page in `pageLang`: only when it fell back to the other language. */
export const langAttr = (shown: { lang: Lang }, pageLang: Lang): Lang | undefined => (shown.lang === pageLang ? undefined : shown.lang);

/** A label followed by its colon as each language writes it: "Produit :" (no-break space before), "Product:". */
export const withColon = (label: string, lang: Lang): string => (lang === "fr" ? `${label}\u00a0:` : `${label}:`);
