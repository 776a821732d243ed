import { defineTexts } from "~/i18n/texts";

/** Texts of the home page's trade-shows section. */
export const TRADE_SHOW_SITE_TEXTS = defineTexts({
  fr: {
    eyebrow: "Salons",
    title: "Rencontrons-nous",
    intro: "Venez découvrir nos algues et extraits, échantillons en main, sur les prochains salons.",
    booth: "stand",
    website: "Site du salon {name}",
  },
  en: {
    eyebrow: "Trade shows",
    title: "Meet us",
    intro: "Come and see our algae and extracts, samples in hand, at the coming trade shows.",
    booth: "booth",
    website: "{name} website",
  },
});
