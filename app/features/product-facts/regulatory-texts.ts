import { defineTexts } from "~/i18n/texts";

/**
 * Texts of the regulatory facts and of the applications and functions (decision 0124): the product form's sections
 * and the product page's. Row labels and choice names are in shared/regulatory-facts.ts (the PDF spec sheet reads them too).
 */
export const REGULATORY_TEXTS = defineTexts({
  fr: {
    title: "Réglementaire",
    intro:
      "Facultatif : seules les informations renseignées sont affichées, dans la section « Informations réglementaires » de la page du produit.",
    pageTitle: "Informations réglementaires",
    eNumberHint: "Ex. E407, E407a, E160a(iv)",
    notSet: "Non renseigné",
    naturalOriginIndexHint: "De 0 à 1, deux décimales (ex. 0,98)",
    nagoyaDocumentNone: "Aucun document",
    nagoyaDocumentHint: "Un des documents de ce produit (section Documents).",
    nagoyaDocumentNew: "Enregistrez d'abord le produit, puis ajoutez le document dans la section Documents.",
    nagoyaDocumentLink: "Document Nagoya / APA (PDF)",
    sampleAvailableHint: "Le catalogue permettra de filtrer les produits dont un échantillon est disponible.",
    usesTitle: "Usages",
    usesIntro: "Les applications et fonctions du produit, choisies dans leurs listes.",
    usesPageTitle: "Applications et fonctions",
    applications: "Applications",
    functions: "Fonctions",
    manageApplications: "Gérer les applications",
    manageFunctions: "Gérer les fonctions",
    noItems: "Aucun élément : créez-en dans la liste.",
    inactive: "(inactif)",
    loading: "Chargement…",
    sample: "Échantillon disponible sur demande",
  },
  en: {
    title: "Regulatory",
    intro: 'Optional: only the information filled in is shown, in the "Regulatory information" section of the product page.',
    pageTitle: "Regulatory information",
    eNumberHint: "E.g. E407, E407a, E160a(iv)",
    notSet: "Not set",
    naturalOriginIndexHint: "From 0 to 1, two decimals (e.g. 0.98)",
    nagoyaDocumentNone: "No document",
    nagoyaDocumentHint: "One of this product's documents (Documents section).",
    nagoyaDocumentNew: "Save the product first, then add the document in the Documents section.",
    nagoyaDocumentLink: "Nagoya / ABS document (PDF)",
    sampleAvailableHint: "The catalogue will let buyers filter the products with a sample available.",
    usesTitle: "Uses",
    usesIntro: "The product's applications and functions, chosen from their lists.",
    usesPageTitle: "Applications and functions",
    applications: "Applications",
    functions: "Functions",
    manageApplications: "Manage applications",
    manageFunctions: "Manage functions",
    noItems: "None yet: create some in the list.",
    inactive: "(inactive)",
    loading: "Loading…",
    sample: "Sample available on request",
  },
});
