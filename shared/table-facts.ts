import type { z } from "zod";
import { FACT_KEYS, type FactKey, type productFactsOutputSchema, shownFacts } from "./product-facts";
import type { TableData } from "./schemas/table-data";

/**
 * A product's key facts have one place to be typed (issue 32): a specification table row whose first cell names a
 * fact that is set, with another value, contradicts it and is refused on save (422 `product.table_repeats_fact`);
 * the product form shows the same warning under the table as it is typed. The same value is allowed.
 */

/** The facts' names, as the form and the page write them ("Caractéristiques" / "Key facts"). */
export const FACT_NAMES: Record<FactKey, { fr: string; en: string }> = {
  inciName: { fr: "Nom INCI", en: "INCI name" },
  casNumbers: { fr: "Numéro CAS", en: "CAS number" },
  botanicalName: { fr: "Nom botanique", en: "Botanical name" },
  origin: { fr: "Origine", en: "Origin" },
  form: { fr: "Forme", en: "Form" },
  packaging: { fr: "Conditionnement", en: "Packaging" },
  moq: { fr: "Quantité minimale de commande", en: "Minimum order quantity" },
  shelfLife: { fr: "Durée de conservation", en: "Shelf life" },
  storage: { fr: "Conditions de stockage", en: "Storage conditions" },
};

/** Other words a table's first column uses for the same fact (either language: a row is matched in both tables). */
const SYNONYMS: Record<FactKey, string[]> = {
  inciName: ["INCI", "Dénomination INCI"],
  casNumbers: ["CAS", "N° CAS", "No CAS", "Numéros CAS", "CAS No", "CAS numbers", "CAS registry number"],
  botanicalName: ["Nom latin", "Nom scientifique", "Latin name", "Scientific name"],
  origin: ["Provenance", "Pays d'origine", "Country of origin"],
  form: ["Forme physique", "Physical form"],
  packaging: ["Emballage", "Packing"],
  moq: ["Quantité minimum de commande", "Commande minimale", "Minimum order", "MOQ"],
  shelfLife: ["Durée de vie", "DLUO"],
  storage: ["Stockage", "Conditions de conservation", "Storage", "Storage condition"],
};

/** Case, accents, punctuation, spacing and a bracketed note ("(mois)") aside: "Durée de conservation :" = "duree de conservation". */
export function normalizeLabel(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\([^)]*\)/g, " ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** A value compared as written: case, accents and spacing aside ("1 500 kg" = "1500 kg", "24 mois" = "24 Mois"). */
function normalizeValue(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\s\u00a0\u202f]+/g, " ")
    .replace(/(\d) (?=\d)/g, "$1")
    .replace(/\s*([,;.:])\s*/g, "$1 ")
    .trim();
}

const FACT_OF_LABEL: ReadonlyMap<string, FactKey> = new Map(
  FACT_KEYS.flatMap((key) =>
    [FACT_NAMES[key].fr, FACT_NAMES[key].en, ...SYNONYMS[key]].map((label) => [normalizeLabel(label), key] as const),
  ),
);

/** The fact a table row's first cell names, if any. */
export const factOfLabel = (label: string): FactKey | undefined => FACT_OF_LABEL.get(normalizeLabel(label));

type Facts = z.output<typeof productFactsOutputSchema>;

/** A table row that contradicts a key fact: where it is, what it says and what the fact says (in the row's language). */
export type TableFactConflict = {
  lang: "fr" | "en";
  /** The row's position in its table's body (0 = first row under the header). */
  rowIndex: number;
  /** The row's first cell, as typed. */
  row: string;
  fact: FactKey;
  /** The row's value: its first non-empty cell after the first. */
  rowValue: string;
  /** The fact's value as the page shows it in the row's language. */
  factValue: string;
};

/**
 * Every row of `table` (both languages) whose first cell names a set fact and whose value is neither the fact's French
 * nor its English value. A row naming a fact that is not set, or with no value, contradicts nothing.
 */
export function tableFactConflicts(facts: Facts, table: TableData): TableFactConflict[] {
  const values = { fr: shownFacts(facts, "fr"), en: shownFacts(facts, "en") };
  const conflicts: TableFactConflict[] = [];
  for (const lang of ["fr", "en"] as const) {
    table[lang].rows.forEach((cells, rowIndex) => {
      const [label = "", ...rest] = cells;
      const fact = factOfLabel(label);
      const rowValue = rest.find((cell) => cell.trim() !== "")?.trim();
      if (!fact || !rowValue) return;
      const shown = values[lang].find((f) => f.key === fact);
      if (!shown) return;
      const other = values[lang === "fr" ? "en" : "fr"].find((f) => f.key === fact)?.value ?? "";
      const written = normalizeValue(rowValue);
      if (written === normalizeValue(shown.value) || written === normalizeValue(other)) return;
      conflicts.push({ lang, rowIndex, row: label.trim(), fact, rowValue, factValue: shown.value });
    });
  }
  return conflicts;
}

/** The first conflicting row of a product's table blocks, with its block's position, or undefined when none contradicts a fact. */
export function firstTableFactConflict(
  facts: Facts,
  blocks: readonly { type: string; tableData?: TableData | null | undefined }[],
): (TableFactConflict & { blockIndex: number }) | undefined {
  for (const [blockIndex, block] of blocks.entries()) {
    if (block.type !== "table" || !block.tableData) continue;
    const [conflict] = tableFactConflicts(facts, block.tableData);
    if (conflict) return { ...conflict, blockIndex };
  }
  return undefined;
}

/** What a refused save (`product.table_repeats_fact`) and the form's warning under the table say, in `lang`. */
export type TableFactConflictParams = { row: string; fact: FactKey; value: string };

export function tableFactConflictText({ row, fact, value }: TableFactConflictParams, lang: "fr" | "en"): string {
  return lang === "fr"
    ? `La ligne «\u00a0${row}\u00a0» du tableau répète la caractéristique «\u00a0${FACT_NAMES[fact].fr}\u00a0» avec une autre valeur (${value})\u00a0: saisissez-la seulement dans les caractéristiques.`
    : `The table row “${row}” repeats the key fact “${FACT_NAMES[fact].en}” with another value (${value}): enter it in the key facts only.`;
}
