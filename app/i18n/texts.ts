import type { Lang } from "@shared/company";

/**
 * One interface text. `{name}` marks a parameter. A text that depends on a number gives its plural forms, chosen by
 * the `count` parameter with the language's rules (`Intl.PluralRules`: in French 0 and 1 are "one").
 */
export type Text = string | PluralText;
export type PluralText = { readonly one: string; readonly other: string };
export type Dictionary = { readonly [key: string]: Text };

/** A feature's texts: one dictionary per language, with the same keys (TypeScript refuses a key missing in one). */
export type Texts<D extends Dictionary = Dictionary> = { readonly fr: D; readonly en: { readonly [K in keyof D]: Text } };
export type TextKey<T extends Texts> = keyof T["fr"] & string;
export type TextParams = { readonly [name: string]: string | number };

/** Declares a feature's dictionaries; `as const` keeps the keys for `translate`'s type checks. */
export function defineTexts<const D extends Dictionary>(texts: Texts<D>): Texts<D> {
  return texts;
}

const PLURAL_RULES: Record<Lang, Intl.PluralRules> = { fr: new Intl.PluralRules("fr"), en: new Intl.PluralRules("en") };

/** The one way to turn a key into the text shown: its text in `lang`, the plural form for `params.count`, parameters filled in. */
export function translate<T extends Texts>(texts: T, lang: Lang, key: TextKey<T>, params?: TextParams): string {
  const text: Text = texts[lang][key] ?? key;
  const chosen = typeof text === "string" ? text : PLURAL_RULES[lang].select(Number(params?.count ?? 0)) === "one" ? text.one : text.other;
  if (!params) return chosen;
  return chosen.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
