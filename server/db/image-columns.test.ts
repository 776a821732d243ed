import { getTableColumns, is } from "drizzle-orm";
import { getTableConfig, PgTable, PgText } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { imageColumns } from "./image-columns";
import { PgImageUrl } from "./schema/columns";
import * as schema from "./schema/index";

const SAYS_IMAGE = /image|logo|cover|photo|picture/i;

describe("image columns", () => {
  it("are every column whose name says image, logo, cover, photo or picture, each declared with imageUrl()", () => {
    const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));
    const named = tables.flatMap((table) =>
      Object.values(getTableColumns(table))
        .filter((column) => SAYS_IMAGE.test(column.name))
        .map((column) => ({ where: `${getTableConfig(table).name}.${column.name}`, declared: is(column, PgImageUrl) })),
    );
    expect(named.length).toBeGreaterThanOrEqual(8);
    for (const { where, declared } of named) expect(declared, `${where} must be declared with imageUrl(…)`).toBe(true);
    const found = imageColumns().map(({ tableName, columnName }) => `${tableName}.${columnName}`);
    expect(found.sort()).toEqual(named.map(({ where }) => where).sort());
  });

  it("are found by imageColumns() in every content table, and stay plain text columns for SQL and migrations", () => {
    const found = imageColumns();
    expect(new Set(found.map((c) => c.tableName))).toEqual(
      new Set(["products", "content_blocks", "categories", "banners", "partners", "certifications"]),
    );
    for (const { column } of found) {
      expect(is(column, PgText)).toBe(true);
      expect(column.getSQLType()).toBe("text");
      expect(column.columnType).toBe("PgText");
    }
  });
});
