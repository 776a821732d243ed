import { z } from "zod";

const cell = z.string().max(500);
const languageTableInput = z.object({
  headers: z.array(cell).max(20).default([]),
  rows: z.array(z.array(cell).max(20)).max(200).default([]),
});
export const languageTableSchema = z.object({ headers: z.array(z.string()), rows: z.array(z.array(z.string())) });
export type LanguageTable = z.output<typeof languageTableSchema>;
/** A table block's data as answered: both languages, normalized. */
export const tableDataSchema = z.object({ fr: languageTableSchema, en: languageTableSchema });
export type TableData = z.output<typeof tableDataSchema>;

/** docs/product.md, "Content block": at least one header and one row; rows padded or trimmed to the header count. */
export function normalizeLanguageTable(table: Partial<LanguageTable> | undefined): LanguageTable {
  const headers = table?.headers && table.headers.length > 0 ? [...table.headers] : [""];
  const sourceRows = table?.rows && table.rows.length > 0 ? table.rows : [[]];
  const rows = sourceRows.map((row) => headers.map((_, i) => row[i] ?? ""));
  return { headers, rows };
}

/** Accepts the bilingual shape or the legacy single-language one (copied to both languages). */
export const tableDataInputSchema = z
  .union([z.object({ fr: languageTableInput, en: languageTableInput }), languageTableInput.extend({ headers: z.array(cell).max(20) })])
  .transform((value): TableData => {
    if ("fr" in value) {
      return { fr: normalizeLanguageTable(value.fr), en: normalizeLanguageTable(value.en) };
    }
    const single = normalizeLanguageTable(value);
    return { fr: single, en: normalizeLanguageTable(single) };
  });

export function emptyTableData(): TableData {
  return { fr: normalizeLanguageTable(undefined), en: normalizeLanguageTable(undefined) };
}
