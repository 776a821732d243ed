import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * Accented letters and their plain form, both cases, for PostgreSQL's translate(). PostgreSQL's lower() leaves
 * non-ASCII letters alone under the C locale (PGlite's), and unaccent is an extension we cannot count on, so
 * accents are folded by this table on both sides: in SQL over the stored text, and in JS over the search words.
 */
const ACCENTED = "àâäáãåÀÂÄÁÃÅçÇéèêëÉÈÊËîïíìÎÏÍÌôöóòõÔÖÓÒÕùûüúÙÛÜÚÿýŸÝñÑ";
const PLAIN = "aaaaaaaaaaaacceeeeeeeeiiiiiiiioooooooooouuuuuuuuyyyynn";
const LIGATURES: [string, string][] = [
  ["œ", "oe"],
  ["Œ", "oe"],
  ["æ", "ae"],
  ["Æ", "ae"],
];

const FOLD = new Map([...ACCENTED].map((char, i) => [char, PLAIN[i] ?? char]));

/** Text folded as the SQL side folds it: accents and ligatures removed, lower case. */
export function foldText(text: string): string {
  let folded = [...text].map((char) => FOLD.get(char) ?? char).join("");
  for (const [from, to] of LIGATURES) folded = folded.replaceAll(from, to);
  return folded.toLowerCase();
}

/** The same folding in SQL over `column`. */
export function foldedColumn(column: AnyPgColumn): SQL {
  let expression: SQL = sql`translate(${column}, ${ACCENTED}, ${PLAIN})`;
  for (const [from, to] of LIGATURES) expression = sql`replace(${expression}, ${from}, ${to})`;
  return sql`lower(${expression})`;
}

/** A LIKE pattern that finds `words` anywhere, with `\`, `%` and `_` taken literally. */
export function containsPattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `column` (folded) contains the folded `query`, as plain text. */
export function folds(column: AnyPgColumn, query: string): SQL {
  return sql`${foldedColumn(column)} like ${containsPattern(foldText(query))} escape '\\'`;
}
