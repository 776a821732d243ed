import { describe, expect, it } from "vitest";
import { EMPTY_FACTS } from "./product-facts";
import type { TableData } from "./schemas/table-data";
import { factOfLabel, firstTableFactConflict, tableFactConflicts, tableFactConflictText } from "./table-facts";

const FACTS = {
  ...EMPTY_FACTS,
  packagingFr: "Sacs kraft doublés PE de 10 kg",
  packagingEn: "10 kg PE-lined kraft bags",
  originFr: "Bizerte, Tunisie",
  shelfLifeMonths: 18,
  moqQuantity: 1500,
  moqUnit: "kg" as const,
};

const table = (frRows: string[][], enRows: string[][] = []): TableData => ({
  fr: { headers: ["Paramètre", "Valeur", "Méthode"], rows: frRows },
  en: { headers: ["Parameter", "Value", "Method"], rows: enRows },
});

describe("factOfLabel", () => {
  it.each([
    ["Durée de conservation", "shelfLife"],
    ["durée de conservation (mois) :", "shelfLife"],
    ["SHELF LIFE", "shelfLife"],
    ["Duree de vie", "shelfLife"],
    ["Conditionnement", "packaging"],
    ["Emballage", "packaging"],
    ["Packaging:", "packaging"],
    ["Origine", "origin"],
    ["Country of origin", "origin"],
    ["N° CAS", "casNumbers"],
    ["Nom INCI", "inciName"],
    ["Minimum order quantity", "moq"],
    ["Conditions de stockage", "storage"],
    ["Nom botanique", "botanicalName"],
    ["Forme", "form"],
  ] as const)("reads %j as the fact %s (case, accents, punctuation and a bracketed note aside)", (label, fact) => {
    expect(factOfLabel(label)).toBe(fact);
  });

  it.each(["Humidité", "Saison de récolte", "Présentation", "Aspect", "Origine des données brutes", ""])("reads %j as no fact", (label) => {
    expect(factOfLabel(label)).toBeUndefined();
  });
});

describe("tableFactConflicts", () => {
  it.each([
    {
      name: "a French row with another shelf life",
      table: table([["Durée de conservation", "24 mois", "—"]]),
      expected: [{ lang: "fr", rowIndex: 0, row: "Durée de conservation", fact: "shelfLife", rowValue: "24 mois", factValue: "18 mois" }],
    },
    {
      name: "an English row with other packaging",
      table: table(
        [],
        [
          ["Moisture", "≤ 10%"],
          ["Packaging", "10 kg bags in cartons", "—"],
        ],
      ),
      expected: [
        {
          lang: "en",
          rowIndex: 1,
          row: "Packaging",
          fact: "packaging",
          rowValue: "10 kg bags in cartons",
          factValue: "10 kg PE-lined kraft bags",
        },
      ],
    },
    {
      name: "an English row against a fact written in French only (the English page shows the French one)",
      table: table([], [["Origin", "Tunis, Tunisia"]]),
      expected: [{ lang: "en", rowIndex: 0, row: "Origin", fact: "origin", rowValue: "Tunis, Tunisia", factValue: "Bizerte, Tunisie" }],
    },
  ])("finds $name", ({ table: data, expected }) => {
    expect(tableFactConflicts(FACTS, data)).toEqual(expected);
  });

  it.each([
    { name: "the same value, written with other case, accents and spaces", table: table([["Durée de conservation", "18 MOIS"]]) },
    { name: "the same quantity with or without a thousands space", table: table([["Quantité minimale de commande", "1500 kg"]]) },
    { name: "the fact's value in the other language", table: table([["Conditionnement", "10 kg PE-lined kraft bags"]]) },
    { name: "a row naming a fact that is not set", table: table([["Nom INCI", "Crithmum Maritimum Extract"]]) },
    { name: "a fact row with no value", table: table([["Conditionnement", "", ""]]) },
    {
      name: "rows that name no fact",
      table: table([
        ["Humidité", "≤ 10 %"],
        ["Saison de récolte", "Juin – septembre"],
      ]),
    },
    {
      name: "a fact named only in the header row",
      table: { fr: { headers: ["Conditionnement"], rows: [["Sacs"]] }, en: { headers: [""], rows: [[""]] } },
    },
  ])("accepts $name", ({ table: data }) => {
    expect(tableFactConflicts(FACTS, data)).toEqual([]);
  });
});

describe("firstTableFactConflict", () => {
  it("names the first table block that contradicts a fact, counting every block", () => {
    const blocks = [
      { type: "text", tableData: null },
      { type: "table", tableData: table([["Humidité", "≤ 10 %"]]) },
      { type: "table", tableData: table([["Conditionnement", "Cartons de 5 kg"]]) },
    ];
    expect(firstTableFactConflict(FACTS, blocks)).toMatchObject({ blockIndex: 2, row: "Conditionnement", fact: "packaging" });
    expect(firstTableFactConflict(FACTS, blocks.slice(0, 2))).toBeUndefined();
  });
});

describe("tableFactConflictText", () => {
  it("names the row, the fact and the fact's value in both languages", () => {
    const params = { row: "Durée", fact: "shelfLife", value: "18 mois" } as const;
    expect(tableFactConflictText(params, "fr")).toBe(
      "La ligne «\u00a0Durée\u00a0» du tableau répète la caractéristique «\u00a0Durée de conservation\u00a0» avec une autre valeur (18 mois)\u00a0: saisissez-la seulement dans les caractéristiques.",
    );
    expect(tableFactConflictText({ ...params, row: "Shelf-life", value: "18 months" }, "en")).toBe(
      "The table row “Shelf-life” repeats the key fact “Shelf life” with another value (18 months): enter it in the key facts only.",
    );
  });
});
