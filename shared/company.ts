/** Facts about the supplier shown on the site and used in e-mails. */
export const COMPANY = {
  name: "Marine Algae",
  tagline: "of Tunisia",
  since: 2010,
  copyrightYear: 2025,
  address: "Cap Zebib, Bizerte, Tunisia",
  email: "contact@marine-algae.tn",
  phone: "+216 72 000 000",
  developer: "Développé par l'équipe web",
} as const;

export const LANGUAGES = ["fr", "en"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "fr";
