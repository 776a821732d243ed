import { z } from "zod";
import { formatNumber } from "./number-format";
import { QUANTITY_MAX, QUANTITY_UNITS, type QuantityUnit } from "./quote-request";
import { msg } from "./validation-messages";

/**
 * A product's key facts (docs/decisions/0110-product-facts.md): optional structured fields, shown as a table on the
 * product page and as `additionalProperty` in its JSON-LD, searched by the public search. Every limit is here, read
 * by the form, the shared schema and the server. No server dependencies, so the client may import it.
 */
export const FACT_LIMITS = {
  /** An INCI name or a botanical name: one name, possibly long ("Chondrus Crispus (Carrageenan) Extract"). */
  nameMax: 200,
  /** Origin, form, packaging, storage conditions: one short line per language. */
  textMax: 200,
  /** CAS numbers of one product (a blend may have several). */
  casMax: 5,
  shelfLifeMonthsMax: 120,
} as const;

/** The minimum order quantity's units: those of the quote request (decision 0108), so a buyer asks in the same units. */
export const MOQ_UNITS = QUANTITY_UNITS;
export type MoqUnit = QuantityUnit;
export const MOQ_UNIT_NAMES: Record<MoqUnit, { fr: string; en: string }> = {
  kg: { fr: "kg", en: "kg" },
  t: { fr: "t", en: "t" },
  g: { fr: "g", en: "g" },
  L: { fr: "L", en: "L" },
  units: { fr: "unités", en: "units" },
};

const CAS_FORMAT = /^(\d{2,7})-(\d{2})-(\d)$/;

/**
 * Whether `cas` is a CAS registry number: 2–7 digits, 2 digits, 1 check digit, the check digit being the sum of the
 * other digits, each times its position counted from the right (1, 2, …), modulo 10.
 */
