import { defineTexts } from "../texts";

/** Translation completeness in the back office (docs/product.md, "Langues"): forms, list filters, the dashboard. */
export const TRANSLATION_TEXTS = defineTexts({
  fr: {
    marker: "À traduire",
    count: "{count} à traduire",
    filter: "Traduction",
    "filter.all": "Toutes",
    "filter.missing": "À traduire",
    "dashboard.title": "À traduire",
    "dashboard.products": "Produits : {count}",
    "dashboard.categories": "Catégories : {count}",
    "dashboard.pages": "Pages : {count}",
    "dashboard.none": "Tout est traduit.",
  },
  en: {
    marker: "To translate",
    count: "{count} to translate",
    filter: "Translation",
    "filter.all": "All",
    "filter.missing": "To translate",
    "dashboard.title": "To translate",
    "dashboard.products": "Products: {count}",
    "dashboard.categories": "Categories: {count}",
    "dashboard.pages": "Pages: {count}",
    "dashboard.none": "Everything is translated.",
  },
});
