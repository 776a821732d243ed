import { LANGUAGES, type Lang } from "./company";
import type { Resource } from "./resources/define";

/**
 * Translation completeness (docs/product.md, "Langues"): a text written in one language and left empty in the other.
 * Both sides empty is no gap (an optional text not written; required ones are the validators' business).
 * `path` names the empty side as the form names it (`nameEn`, `contentBlocks.2.contentFr`, `contentBlocks.0.tableData.en`),
 * `lang` the language it is missing in.
 */
export type TranslationGap = { path: string; lang: Lang };

const OTHER: Record<Lang, Lang> = { fr: "en", en: "fr" };

/** The visible text of a value: a string, or the text nodes of a rich text document (any shape: a form's value is unchecked). */
function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(textOf).join("");
  if (value !== null && typeof value === "object") {
    const node = value as { text?: unknown; content?: unknown };
    return textOf(node.text) + textOf(node.content);
  }
  return "";
}

const filled = (value: unknown) => textOf(value).trim() !== "";

/** The gap of one pair, when exactly one side is filled. */
function pairGap(fr: unknown, en: unknown, pathOf: (lang: Lang) => string): TranslationGap[] {
  const frFilled = filled(fr);
  if (frFilled === filled(en)) return [];
  const lang: Lang = frFilled ? "en" : "fr";
  return [{ path: pathOf(lang), lang }];
}

/** The English half's name of a French field: `nameFr` → `nameEn`, `metaTitleFr` → `metaTitleEn`. */
export const englishOf = (name: string) => name.replace(/Fr(?=[A-Z]|$)/, "En");

/** The declared bilingual pairs of a resource, by their French then English field names. */
export function bilingualPairsOf(resource: Resource): [fr: string, en: string][] {
  return Object.entries(resource.fields)
    .filter(([name, field]) => field.lang === "fr" && resource.fields[englishOf(name)]?.lang === "en")
    .map(([name]) => [name, englishOf(name)]);
}

type Table = { headers?: unknown; rows?: unknown };
const cellsOf = (table: Table | undefined): unknown[] => [
  ...(Array.isArray(table?.headers) ? table.headers : []),
  ...(Array.isArray(table?.rows) ? table.rows.flatMap((row) => (Array.isArray(row) ? row : [])) : []),
];

/**
 * A table's gaps: a header or cell written in one language and empty at the same place in the other, one gap per
 * language it is missing in (a table filled in French and empty in English misses its English).
 */
function tableGaps(data: unknown, path: string): TranslationGap[] {
  if (data === null || typeof data !== "object" || !("fr" in data) || !("en" in data)) return [];
  const tables = data as Record<Lang, Table>;
  const cells = { fr: cellsOf(tables.fr), en: cellsOf(tables.en) };
  const missing = LANGUAGES.filter((lang) => cells[OTHER[lang]].some((cell, i) => filled(cell) && !filled(cells[lang][i])));
  return missing.map((lang) => ({ path: `${path}.${lang}`, lang }));
}

/** One content block's gaps: its text (a table's title, an image's caption) and a table's cells. */
export function blockGaps(block: unknown, path: string): TranslationGap[] {
  if (block === null || typeof block !== "object") return [];
  const { contentFr, contentEn, tableData } = block as { contentFr?: unknown; contentEn?: unknown; tableData?: unknown };
  const suffix = { fr: "Fr", en: "En" } as const;
  return [...pairGap(contentFr, contentEn, (lang) => `${path}.content${suffix[lang]}`), ...tableGaps(tableData, `${path}.tableData`)];
}

/**
 * How a declared part holds texts to translate (`parts` of shared/resources); a part not listed here holds none
 * (`certificationIds`). translation-gaps.test.ts checks every declared part is one or the other.
 */
export const PART_GAPS: Record<string, ((value: unknown, path: string) => TranslationGap[]) | null> = {
  contentBlocks: (blocks, path) => (Array.isArray(blocks) ? blocks.flatMap((block, i) => blockGaps(block, `${path}.${i}`)) : []),
  certificationIds: null,
  applicationIds: null,
  functionIds: null,
};

/** Every missing translation of a record (a form's values, a write's data, a stored row) of `resource`, in declaration order. */
export function translationGaps(resource: Resource, record: Readonly<Record<string, unknown>>): TranslationGap[] {
  const fields = bilingualPairsOf(resource).flatMap(([fr, en]) => pairGap(record[fr], record[en], (lang) => (lang === "fr" ? fr : en)));
  const parts = (resource.parts ?? []).flatMap((part) => PART_GAPS[part]?.(record[part], part) ?? []);
  return [...fields, ...parts];
}

/** Whether a record has a missing translation: the `needs_translation` flag stored on products, categories and pages. */
export const needsTranslation = (resource: Resource, record: Readonly<Record<string, unknown>>): boolean =>
  translationGaps(resource, record).length > 0;
