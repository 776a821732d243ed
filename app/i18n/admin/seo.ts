import { defineTexts } from "../texts";

/**
 * Texts of the SEO fields of the product, category and page forms (`app/components/admin/seo-fields.tsx`); the fields'
 * labels are declared with their resource (`SEO_SPECS`, shared/resources/fields.ts).
 */
export const SEO_TEXTS = defineTexts({
  fr: {
    title: "Référencement (SEO)",
    intro:
      "Optionnels : le titre et la description affichés par les moteurs de recherche. Laissés vides, la page utilise son nom et sa description.",
    // Each column names its language in that language.
    "language.fr": "Français",
    "language.en": "English",
    /** The counter under a field: characters typed against the length search engines show in full. */
    counter: "{length}/{recommended} recommandés",
    tooLong: "Au-delà, Google coupe le texte.",
    overMax: "{max} caractères au maximum.",
    previewLabel: "Aperçu dans les résultats de recherche ({language})",
  },
  en: {
    title: "Search engines (SEO)",
    intro: "Optional: the title and description search engines show. Left empty, the page uses its name and its description.",
    "language.fr": "Français",
    "language.en": "English",
    counter: "{length}/{recommended} recommended",
    tooLong: "Beyond this, Google cuts the text.",
    overMax: "{max} characters at most.",
    previewLabel: "Preview in search results ({language})",
  },
});
