import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { copyTemplate } from "../../test/template-db";
import { openDatabase } from "./client";
import { PGLITE_SETTINGS } from "./pglite-settings";

describe("the embedded database", () => {
  const dataDir = copyTemplate(inject("pgliteTemplate"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("runs with the small memory settings (shared_buffers, work_mem…) instead of PostgreSQL's server defaults", async () => {
    const database = await openDatabase({ dataDir });
    try {
      for (const [name, value] of Object.entries(PGLITE_SETTINGS)) {
        const result = (await database.db.execute(sql.raw(`show ${name}`))) as { rows: Record<string, string>[] };
        expect(result.rows[0]?.[name], name).toBe(value);
      }
    } finally {
      await database.close();
    }
  });
});
