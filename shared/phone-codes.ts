/**
 * Phone country list of the contact form (docs/product.md, "Contact"); the first entry is the default. `iso` makes the
 * picker's compact label ("TN +216"); the list shows the country's name.
 */
export const PHONE_CODES = [
  { code: "+216", iso: "TN", fr: "Tunisie", en: "Tunisia" },
  { code: "+33", iso: "FR", fr: "France", en: "France" },
  { code: "+32", iso: "BE", fr: "Belgique", en: "Belgium" },
  { code: "+49", iso: "DE", fr: "Allemagne", en: "Germany" },
  { code: "+44", iso: "GB", fr: "Royaume-Uni", en: "United Kingdom" },
  { code: "+34", iso: "ES", fr: "Espagne", en: "Spain" },
  { code: "+39", iso: "IT", fr: "Italie", en: "Italy" },
  { code: "+1", iso: "US", fr: "États-Unis/Canada", en: "USA/Canada" },
  { code: "+212", iso: "MA", fr: "Maroc", en: "Morocco" },
  { code: "+213", iso: "DZ", fr: "Algérie", en: "Algeria" },
] as const;

export const DEFAULT_PHONE_CODE = "+216";

/** What a phone number may hold (the contact form's, and the site settings' numbers): digits, spaces, `+ ( ) . -`. */
export const PHONE_NUMBER_PATTERN = /^[+\d\s().-]*$/;

/** docs/product.md, "Contact": code, a space and the number, only when a number was typed. */
export function formatPhone(code: string, number: string): string {
  const n = number.trim();
  return n ? `${code} ${n}` : "";
}
