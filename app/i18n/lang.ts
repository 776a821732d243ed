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

/** The Fr or En variant of an entity field, e.g. `localized(product, "name", lang)` → nameFr / nameEn. */
export function localized<K extends string>(entity: Bilingual<K>, field: K, lang: Lang): string {
  const key = `${field}${lang === "en" ? "En" : "Fr"}` as `${K}Fr` | `${K}En`;
  return entity[key];
}
