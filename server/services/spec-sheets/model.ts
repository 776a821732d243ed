import { createHash } from "node:crypto";
import { COMPANY, type Lang } from "@shared/company";
import { shownFacts } from "@shared/product-facts";
import { shownRegulatoryFacts } from "@shared/regulatory-facts";
import type { PublicCertification } from "@shared/schemas/certification";
import type { ContentBlock } from "@shared/schemas/content-block";
import type { Product } from "@shared/schemas/product";
import type { StoredSettings } from "@shared/schemas/settings";
import type { LanguageTable } from "@shared/schemas/table-data";
import { FACT_NAMES } from "@shared/table-facts";
import { SPEC_SHEET_TEXTS } from "./texts";

/**
 * Bump when the layout or the model changes: every cached sheet is then made again (the version is part of the
 * cache key, decision 0126).
 */
export const GENERATOR_VERSION = 1;

export type Row = { label: string; value: string };
export type SheetTable = { title: string; headers: string[]; rows: string[][] };

/** Everything a sheet prints, already in its language: the layout draws it as given, the cache key hashes it. */
export type SheetModel = {
  lang: Lang;
  name: string;
  category: string;
  categorySlug: string;
  shortDescription: string;
  /** "Version 4 — 27 novembre 2026": the product's version and last change. */
  versionLine: string;
  url: string;
  facts: Row[];
  regulatory: Row[];
  tables: SheetTable[];
  certifications: { name: string; body: string; validUntil: string }[];
};

export type CompanyModel = { name: string; address: string; contacts: string[] };

/** A bilingual text in `lang`, or the other language's when empty (the page's rule for half-translated content). */
export const inLang = (fr: string, en: string, lang: Lang): string => {
  const own = lang === "en" ? en : fr;
  const other = lang === "en" ? fr : en;
  return own.trim() || !other.trim() ? own.trim() : other.trim();
};

const isEmptyTable = (table: LanguageTable) =>
  table.headers.every((h) => !h.trim()) && table.rows.every((row) => row.every((cell) => !cell.trim()));

/** A table block's table in `lang`, or the other one when empty in `lang` (as the page's `shownTable`). */
function shownTable(block: ContentBlock, lang: Lang): LanguageTable | null {
  if (!block.tableData) return null;
  const own = block.tableData[lang];
  const other = block.tableData[lang === "en" ? "fr" : "en"];
  const table = isEmptyTable(own) && !isEmptyTable(other) ? other : own;
  return isEmptyTable(table) ? null : table;
}

const DATE_FORMATS = {
  fr: new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "Africa/Tunis" }),
  en: new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Africa/Tunis" }),
};

/** A day in Tunisia's time, written as the page's readers write it ("27 novembre 2026" / "27 November 2026"). */
export function longDate(value: string | Date, lang: Lang): string {
  const date = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return DATE_FORMATS[lang].format(date);
}

export const productUrl = (publicUrl: string, slug: string, lang: Lang) =>
  `${publicUrl}/product/${encodeURIComponent(slug)}${lang === "en" ? "?lang=en" : ""}`;

export function companyModel(settings: StoredSettings, lang: Lang): CompanyModel {
  const { company } = settings;
  const contacts = [
    ...company.phones.map((phone) => `${inLang(phone.label.fr, phone.label.en, lang)} : ${phone.number}`),
    ...company.emails.map((email) => `${inLang(email.label.fr, email.label.en, lang)} : ${email.email}`),
  ].map((line) => (lang === "en" ? line.replace(" : ", ": ") : line));
  return { name: `${COMPANY.name} ${COMPANY.tagline}`, address: company.address, contacts };
}

/** The sheet of a public product, from what its page reads (the product with its blocks, its valid certifications). */
export function sheetModel(product: Product, certifications: readonly PublicCertification[], lang: Lang, publicUrl: string): SheetModel {
  const t = SPEC_SHEET_TEXTS[lang];
  const tables: SheetTable[] = [];
  for (const block of product.contentBlocks) {
    if (block.type !== "table") continue;
    const table = shownTable(block, lang);
    if (!table) continue;
    tables.push({ title: inLang(block.contentFr, block.contentEn, lang), headers: table.headers, rows: table.rows });
  }
  return {
    lang,
    name: inLang(product.nameFr, product.nameEn, lang),
    category: product.category ? inLang(product.category.nameFr, product.category.nameEn, lang) : "",
    categorySlug: product.category?.slug ?? "",
    shortDescription: inLang(product.shortDescriptionFr, product.shortDescriptionEn, lang),
    versionLine: t.version(product.version, longDate(product.updatedAt, lang)),
    url: productUrl(publicUrl, product.slug, lang),
    facts: shownFacts(product, lang).map((fact) => ({ label: FACT_NAMES[fact.key][lang], value: fact.value })),
    // The one place the regulatory rows join the sheet (decision 0124's shared function, as on the page).
    regulatory: shownRegulatoryFacts(product, lang).map((fact) => ({ label: fact.label, value: fact.value })),
    tables,
    certifications: certifications.map((c) => ({
      name: inLang(c.nameFr, c.nameEn, lang),
      body: c.certifyingBody,
      validUntil: c.validUntil ? longDate(c.validUntil, lang) : "",
    })),
  };
}

/** The cache key of a document: what it prints and how (so any change of either makes a new file). */
export function contentKey(...parts: unknown[]): string {
  return createHash("sha256")
    .update(JSON.stringify([GENERATOR_VERSION, ...parts]))
    .digest("hex");
}
