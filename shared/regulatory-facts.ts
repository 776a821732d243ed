import { z } from "zod";
import { formatNumber } from "./number-format";
import { COUNTRIES, countryName } from "./quote-request";
import { msg } from "./validation-messages";

/**
 * A product's regulatory facts (docs/decisions/0124-regulatory-facts-and-uses.md): optional, shown in their own section
 * of the product page, partly in its JSON-LD, and read by the product finder (country of harvest, sample available).
 * No server dependencies: the client and the PDF spec sheet import it.
 */
export const REGULATORY_LIMITS = {
  /** An allergen, GMO or Nagoya/ABS statement: a few sentences per language. */
  statementMax: 600,
} as const;

/** Status of an E-number under Regulation (EC) No 1333/2008; "" = not said. */
export const E_NUMBER_STATUSES = ["", "authorised", "restricted"] as const;
export type ENumberStatus = (typeof E_NUMBER_STATUSES)[number];
export const E_NUMBER_STATUS_NAMES: Record<Exclude<ENumberStatus, "">, { fr: string; en: string }> = {
  authorised: { fr: "Autorisé (règlement (CE) n° 1333/2008)", en: "Authorised (Regulation (EC) No 1333/2008)" },
  restricted: {
    fr: "Autorisé avec restrictions (règlement (CE) n° 1333/2008)",
    en: "Authorised with restrictions (Regulation (EC) No 1333/2008)",
  },
};

/** COSMOS standard (certified by Ecocert): a certified finished ingredient, or an approved raw material; "" = none. */
export const COSMOS_STATUSES = ["", "cosmos_certified", "cosmos_approved"] as const;
export type CosmosStatus = (typeof COSMOS_STATUSES)[number];
export const COSMOS_STATUS_NAMES: Record<Exclude<CosmosStatus, "">, { fr: string; en: string }> = {
  cosmos_certified: { fr: "Certifié COSMOS (Ecocert)", en: "COSMOS certified (Ecocert)" },
  cosmos_approved: { fr: "Approuvé COSMOS (matière première, Ecocert)", en: "COSMOS approved (raw material, Ecocert)" },
};

/** Countries a product may be harvested in: the quote request's list (ISO 3166-1 alpha-2), without "other". */
export const HARVEST_COUNTRIES = COUNTRIES.filter((c) => c.code !== "ZZ");
const HARVEST_CODES: readonly string[] = HARVEST_COUNTRIES.map((c) => c.code);

/** E407, E407a, E160a(iv), E1422: "E", 3 or 4 digits, an optional letter, an optional roman numeral in brackets. */
const E_NUMBER_FORMAT = /^E\d{3,4}[a-z]?(\((i|ii|iii|iv|v|vi|vii|viii|ix|x)\))?$/;

/** Typed as "e 407 a" or "E407a": stored with an upper-case E, no spaces, the rest lower-case (anything else kept, to be refused). */
export const normaliseENumber = (typed: string): string => {
  const compact = typed.replace(/\s+/g, "");
  return /^e/i.test(compact) ? `E${compact.slice(1).toLowerCase()}` : compact;
};

export const eNumberSchema = z
  .string()
  .max(20, msg("e_number.invalid"))
  .transform(normaliseENumber)
  .refine((value) => value === "" || E_NUMBER_FORMAT.test(value), msg("e_number.invalid"));

const statement = z
  .string()
  .trim()
  .max(REGULATORY_LIMITS.statementMax, msg("field.max_chars", { max: REGULATORY_LIMITS.statementMax }))
  .default("");

/** The facts as the product's payload carries them (flat); all optional, "" or null = not set. */
export const regulatoryFactsSchema = z.object({
  eNumber: eNumberSchema.default(""),
  eNumberStatus: z.enum(E_NUMBER_STATUSES, msg("e_number.status_unknown")).default(""),
  cosmosStatus: z.enum(COSMOS_STATUSES, msg("cosmos.status_unknown")).default(""),
  /** ISO 16128 natural origin index, 0 to 1, two decimals; null: not shown. */
  naturalOriginIndex: z
    .number(msg("natural_origin_index.invalid"))
    .min(0, msg("natural_origin_index.invalid"))
    .max(1, msg("natural_origin_index.invalid"))
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, msg("natural_origin_index.decimals"))
    .nullable()
    .default(null),
  allergenStatementFr: statement,
  allergenStatementEn: statement,
  gmoStatementFr: statement,
  gmoStatementEn: statement,
  nagoyaStatementFr: statement,
  nagoyaStatementEn: statement,
  /** One of this product's documents (the server checks it), or null. */
  nagoyaDocumentId: z
    .union([z.literal(""), z.string().uuid(msg("id.invalid"))])
    .nullish()
    .transform((v) => v || null),
  harvestCountry: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => code === "" || HARVEST_CODES.includes(code), msg("country.unknown"))
    .default(""),
  sampleAvailable: z.boolean().default(true),
});
export type RegulatoryFactsInput = z.input<typeof regulatoryFactsSchema>;