export function isCasNumber(cas: string): boolean {
  const match = CAS_FORMAT.exec(cas);
  if (!match) return false;
  const digits = `${match[1]}${match[2]}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i + 1);
  return sum % 10 === Number(match[3]);
}

/** The CAS numbers of the stored text ("9002-18-0, 9000-07-1"), in order. */
export const casList = (text: string): string[] => text.split(/[\s,;]+/).filter(Boolean);

/** CAS numbers as typed (commas, semicolons or spaces between them), stored as "a, b"; each one checked. */
export const casNumbersSchema = z
  .string()
  .max(200, msg("field.max_chars", { max: 200 }))
  .transform((text) => casList(text))
  .superRefine((list, ctx) => {
    if (list.length > FACT_LIMITS.casMax) ctx.addIssue({ code: "custom", message: msg("cas.too_many", { max: FACT_LIMITS.casMax }) });
    const wrong = list.find((cas) => !isCasNumber(cas));
    if (wrong !== undefined) ctx.addIssue({ code: "custom", message: msg("cas.invalid", { value: wrong }) });
  })
  .transform((list) => list.join(", "));

const factText = (max: number) => z.string().trim().max(max, msg("field.max_chars", { max })).default("");

/** The facts as the product's payload carries them (flat, like its other fields); all optional, "" or null = not set. */
export const productFactsSchema = z.object({
  inciName: factText(FACT_LIMITS.nameMax),
  casNumbers: casNumbersSchema.default(""),
  botanicalName: factText(FACT_LIMITS.nameMax),
  originFr: factText(FACT_LIMITS.textMax),
  originEn: factText(FACT_LIMITS.textMax),
  formFr: factText(FACT_LIMITS.textMax),
  formEn: factText(FACT_LIMITS.textMax),
  packagingFr: factText(FACT_LIMITS.textMax),
  packagingEn: factText(FACT_LIMITS.textMax),
  storageFr: factText(FACT_LIMITS.textMax),
  storageEn: factText(FACT_LIMITS.textMax),
  /** The minimum order quantity, in `moqUnit`; null: not shown. */
  moqQuantity: z
    .number(msg("quantity.invalid"))
    .positive(msg("quantity.positive"))
    .max(QUANTITY_MAX, msg("quantity.max", { max: QUANTITY_MAX }))
    .multipleOf(0.001, msg("quantity.decimals"))
    .nullable()
    .default(null),
  moqUnit: z.enum(MOQ_UNITS, msg("unit.unknown")).default("kg"),
  /** Shelf life in months ("24 mois" / "24 months"); null: not shown. */
  shelfLifeMonths: z
    .number(msg("shelf_life.invalid"))
    .int(msg("shelf_life.whole_months"))
    .min(1, msg("shelf_life.min"))
    .max(FACT_LIMITS.shelfLifeMonthsMax, msg("shelf_life.max", { max: FACT_LIMITS.shelfLifeMonthsMax }))
    .nullable()
    .default(null),
});
export type ProductFactsInput = z.input<typeof productFactsSchema>;
export type ProductFacts = z.output<typeof productFactsSchema>;

/** The facts as a product read carries them. */
export const productFactsOutputSchema = z.object({
  inciName: z.string(),
  casNumbers: z.string(),
  botanicalName: z.string(),
  originFr: z.string(),
  originEn: z.string(),
  formFr: z.string(),
  formEn: z.string(),
  packagingFr: z.string(),
  packagingEn: z.string(),
  storageFr: z.string(),
  storageEn: z.string(),
  moqQuantity: z.number().nullable(),
  moqUnit: z.enum(MOQ_UNITS),
  shelfLifeMonths: z.number().int().nullable(),
});

export const FACT_KEYS = ["inciName", "casNumbers", "botanicalName", "origin", "form", "packaging", "moq", "shelfLife", "storage"] as const;
export type FactKey = (typeof FACT_KEYS)[number];

/**
 * A set fact as the page and the JSON-LD show it, in one language (the other one when the page's text is empty);
 * `lang` is set only then, for the element's `lang` attribute.
 */
export type ShownFact = { key: FactKey; value: string; propertyId?: string; lang?: "fr" | "en" };

const decimal = (n: number, lang: "fr" | "en") => formatNumber(n, lang, { maximumFractionDigits: 3 });

/** The facts that are set, in the table's order, in `lang` (the other language's text when empty, like every bilingual text). */
export function shownFacts(facts: z.output<typeof productFactsOutputSchema>, lang: "fr" | "en"): ShownFact[] {
  const other = lang === "en" ? "fr" : "en";
  const pick = (fr: string, en: string): [string, ("fr" | "en")?] => {
    const own = lang === "en" ? en : fr;
    const fallback = lang === "en" ? fr : en;
    return own.trim() || !fallback.trim() ? [own] : [fallback, other];
  };
  const shown: ShownFact[] = [];
  const add = (key: FactKey, value: string, propertyId?: string) => {
    if (value) shown.push(propertyId ? { key, value, propertyId } : { key, value });
  };
  const addPicked = (key: FactKey, [value, from]: [string, ("fr" | "en")?]) => {
    if (value) shown.push(from ? { key, value, lang: from } : { key, value });
  };
  add("inciName", facts.inciName);
  add("casNumbers", facts.casNumbers);
  add("botanicalName", facts.botanicalName);
  addPicked("origin", pick(facts.originFr, facts.originEn));
  addPicked("form", pick(facts.formFr, facts.formEn));
  addPicked("packaging", pick(facts.packagingFr, facts.packagingEn));
  if (facts.moqQuantity !== null) add("moq", `${decimal(facts.moqQuantity, lang)} ${MOQ_UNIT_NAMES[facts.moqUnit][lang]}`);
  if (facts.shelfLifeMonths !== null)
    add("shelfLife", `${facts.shelfLifeMonths} ${lang === "fr" ? "mois" : facts.shelfLifeMonths === 1 ? "month" : "months"}`);
  addPicked("storage", pick(facts.storageFr, facts.storageEn));
  return shown;
}

/** The facts' fields in the form's order: a history row and the version comparison name them (`field.<name>`). */
export const FACT_FIELDS = [
  "inciName",
  "casNumbers",
  "botanicalName",
  "originFr",
  "originEn",
  "formFr",
  "formEn",
  "packagingFr",
  "packagingEn",
  "moqQuantity",
  "moqUnit",
  "shelfLifeMonths",
  "storageFr",
  "storageEn",
] as const;

/** The facts of a product read (or any object carrying them), e.g. to fill the edit form. */
export function factsOf(product: z.output<typeof productFactsOutputSchema>): z.output<typeof productFactsOutputSchema> {
  const picked: Record<string, unknown> = {};
  for (const field of FACT_FIELDS) picked[field] = product[field];
  return picked as z.output<typeof productFactsOutputSchema>;
}

/** No fact set: a new product's form. */
export const EMPTY_FACTS: z.output<typeof productFactsOutputSchema> = {
  inciName: "",
  casNumbers: "",
  botanicalName: "",
  originFr: "",
  originEn: "",
  formFr: "",
  formEn: "",
  packagingFr: "",
  packagingEn: "",
  storageFr: "",
  storageEn: "",
  moqQuantity: null,
  moqUnit: "kg",
  shelfLifeMonths: null,
};
