import { defineTexts } from "~/i18n/texts";

/** The home page's hero (the active banner). */
export const BANNER_SITE_TEXTS = defineTexts({
  fr: {
    cta: "Découvrir nos produits",
  },
  en: {
    cta: "Explore our products",
  },
});
