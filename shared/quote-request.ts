import { LIMITS } from "./limits";

/**
 * The optional sample / quote request of the contact form (decision 0108): every list and limit is here, read by the
 * form, the shared schema, the server and the inbox. No dependencies, so a public island may import it.
 */

/** Prefills the contact form with a product: `/contact?product=<slug>` (a product page's request link). */
export const PRODUCT_PARAM = "product";

export const REQUEST_TYPES = ["sample", "quote", "documents"] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/** Preselects the request type: `/contact?product=<slug>&type=documents` (an on-request document's link); unknown values are ignored. */
export const TYPE_PARAM = "type";

/** The request type a `type` URL value names, or "" for none or an unknown one. */
export const requestTypeOf = (value: string | null): RequestType | "" =>
  (REQUEST_TYPES as readonly string[]).includes(value ?? "") ? (value as RequestType) : "";

/** The subject written for a request sent without one, in the buyer's language: "Demande de devis — Ulva". */
const REQUEST_SUBJECTS: Record<RequestType, { fr: string; en: string }> = {
  quote: { fr: "Demande de devis", en: "Quote request" },
  sample: { fr: "Demande d'échantillon", en: "Sample request" },
  documents: { fr: "Demande de documents", en: "Documents request" },
};
export const requestSubject = (type: RequestType, productName: string, lang: "fr" | "en"): string =>
  productName ? `${REQUEST_SUBJECTS[type][lang]} — ${productName}` : REQUEST_SUBJECTS[type][lang];

// What a request changes on the form (optional subject, confirmation page) is in quote-request-rules.ts: the contact
// island imports that alone, without the lists below.
export { CONFIRMATION_PARAM, CONFIRMATION_PATH, isProductRequest, isRequest, SUBJECT_OPTIONAL_TYPES } from "./quote-request-rules";

export const APPLICATIONS = ["food", "cosmetics", "nutraceutical", "agriculture", "other"] as const;
export type Application = (typeof APPLICATIONS)[number];

export const QUANTITY_UNITS = ["kg", "t", "g", "L", "units"] as const;
export type QuantityUnit = (typeof QUANTITY_UNITS)[number];

/** The largest quantity a buyer may type (any unit): far above any real order, small enough for a numeric column. */
export const QUANTITY_MAX = 1_000_000_000;
export const COMPANY_MAX = LIMITS.contactCompanyMax;

/** Destination countries (ISO 3166-1 alpha-2), in the order the company's buyers come from, then alphabetical. */
export const COUNTRIES = [
  { code: "TN", fr: "Tunisie", en: "Tunisia" },
  { code: "FR", fr: "France", en: "France" },
  { code: "IT", fr: "Italie", en: "Italy" },
  { code: "ES", fr: "Espagne", en: "Spain" },
  { code: "DE", fr: "Allemagne", en: "Germany" },
  { code: "BE", fr: "Belgique", en: "Belgium" },
  { code: "NL", fr: "Pays-Bas", en: "Netherlands" },
  { code: "GB", fr: "Royaume-Uni", en: "United Kingdom" },
  { code: "CH", fr: "Suisse", en: "Switzerland" },
  { code: "PT", fr: "Portugal", en: "Portugal" },
  { code: "PL", fr: "Pologne", en: "Poland" },
  { code: "GR", fr: "Grèce", en: "Greece" },
  { code: "TR", fr: "Turquie", en: "Türkiye" },
  { code: "MA", fr: "Maroc", en: "Morocco" },
  { code: "DZ", fr: "Algérie", en: "Algeria" },
  { code: "LY", fr: "Libye", en: "Libya" },
  { code: "EG", fr: "Égypte", en: "Egypt" },
  { code: "SA", fr: "Arabie saoudite", en: "Saudi Arabia" },
  { code: "AE", fr: "Émirats arabes unis", en: "United Arab Emirates" },
  { code: "US", fr: "États-Unis", en: "United States" },
  { code: "CA", fr: "Canada", en: "Canada" },
  { code: "BR", fr: "Brésil", en: "Brazil" },
  { code: "CN", fr: "Chine", en: "China" },
  { code: "JP", fr: "Japon", en: "Japan" },
  { code: "KR", fr: "Corée du Sud", en: "South Korea" },
  { code: "IN", fr: "Inde", en: "India" },
  { code: "AU", fr: "Australie", en: "Australia" },
  { code: "ZZ", fr: "Autre pays", en: "Other country" },
] as const;
export type CountryCode = (typeof COUNTRIES)[number]["code"];
export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as unknown as readonly [CountryCode, ...CountryCode[]];

/** French and English names of each choice (the form, the inbox, the CSV and the buyer's confirmation). */
export const REQUEST_TYPE_NAMES: Record<RequestType, { fr: string; en: string }> = {
  sample: { fr: "Échantillon", en: "Sample" },
  quote: { fr: "Devis", en: "Quote" },
  documents: { fr: "Documents (fiche technique, certificats)", en: "Documents (data sheet, certificates)" },
};
export const APPLICATION_NAMES: Record<Application, { fr: string; en: string }> = {
  food: { fr: "Alimentaire", en: "Food" },
  cosmetics: { fr: "Cosmétique", en: "Cosmetics" },
  nutraceutical: { fr: "Nutraceutique", en: "Nutraceutical" },
  agriculture: { fr: "Agriculture", en: "Agriculture" },
  other: { fr: "Autre", en: "Other" },
};
export const UNIT_NAMES: Record<QuantityUnit, { fr: string; en: string }> = {
  kg: { fr: "kg", en: "kg" },
  t: { fr: "tonnes", en: "tonnes" },
  g: { fr: "g", en: "g" },
  L: { fr: "litres", en: "litres" },
  units: { fr: "unités", en: "units" },
};
export const countryName = (code: string, lang: "fr" | "en"): string => COUNTRIES.find((c) => c.code === code)?.[lang] ?? code;

/** How many working days the company takes to answer a request (said in the buyer's confirmation e-mail). */
export const REPLY_WORKING_DAYS = 2;

/** The dashboard counts the messages filed as spam over this many days. */
export const SPAM_COUNT_DAYS = 30;
