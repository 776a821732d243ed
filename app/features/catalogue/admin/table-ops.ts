import type { LanguageTable, TableData } from "@shared/schemas/table-data";

export type TableLang = keyof TableData;

function mapBoth(table: TableData, fn: (t: LanguageTable) => LanguageTable): TableData {
  return { fr: fn(table.fr), en: fn(table.en) };
}

/** Adds an empty column at the end, in both languages (docs/product.md, "Produits"). */
export function addColumn(table: TableData): TableData {
  return mapBoth(table, (t) => ({ headers: [...t.headers, ""], rows: t.rows.map((row) => [...row, ""]) }));
}

/** Adds an empty row at the end, in both languages. */
export function addRow(table: TableData): TableData {
  return mapBoth(table, (t) => ({ headers: t.headers, rows: [...t.rows, t.headers.map(() => "")] }));
}

/** Removes a column in both languages; the last remaining column stays. */
export function removeColumn(table: TableData, index: number): TableData {
  if (table.fr.headers.length <= 1) return table;
  return mapBoth(table, (t) => ({
    headers: t.headers.filter((_, i) => i !== index),
    rows: t.rows.map((row) => row.filter((_, i) => i !== index)),
  }));
}

/** Removes a row in both languages; the last remaining row stays. */
export function removeRow(table: TableData, index: number): TableData {
  if (table.fr.rows.length <= 1) return table;
  return mapBoth(table, (t) => ({ headers: t.headers, rows: t.rows.filter((_, i) => i !== index) }));
}

export function setHeader(table: TableData, lang: TableLang, index: number, value: string): TableData {
  return { ...table, [lang]: { ...table[lang], headers: table[lang].headers.map((h, i) => (i === index ? value : h)) } };
}

export function setCell(table: TableData, lang: TableLang, row: number, column: number, value: string): TableData {
  const rows = table[lang].rows.map((cells, r) => (r === row ? cells.map((c, i) => (i === column ? value : c)) : cells));
  return { ...table, [lang]: { ...table[lang], rows } };
}
