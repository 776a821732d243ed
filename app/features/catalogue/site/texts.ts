import { defineTexts } from "~/i18n/texts";

/** The product page (the product cards have their own words: `~/components/site/product-card`). */
export const PRODUCT_SITE_TEXTS = defineTexts({
  fr: {
    available: "Disponible",
    quote: "Demander un devis",
    sample: "Demander un échantillon",
    specSheet: "Fiche produit (PDF)",
    details: "Informations détaillées",
    similar: "Dans la même gamme",
    ctaTitle: "Ce produit vous intéresse\u00a0?",
    ctaText: "Demandez un échantillon, la fiche technique complète ou un devis\u00a0: nous répondons à chaque demande.",
    previewBand: "Aperçu — non publié",
    previewText: "Ce produit est inactif : seuls les administrateurs disposant de ce lien le voient.",
    tableScroll: "Faites défiler le tableau horizontalement",
    tableScrollHint: "Faites défiler\u00a0→",
  },
  en: {
    available: "Available",
    quote: "Request a quote",
    sample: "Request a sample",
    specSheet: "Product sheet (PDF)",
    details: "Detailed information",
    similar: "In the same range",
    ctaTitle: "Interested in this product?",
    ctaText: "Ask for a sample, the full technical data sheet or a quote: we answer every request.",
    previewBand: "Preview — not published",
    previewText: "This product is inactive: only administrators with this link can see it.",
    tableScroll: "Scroll the table horizontally",
    tableScrollHint: "Scroll →",
  },
});

/** The "Documents" section of the product page (decision 0109). */
export const PRODUCT_DOCUMENTS_TEXTS = defineTexts({
  fr: {
    title: "Documents",
    type: "Type\u00a0:",
    language: "Langue\u00a0:",
    size: "Taille\u00a0:",
    version: "Version\u00a0:",
    date: "Date\u00a0:",
    download: "Télécharger",
    downloadLabel: "Télécharger {name} (PDF, {size})",
    request: "Sur demande",
    requestLabel: "Demander {name} par le formulaire de devis",
  },
  en: {
    title: "Documents",
    type: "Type:",
    language: "Language:",
    size: "Size:",
    version: "Version:",
    date: "Date:",
    download: "Download",
    downloadLabel: "Download {name} (PDF, {size})",
    request: "On request",
    requestLabel: "Request {name} through the quote form",
  },
});
