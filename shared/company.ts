/**
 * What stays fixed about the supplier: its brand and founding year. Its address, e-mails, phone numbers and the site's
 * texts are site settings, edited in the back office (shared/schemas/settings.ts).
 */
export const COMPANY = {
  name: "Marine Algae",
  tagline: "of Tunisia",
  since: 2010,
  copyrightYear: 2025,
} as const;

export const LANGUAGES = ["fr", "en"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "fr";
