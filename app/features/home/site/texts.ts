import { defineTexts } from "~/i18n/texts";

/**
 * The home page's own texts: its title and description, the ranges' section. The hero heading, the story, the mission,
 * the values and the closing call to action are site settings (shared/settings-defaults.ts holds their first values).
 */
export const HOME_SITE_TEXTS = defineTexts({
  fr: {
    "categories.eyebrow": "Nos gammes",
    "categories.title": "Trois familles de matières premières",
    "categories.intro": "Des algues séchées aux extraits standardisés, choisissez la gamme qui correspond à votre application.",
    "categories.finder": "Trouver un ingrédient par application, fonction ou certification",
    "seo.title": "Marine Algae of Tunisia | Algues, plantes côtières et actifs biologiques",
    "seo.description":
      "Fournisseur tunisien d'algues marines, de plantes côtières et d'actifs biologiques de Méditerranée depuis 2010, à Bizerte. Matières premières tracées pour l'agroalimentaire, la cosmétique et la nutraceutique.",
  },
  en: {
    "categories.eyebrow": "Our ranges",
    "categories.title": "Three families of raw materials",
    "categories.intro": "From dried seaweed to standardised extracts, choose the range that fits your application.",
    "categories.finder": "Find an ingredient by application, function or certification",
    "seo.title": "Marine Algae of Tunisia | Seaweed, coastal plants and biological actives",
    "seo.description":
      "Tunisian supplier of Mediterranean marine algae, coastal plants and biological actives since 2010, in Bizerte. Traceable raw materials for the food, cosmetics and nutraceutical industries.",
  },
});
