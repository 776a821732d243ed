import { type SQL, sql } from "drizzle-orm";

/**
 * Accented letters and their plain form, both cases, for PostgreSQL's translate(). PostgreSQL's lower() leaves
 * non-ASCII letters alone under the C locale (PGlite's), and unaccent is not IMMUTABLE (it cannot feed a stored
 * column), so accents are folded by this table on both sides: in SQL into the stored search text, and in JS over the
 * searched words.
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

/** The same folding in SQL over an expression; only IMMUTABLE functions, so it may define a stored column. */
export function foldedSql(expression: SQL): SQL {
  let folded: SQL = sql`translate(${expression}, '${sql.raw(ACCENTED)}', '${sql.raw(PLAIN)}')`;
  for (const [from, to] of LIGATURES) folded = sql`replace(${folded}, '${sql.raw(from)}', '${sql.raw(to)}')`;
  return sql`lower(${folded})`;
}
