import { z } from "zod";
import { formatNumber } from "./number-format";
import { msg } from "./validation-messages";

/**
 * Documents of a product (issue 21, decision 0109): PDF files listed on the product page, public (a download link) or
 * on request (the quote form). The kinds, languages and visibilities are closed lists; their fr/en names live here so
 * the admin form, the public page and the API agree.
 */
export const DOCUMENT_KINDS = ["tds", "sds", "coa", "certificate", "brochure", "other"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_KIND_NAMES: Record<DocumentKind, { fr: string; en: string }> = {
  tds: { fr: "Fiche technique", en: "Technical data sheet" },
  sds: { fr: "Fiche de données de sécurité", en: "Safety data sheet" },
  coa: { fr: "Certificat d'analyse", en: "Certificate of analysis" },
  certificate: { fr: "Certificat", en: "Certificate" },
  brochure: { fr: "Brochure", en: "Brochure" },
  other: { fr: "Autre document", en: "Other document" },
};

export const DOCUMENT_LANGUAGES = ["fr", "en", "both"] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];
export const DOCUMENT_LANGUAGE_NAMES: Record<DocumentLanguage, { fr: string; en: string }> = {
  fr: { fr: "Français", en: "French" },
  en: { fr: "Anglais", en: "English" },
  both: { fr: "Français et anglais", en: "French and English" },
};

export const DOCUMENT_VISIBILITIES = ["public", "on_request"] as const;
export type DocumentVisibility = (typeof DOCUMENT_VISIBILITIES)[number];

/** Largest accepted document: checked while reading the upload, never more is buffered (413 `document.too_large`). */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENT_MAX_MB = DOCUMENT_MAX_BYTES / (1024 * 1024);
export const DOCUMENT_VERSION_LABEL_MAX = 40;
export const DOCUMENT_TITLE_MAX = 160;
export const DOCUMENT_FILE_NAME_MAX = 200;

/** The multipart field carrying the PDF of `POST /api/products/:id/documents`. */
export const DOCUMENT_FILE_FIELD = "file";

const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, msg("date.format"));
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** The metadata fields of a document, without defaults (a PATCH changes only the fields it names). */
const documentFieldShapes = {
  kind: z.enum(DOCUMENT_KINDS, msg("document.kind")),
  language: z.enum(DOCUMENT_LANGUAGES, msg("document.language")),
  titleFr: z.string().trim().max(DOCUMENT_TITLE_MAX),
  titleEn: z.string().trim().max(DOCUMENT_TITLE_MAX),
  versionLabel: z.string().trim().max(DOCUMENT_VERSION_LABEL_MAX),
  documentDate: dateOnly.nullable(),
  visibility: z.enum(DOCUMENT_VISIBILITIES, msg("document.visibility")),
};

/** The metadata an admin sets on a new document (multipart fields on upload); omitted ones take these defaults. */
export const documentFieldsSchema = z.object({
  ...documentFieldShapes,
  titleFr: documentFieldShapes.titleFr.default(""),
  titleEn: documentFieldShapes.titleEn.default(""),
  versionLabel: documentFieldShapes.versionLabel.default(""),
  documentDate: documentFieldShapes.documentDate.default(null),
  visibility: documentFieldShapes.visibility.default("public"),
});
export type DocumentFields = z.infer<typeof documentFieldsSchema>;

/**
 * `PATCH /api/products/:id/documents/:docId`: only the fields sent change (no defaults here: with zod 4 a default
 * inside `.partial()` would still fill a missing field and reset it), with the version the form was based on.
 */
export const documentPatchSchema = z.object(documentFieldShapes).partial().extend({ version: z.number().int().positive() });
export type DocumentPatch = z.infer<typeof documentPatchSchema>;

/** `PUT /api/products/:id/documents/order`: every document id of the product, in the new order. */
export const documentOrderSchema = z.object({ ids: z.array(z.uuid()).max(200) });

/** A document as the admin API answers it. */
export const productDocumentSchema = z.object({
  _id: z.uuid(),
  productId: z.uuid(),
  kind: z.enum(DOCUMENT_KINDS),
  language: z.enum(DOCUMENT_LANGUAGES),
  titleFr: z.string(),
  titleEn: z.string(),
  versionLabel: z.string(),
  documentDate: z.string().nullable(),
  visibility: z.enum(DOCUMENT_VISIBILITIES),
  position: z.number().int(),
  contentHash: sha256,
  sizeBytes: z.number().int().nonnegative(),
  fileName: z.string(),
  /** Where the public downloads it (only answers while the document is public and the product visible). */
  url: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductDocument = z.infer<typeof productDocumentSchema>;
export const productDocumentListSchema = z.array(productDocumentSchema);

/** A document as the public product page and product JSON show it: no file name, no ids of the admin. */
export const publicDocumentSchema = productDocumentSchema
  .pick({
    _id: true,
    kind: true,
    language: true,
    titleFr: true,
    titleEn: true,
    versionLabel: true,
    documentDate: true,
    visibility: true,
    sizeBytes: true,
  })
  .extend({
    /** The download address of a public document; null for one on request. */
    url: z.string().nullable(),
  });
export type PublicDocument = z.infer<typeof publicDocumentSchema>;

/** The readable part of a download address: ASCII letters, digits and dashes, from the product slug and the kind. */
export function documentDownloadName(productSlug: string, kind: DocumentKind, language: DocumentLanguage, versionLabel: string): string {
  const parts = [productSlug, kind, language === "both" ? "fr-en" : language, versionLabel]
    .map((part) =>
      part
        .normalize("NFKD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, ""),
    )
    .filter(Boolean);
  return `${parts.join("-").slice(0, 120) || "document"}.pdf`;
}

/** `/documents/<sha-256>/<readable-name>.pdf`: the hash makes the address immutable (cached a year). */
export const documentUrl = (hash: string, name: string) => `/documents/${hash}/${name}`;

/** A size as people read it, in the page's language: "245 Ko" / "245 KB", "1,2 Mo" / "1.2 MB". */
export function humanSize(bytes: number, lang: "fr" | "en"): string {
  const units = lang === "fr" ? ["o", "Ko", "Mo"] : ["B", "KB", "MB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  const number = formatNumber(value, lang, { maximumFractionDigits: digits });
  return `${number}\u00a0${units[unit]}`;
}
