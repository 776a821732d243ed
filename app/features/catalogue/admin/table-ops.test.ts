import { emptyTableData, tableDataInputSchema } from "@shared/schemas/table-data";
import { describe, expect, it } from "vitest";
import { addColumn, addRow, removeColumn, removeRow, setCell, setHeader } from "./table-ops";

const sample = () =>
  tableDataInputSchema.parse({
    fr: {
      headers: ["Paramètre", "Valeur"],
      rows: [
        ["Humidité", "12 %"],
        ["Cendres", "20 %"],
      ],
    },
    en: {
      headers: ["Parameter", "Value"],
      rows: [
        ["Moisture", "12 %"],
        ["Ash", "20 %"],
      ],
    },
  });

describe("table editing", () => {
  it("adds a column to both languages and pads every row", () => {
    const table = addColumn(sample());
    expect(table.fr.headers).toEqual(["Paramètre", "Valeur", ""]);
    expect(table.en.headers).toEqual(["Parameter", "Value", ""]);
    expect(table.fr.rows.every((row) => row.length === 3)).toBe(true);
    expect(table.en.rows.every((row) => row.length === 3)).toBe(true);
  });

  it("adds an empty row to both languages", () => {
    const table = addRow(sample());
    expect(table.fr.rows.at(-1)).toEqual(["", ""]);
    expect(table.en.rows.at(-1)).toEqual(["", ""]);
  });

  it("removes a column from both languages, keeping the others in place", () => {
    const table = removeColumn(sample(), 0);
    expect(table.fr).toEqual({ headers: ["Valeur"], rows: [["12 %"], ["20 %"]] });
    expect(table.en).toEqual({ headers: ["Value"], rows: [["12 %"], ["20 %"]] });
  });

  it("removes a row from both languages", () => {
    const table = removeRow(sample(), 1);
    expect(table.fr.rows).toEqual([["Humidité", "12 %"]]);
    expect(table.en.rows).toEqual([["Moisture", "12 %"]]);
  });

  it("never removes the last column or the last row", () => {
    const single = emptyTableData();
    expect(removeColumn(single, 0)).toBe(single);
    expect(removeRow(single, 0)).toBe(single);
  });

  it("edits a header or a cell in one language only", () => {
    const table = setCell(setHeader(sample(), "en", 1, "Typical value"), "fr", 0, 1, "11 %");
    expect(table.en.headers).toEqual(["Parameter", "Typical value"]);
    expect(table.fr.headers).toEqual(["Paramètre", "Valeur"]);
    expect(table.fr.rows[0]).toEqual(["Humidité", "11 %"]);
    expect(table.en.rows[0]).toEqual(["Moisture", "12 %"]);
  });
});
