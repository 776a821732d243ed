import type { Lang } from "@shared/company";

/** The sheets' own words (the facts' and regulatory rows' names come from their shared declarations). */
export const SPEC_SHEET_TEXTS = {
  fr: {
    documentTitle: "Fiche produit",
    catalogueTitle: "Catalogue des produits",
    contents: "Sommaire",
    keyFacts: "Caractéristiques",
    regulatory: "Informations réglementaires",
    specifications: "Informations détaillées",
    certifications: "Certifications",
    certifyingBody: "Organisme certificateur :",
    validUntil: "valide jusqu'au",
    version: (n: number, date: string) => `Version ${n} — ${date}`,
    page: (n: number, total: number) => `Page ${n} / ${total}`,
    generated: (date: string) => `Édité le ${date}`,
    productCount: (n: number) => (n === 1 ? "1 produit" : `${n} produits`),
    continued: "(suite)",
  },
  en: {
    documentTitle: "Product sheet",
    catalogueTitle: "Product catalogue",
    contents: "Contents",
    keyFacts: "Key facts",
    regulatory: "Regulatory information",
    specifications: "Detailed information",
    certifications: "Certifications",
    certifyingBody: "Certifying body:",
    validUntil: "valid until",
    version: (n: number, date: string) => `Version ${n} — ${date}`,
    page: (n: number, total: number) => `Page ${n} / ${total}`,
    generated: (date: string) => `Issued on ${date}`,
    productCount: (n: number) => (n === 1 ? "1 product" : `${n} products`),
    continued: "(continued)",
  },
} as const satisfies Record<Lang, unknown>;
