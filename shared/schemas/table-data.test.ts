import { describe, expect, it } from "vitest";
import { emptyTableData, normalizeLanguageTable, tableDataInputSchema } from "./table-data";

describe("normalizeLanguageTable", () => {
  it("gives a missing table one empty header and one empty row", () => {
    expect(normalizeLanguageTable(undefined)).toEqual({ headers: [""], rows: [[""]] });
    expect(normalizeLanguageTable({ headers: [], rows: [] })).toEqual({ headers: [""], rows: [[""]] });
  });

  it("adds one empty row when headers exist but no row does", () => {
    expect(normalizeLanguageTable({ headers: ["A", "B"], rows: [] })).toEqual({ headers: ["A", "B"], rows: [["", ""]] });
  });

  it("pads short rows and trims long rows to the header count", () => {
    const table = normalizeLanguageTable({ headers: ["A", "B", "C"], rows: [["1"], ["1", "2", "3", "4", "5"]] });
    expect(table.rows).toEqual([
      ["1", "", ""],
      ["1", "2", "3"],
    ]);
  });

  it("does not share arrays with its input", () => {
    const input = { headers: ["A"], rows: [["1"]] };
    const table = normalizeLanguageTable(input);
    table.headers.push("B");
    table.rows[0]?.push("2");
    expect(input).toEqual({ headers: ["A"], rows: [["1"]] });
  });
});

describe("tableDataInputSchema", () => {
  it("copies the legacy single-language shape to both languages as independent tables", () => {
    const data = tableDataInputSchema.parse({ headers: ["Nom", "Valeur"], rows: [["pH", "7"]] });
    expect(data.fr).toEqual({ headers: ["Nom", "Valeur"], rows: [["pH", "7"]] });
    expect(data.en).toEqual(data.fr);
    data.en.headers[0] = "Name";
    expect(data.fr.headers[0]).toBe("Nom");
  });

  it("keeps each language of the bilingual shape and normalises both", () => {
    const data = tableDataInputSchema.parse({
      fr: { headers: ["Nom", "Valeur"], rows: [["pH"]] },
      en: { headers: ["Name"], rows: [["pH", "7", "extra"]] },
    });
    expect(data).toEqual({
      fr: { headers: ["Nom", "Valeur"], rows: [["pH", ""]] },
      en: { headers: ["Name"], rows: [["pH"]] },
    });
  });

  it("gives empty languages at least one header and one row", () => {
    expect(tableDataInputSchema.parse({ fr: {}, en: { headers: [], rows: [] } })).toEqual(emptyTableData());
    expect(tableDataInputSchema.parse({ headers: [] })).toEqual(emptyTableData());
  });

  it("drops unknown keys", () => {
    const data = tableDataInputSchema.parse({ headers: ["A"], rows: [["1"]], evil: "<script>" });
    expect(Object.keys(data).sort()).toEqual(["en", "fr"]);
    expect(Object.keys(data.fr).sort()).toEqual(["headers", "rows"]);
  });

  it("refuses shapes that are neither bilingual nor legacy, and oversized cells", () => {
    expect(tableDataInputSchema.safeParse({ fr: { headers: ["A"] } }).success).toBe(false);
    expect(tableDataInputSchema.safeParse({ rows: [["1"]] }).success).toBe(false);
    expect(tableDataInputSchema.safeParse({ headers: [1, 2] }).success).toBe(false);
    expect(tableDataInputSchema.safeParse({ headers: ["x".repeat(501)] }).success).toBe(false);
  });
});