/** The facts as a product read carries them. */
export const regulatoryFactsOutputSchema = z.object({
  eNumber: z.string(),
  eNumberStatus: z.enum(E_NUMBER_STATUSES),
  cosmosStatus: z.enum(COSMOS_STATUSES),
  naturalOriginIndex: z.number().nullable(),
  allergenStatementFr: z.string(),
  allergenStatementEn: z.string(),
  gmoStatementFr: z.string(),
  gmoStatementEn: z.string(),
  nagoyaStatementFr: z.string(),
  nagoyaStatementEn: z.string(),
  nagoyaDocumentId: z.string().nullable(),
  harvestCountry: z.string(),
  sampleAvailable: z.boolean(),
});
export type RegulatoryFacts = z.output<typeof regulatoryFactsOutputSchema>;

/** No fact set: a new product's form. */
export const EMPTY_REGULATORY_FACTS: RegulatoryFacts = {
  eNumber: "",
  eNumberStatus: "",
  cosmosStatus: "",
  naturalOriginIndex: null,
  allergenStatementFr: "",
  allergenStatementEn: "",
  gmoStatementFr: "",
  gmoStatementEn: "",
  nagoyaStatementFr: "",
  nagoyaStatementEn: "",
  nagoyaDocumentId: null,
  harvestCountry: "",
  sampleAvailable: true,
};

export const REGULATORY_FIELDS = Object.keys(EMPTY_REGULATORY_FACTS) as (keyof RegulatoryFacts)[];

export const REGULATORY_KEYS = ["eNumber", "naturalOriginIndex", "cosmos", "allergens", "gmo", "nagoya", "harvestCountry"] as const;
export type RegulatoryKey = (typeof REGULATORY_KEYS)[number];

/** The row labels, in both languages (the page, the PDF spec sheet). */
export const REGULATORY_LABELS: Record<RegulatoryKey, { fr: string; en: string }> = {
  eNumber: { fr: "Additif alimentaire (UE)", en: "Food additive (EU)" },
  naturalOriginIndex: { fr: "Indice d'origine naturelle (ISO 16128)", en: "Natural origin index (ISO 16128)" },
  cosmos: { fr: "COSMOS", en: "COSMOS" },
  allergens: { fr: "Allergènes", en: "Allergens" },
  gmo: { fr: "OGM", en: "GMO" },
  nagoya: { fr: "Protocole de Nagoya (APA)", en: "Nagoya Protocol (ABS)" },
  harvestCountry: { fr: "Pays de récolte", en: "Country of harvest" },
};

/**
 * A set fact as shown in one language: `value` in `lang` (the other language's text when the page's is empty, `lang`
 * then set for the element's `lang` attribute).
 */
export type ShownRegulatoryFact = { key: RegulatoryKey; label: string; value: string; lang?: "fr" | "en" };

const index = (n: number, lang: "fr" | "en") => formatNumber(n, lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The facts that are set, in the section's order, in `lang`; the sample flag and the Nagoya document are not rows. */
export function shownRegulatoryFacts(facts: RegulatoryFacts, lang: "fr" | "en"): ShownRegulatoryFact[] {
  const other = lang === "en" ? "fr" : "en";
  const shown: ShownRegulatoryFact[] = [];
  const add = (key: RegulatoryKey, value: string, from?: "fr" | "en") => {
    if (value) shown.push({ key, label: REGULATORY_LABELS[key][lang], value, ...(from ? { lang: from } : {}) });
  };
  const addText = (key: RegulatoryKey, fr: string, en: string) => {
    const own = (lang === "en" ? en : fr).trim();
    const fallback = (lang === "en" ? fr : en).trim();
    if (own) add(key, own);
    else if (fallback) add(key, fallback, other);
  };
  if (facts.eNumber) {
    const status = facts.eNumberStatus ? ` — ${E_NUMBER_STATUS_NAMES[facts.eNumberStatus][lang]}` : "";
    add("eNumber", `${facts.eNumber}${status}`);
  }
  if (facts.naturalOriginIndex !== null) add("naturalOriginIndex", index(facts.naturalOriginIndex, lang));
  if (facts.cosmosStatus) add("cosmos", COSMOS_STATUS_NAMES[facts.cosmosStatus][lang]);
  addText("allergens", facts.allergenStatementFr, facts.allergenStatementEn);
  addText("gmo", facts.gmoStatementFr, facts.gmoStatementEn);
  addText("nagoya", facts.nagoyaStatementFr, facts.nagoyaStatementEn);
  if (facts.harvestCountry) add("harvestCountry", countryName(facts.harvestCountry, lang));
  return shown;
}
