import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { analyticsVisits } from "../db/schema/index";
import { createDbUpkeep } from "./db-upkeep";

/** The embedded database's upkeep (decision 0129), on PGlite; on PostgreSQL, whose autovacuum does it, nothing. */

let ctx: TestContext;
const logged: object[] = [];
const log = { error: (obj: object) => logged.push(obj), info: (obj: object) => logged.push(obj) };

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await ctx.database.db.execute(query)) as unknown as Rows<T>).rows;

/** When a table was last vacuumed and analyzed by hand (null: never). */
async function lookedAfter(table: string) {
  const [row] = await rowsOf<{ vacuumed: string | null; analyzed: string | null }>(
    sql`select last_vacuum::text as vacuumed, last_analyze::text as analyzed from pg_stat_user_tables where relname = ${table}`,
  );
  return row;
}

/** How many table rows an index-only scan of the visits' day index still had to read. */
async function heapFetches(): Promise<number> {
  const [row] = await rowsOf<{ "QUERY PLAN": unknown }>(
    sql`explain (analyze, format json) select count(*) from ${analyticsVisits} where ${analyticsVisits.createdAt} >= '2000-01-01'`,
  );
  const plan = JSON.stringify(row?.["QUERY PLAN"]);
  return [...plan.matchAll(/"Heap Fetches":\s*(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
}

beforeAll(async () => {
  ctx = await createTestContext();
  // The app's own upkeep stops first: its start-up analyze, late on a busy machine, or a vacuum after its rollups'
  // pruning would otherwise look after the visits below before the upkeep under test does.
  await ctx.app.services.upkeep.job.stop();
  // About 3 MB of visits, a third of them deleted as the retention job would: a table worth looking after.
  await ctx.database.db.execute(sql`
    insert into ${analyticsVisits} (page_path, referrer, visitor_hash, lang, device, created_at)
    select '/product/p-' || n, '', md5(n::text), 'fr', 'desktop', now() - n * interval '1 minute'
    from generate_series(1, 20000) as n`);
  await ctx.database.db.execute(sql`delete from ${analyticsVisits} where page_path like '%0' or page_path like '%5'`);
  // The plan an index read of many rows would take on a large table: the index alone.
  await ctx.database.db.execute(sql`set enable_seqscan = off`);
  await ctx.database.db.execute(sql`set enable_bitmapscan = off`);
}, 120_000);
afterAll(() => ctx.close());

describe("database upkeep", () => {
  it("at start, analyzes the tables of 1 MB or more never analyzed (an upgrade's raw visits), on PGlite only", async () => {
    const upkeep = createDbUpkeep(ctx.database.db, log);
    upkeep.job.start();
    await upkeep.settled();
    await upkeep.job.stop();
    const visits = await lookedAfter("analytics_visits");
    if (ctx.database.kind === "postgres") return expect(upkeep.health.lastRunAt).toBeNull();
    expect(visits).toMatchObject({ vacuumed: null, analyzed: expect.any(String) });
    expect(logged).toContainEqual(expect.objectContaining({ event: "database.upkeep_analyzed", tables: ["analytics_visits"] }));
  });

  it("on PGlite vacuums and analyzes the tables of 1 MB or more, one at a time, and leaves small ones alone; on PostgreSQL does nothing", async () => {
    const upkeep = createDbUpkeep(ctx.database.db, log);
    const done = await upkeep.vacuum();
    if (ctx.database.kind === "postgres") {
      expect(done).toBe(0);
      expect(upkeep.health.lastRunAt).toBeNull();
      return;
    }
    expect(done).toBeGreaterThanOrEqual(1);
    expect(await lookedAfter("analytics_visits")).toMatchObject({ vacuumed: expect.any(String) });
    expect(await lookedAfter("redirects")).toMatchObject({ vacuumed: null, analyzed: null });
    expect(upkeep.health).toMatchObject({ lastRunAt: expect.any(Number), tables: done });
    expect(logged).toContainEqual(
      expect.objectContaining({ event: "database.upkeep_vacuumed", tables: expect.arrayContaining(["analytics_visits"]) }),
    );
  });

  it.runIf(process.env.TEST_DATABASE_URL === undefined || process.env.TEST_DATABASE_URL === "")(
    "after it, an index-only scan of the visits reads no table page (the visibility map is set)",
    async () => {
      await ctx.database.db.execute(
        sql`insert into ${analyticsVisits} (page_path, referrer, visitor_hash, created_at) values ('/', '', 'x', now())`,
      );
      expect(await heapFetches()).toBeGreaterThan(0);
      await createDbUpkeep(ctx.database.db, log).vacuum(["analytics_visits"]);
      expect(await heapFetches()).toBe(0);
    },
  );
});
