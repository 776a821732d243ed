/** Texts of the SEO fields (product and category forms) and of the preview button. */
export const SEO_TEXTS = {
  title: "Référencement (SEO)",
  intro:
    "Optionnels : le titre et la description affichés par les moteurs de recherche. Laissés vides, la page utilise son nom et sa description.",
  languages: { fr: "Français", en: "English" },
  metaTitle: (lang: string) => `Titre SEO (${lang})`,
  metaDescription: (lang: string) => `Description SEO (${lang})`,
  /** The counter under a field: characters typed against the length search engines show in full. */
  counter: (n: number, recommended: number) => `${n}/${recommended} recommandés`,
  tooLong: "Au-delà, Google coupe le texte.",
  overMax: (max: number) => `${max} caractères au maximum.`,
  previewLabel: (lang: string) => `Aperçu dans les résultats de recherche (${lang})`,
} as const;
