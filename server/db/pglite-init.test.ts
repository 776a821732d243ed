import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { isInitialized } from "./pglite-init";

describe("a new embedded database", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "marine-algae-init-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("is created by a child process, then opened, migrated and written to by this one", async () => {
    const dir = path.join(dataDir, "pglite");
    expect(isInitialized(dir)).toBe(false);
    const database = await openDatabase({ dataDir });
    try {
      expect(isInitialized(dir)).toBe(true);
      await database.migrate();
      await database.db.execute(sql`create table probe (n int)`);
      await database.db.execute(sql`insert into probe values (42)`);
      const result = (await database.db.execute(sql`select n from probe`)) as { rows: { n: number }[] };
      expect(result.rows).toEqual([{ n: 42 }]);
    } finally {
      await database.close();
    }
    expect(readdirSync(dir)).toContain("base");
  }, 120_000);

  it("opens an existing one again without re-creating it (its content is kept)", async () => {
    const database = await openDatabase({ dataDir });
    try {
      const result = (await database.db.execute(sql`select n from probe`)) as { rows: { n: number }[] };
      expect(result.rows).toEqual([{ n: 42 }]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
