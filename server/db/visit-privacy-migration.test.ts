import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { MIGRATIONS_DIR } from "../paths";
import { analyticsVisits } from "./schema/index";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ withAdmin: false });
});
afterAll(() => ctx.close());

/** The statements of migration 0004 that trim visits recorded before referrers were kept as origin and path. */
function trimStatements(): string[] {
  const text = readFileSync(path.join(MIGRATIONS_DIR, "0004_security_sessions_privacy.sql"), "utf8");
  return text
    .split("--> statement-breakpoint")
    .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
    .filter((statement) => statement.startsWith('UPDATE "analytics_visits"'));
}

describe("migration 0004 on visits recorded earlier", () => {
  it("keeps only the referrer's origin and path and the page's path, and leaves clean rows alone", async () => {
    const rows = [
      ["/produits?email=a@b.c#x", "https://mail.example.com/inbox?email=a@b.c&token=x#frag", "/produits", "https://mail.example.com/inbox"],
      ["/", "https://user:pw@host.example/p?q=1", "/", "https://host.example/p"],
      ["?utm_source=x", "android-app://com.google.android.gm/", "/", ""],
      ["/contact", "https://www.google.com/", "/contact", "https://www.google.com/"],
      ["/category/les-algues", "", "/category/les-algues", ""],
    ] as const;
    await ctx.database.db.insert(analyticsVisits).values(rows.map(([pagePath, referrer]) => ({ pagePath, referrer, visitorHash: "h" })));
    const statements = trimStatements();
    expect(statements).toHaveLength(2);
    for (const statement of statements) await ctx.database.db.execute(sql.raw(statement));
    const stored = await ctx.database.db
      .select({ pagePath: analyticsVisits.pagePath, referrer: analyticsVisits.referrer })
      .from(analyticsVisits);
    const sorted = (list: { pagePath: string; referrer: string }[]) => list.map((row) => JSON.stringify(row)).sort();
    expect(sorted(stored)).toEqual(sorted(rows.map(([, , pagePath, referrer]) => ({ pagePath, referrer }))));
  });
});
