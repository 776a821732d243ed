import type { Lang } from "./company";

/** The locale each language writes numbers in: French "1 234,5" (narrow no-break spaces), English "1,234.5". */
const NUMBER_LOCALES: Record<Lang, string> = { fr: "fr-FR", en: "en-GB" };

/** A number written the language's way; `options` as Intl.NumberFormat takes them (fraction digits). */
export function formatNumber(value: number, lang: Lang, options?: Intl.NumberFormatOptions): string {
  return value.toLocaleString(NUMBER_LOCALES[lang], options);
}
