import { inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { analyticsDaily, analyticsVisits, settings } from "../db/schema/index";
import { CATCH_UP_FROM_KEY, CATCH_UP_THROUGH_KEY, createAnalyticsRollup, daysFrom, ROLLUP_MARKER_KEY, utcDay } from "./analytics-rollup";

const ALL_FIGURES = { visits: true, messages: true, products: true };
const DAY_MS = 24 * 60 * 60 * 1000;

type GeneratedVisit = {
  daysAgo: number;
  /** Milliseconds into that day. */
  at: number;
  visitor: string;
  pagePath: string;
  lang: "fr" | "en" | null;
  device: "phone" | "tablet" | "desktop" | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
};

// Plain lower-case values: ties are broken by value, and these sort alike under every collation.
const visitArbitrary: fc.Arbitrary<GeneratedVisit> = fc.record({
  daysAgo: fc.integer({ min: 0, max: 100 }),
  at: fc.integer({ min: 0, max: DAY_MS - 1 }),
  visitor: fc.constantFrom("va", "vb", "vc", "vd"),
  pagePath: fc.constantFrom("/", "/contact", "/product/ulva", "/product/codium", "/category/les-algues"),
  lang: fc.constantFrom("fr" as const, "en" as const, null),
  device: fc.constantFrom("phone" as const, "tablet" as const, "desktop" as const, null),
  referrerHost: fc.constantFrom("alpha.com", "beta.org", "gamma.net", null),
  utmSource: fc.constantFrom("mail", "news", null),
  utmCampaign: fc.constantFrom("printemps", "salon", null),
});

/** What the report must say, counted here from the raw visits. */
function expectedReport(visits: GeneratedVisit[], now: number, days: number) {
  const from = utcDay(now - (days - 1) * DAY_MS);
  const inRange = visits.map((visit) => ({ ...visit, day: utcDay(dayStart(now, visit.daysAgo) + visit.at) })).filter((v) => v.day >= from);
  const tally = (key: (v: (typeof inRange)[number]) => string | null) => {
    const counts = new Map<string, number>();
    for (const visit of inRange) {
      const value = key(visit);
      if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return [...counts]
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
      .slice(0, 10)
      .map(([value, count]) => ({ value, count }));
  };
  const perDay = new Map<string, { visits: number; visitors: Set<string> }>();
  for (const visit of inRange) {
    const entry = perDay.get(visit.day) ?? { visits: 0, visitors: new Set<string>() };
    entry.visits += 1;
    entry.visitors.add(visit.visitor);
    perDay.set(visit.day, entry);
  }
  return {
    byDay: [...perDay].map(([day, entry]) => ({ day, visits: entry.visits, uniqueVisitors: entry.visitors.size })),
    referrers: tally((v) => v.referrerHost),
    utmSources: tally((v) => v.utmSource),
    utmCampaigns: tally((v) => v.utmCampaign),
    languages: tally((v) => v.lang ?? "unknown"),
    devices: tally((v) => v.device ?? "unknown"),
    products: tally((v) => (v.pagePath.startsWith("/product/") ? v.pagePath.slice("/product/".length) : null)),
  };
}

const dayStart = (now: number, daysAgo: number) => Date.parse(`${utcDay(now - daysAgo * DAY_MS)}T00:00:00.000Z`);

describe("analytics daily rollups", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ withAdmin: false });
  });
  afterAll(() => ctx.close());

  async function reset(visits: GeneratedVisit[], now: number) {
    const { db } = ctx.database;
    await db.delete(analyticsVisits);
    await db.delete(analyticsDaily);
    await db.delete(settings).where(inArray(settings.key, [ROLLUP_MARKER_KEY, CATCH_UP_FROM_KEY, CATCH_UP_THROUGH_KEY]));
    if (visits.length === 0) return;
    await db.insert(analyticsVisits).values(
      visits.map((visit) => ({
        pagePath: visit.pagePath,
        visitorHash: visit.visitor,
        lang: visit.lang,
        device: visit.device,
        referrerHost: visit.referrerHost,
        utmSource: visit.utmSource,
        utmCampaign: visit.utmCampaign,
        // Today's visits can only be in the past.
        createdAt: new Date(Math.min(dayStart(now, visit.daysAgo) + visit.at, now - 1)).toISOString(),
      })),
    );
  }

  it("reports what counting the raw visits reports, whatever the visits and however far the rollup had gone", async () => {
    const { analytics } = ctx.app.services;
    await fc.assert(
      fc.asyncProperty(fc.array(visitArbitrary, { maxLength: 120 }), fc.integer({ min: 0, max: 100 }), async (visits, rolledDaysAgo) => {
        const now = Date.now();
        await reset(visits, now);
        // An earlier rollup (as a server running `rolledDaysAgo` days ago would have made), then the report rolls the rest.
        await analytics.rollup.rollUp(now - rolledDaysAgo * DAY_MS);
        const report = await analytics.report(90);
        const expected = expectedReport(
          visits.map((v) => (dayStart(now, v.daysAgo) + v.at >= now ? { ...v, at: now - 1 - dayStart(now, v.daysAgo) } : v)),
          now,
          90,
        );
        const reportedDays = report.byDay.filter((d) => d.visits > 0);
        expect(reportedDays).toEqual(expected.byDay.sort((a, b) => (a.day < b.day ? -1 : 1)));
        expect(report.referrers.map((r) => ({ value: r.host, count: r.visits }))).toEqual(expected.referrers);
        expect(report.utmSources.map((r) => ({ value: r.source, count: r.visits }))).toEqual(expected.utmSources);
        expect(report.utmCampaigns.map((r) => ({ value: r.campaign, count: r.visits }))).toEqual(expected.utmCampaigns);
        expect(report.languages.map((r) => ({ value: r.lang, count: r.visits }))).toEqual(expected.languages);
        expect(report.devices.map((r) => ({ value: r.device, count: r.visits }))).toEqual(expected.devices);
        expect(report.products.map((r) => ({ value: r.slug, count: r.visits }))).toEqual(expected.products);
        expect((await analytics.summary(ALL_FIGURES)).totalVisits).toBe(visits.length);
      }),
      { numRuns: 25 },
    );
  });

  it("deletes raw visits past the retention once rolled up, and the report still counts them", async () => {
    const { analytics } = ctx.app.services;
    const now = Date.now();
    const old = {
      daysAgo: 400,
      at: 1000,
      visitor: "va",
      pagePath: "/",
      lang: null,
      device: null,
      referrerHost: null,
      utmSource: null,
      utmCampaign: null,
    };
    await reset([old, { ...old, daysAgo: 1 }, { ...old, daysAgo: 0 }], now);
    const deleted = await analytics.rollup.prune(now);
    expect(deleted).toBe(1);
    expect(await ctx.database.db.$count(analyticsVisits)).toBe(2);
    expect((await analytics.summary(ALL_FIGURES)).totalVisits).toBe(3);
  });

  /** `perDay` visits on each of the `days` days before today (noon, UTC), three visitors, four devices (one unknown). */
  async function insertPastDays(days: number, perDay: number) {
    const now = Date.now();
    const rows = Array.from({ length: days * perDay }, (_, n) => ({
      pagePath: `/page-${n % 7}`,
      visitorHash: `v${n % 3}`,
      device: (["phone", "tablet", "desktop", null] as const)[n % 4] ?? null,
      createdAt: new Date(dayStart(now, 1 + Math.floor(n / perDay)) + DAY_MS / 2 + (n % perDay)).toISOString(),
    }));
    await reset([], now);
    for (let i = 0; i < rows.length; i += 1_000) await ctx.database.db.insert(analyticsVisits).values(rows.slice(i, i + 1_000));
  }

  /** Per rolled day: the total row's visits and visitors, and the sum of its device rows. */
  async function rolledDays() {
    const result = (await ctx.database.db.execute(sql`
      select day::text as day,
             sum(visits) filter (where dimension = 'total')::int as visits,
             sum(visitors) filter (where dimension = 'total')::int as visitors,
             sum(visits) filter (where dimension = 'device')::int as devices
      from ${analyticsDaily} group by day order by day`)) as unknown as {
      rows: { day: string; visits: number; visitors: number; devices: number }[];
    };
    return result.rows;
  }

  const newRollup = () => createAnalyticsRollup(ctx.database.db, { rawRetentionDays: 10_000, log: { error: () => {}, info: () => {} } });

  it("deletes in batches every raw visit past the retention, and none within it", async () => {
    // 70 days of 100 visits, kept 10 days: 6,000 visits to delete, more than one batch.
    await insertPastDays(70, 100);
    const rollup = createAnalyticsRollup(ctx.database.db, { rawRetentionDays: 10, log: { error: () => {}, info: () => {} } });
    const now = Date.now();
    const keptFrom = new Date(dayStart(now, 10)).toISOString();
    const expired = await ctx.database.db.$count(analyticsVisits, sql`${analyticsVisits.createdAt} < ${keptFrom}`);
    expect(expired).toBeGreaterThan(5_000);
    expect(await rollup.prune(now)).toBe(expired);
    expect(await ctx.database.db.$count(analyticsVisits)).toBe(7_000 - expired);
    expect(await ctx.database.db.$count(analyticsVisits, sql`${analyticsVisits.createdAt} < ${keptFrom}`)).toBe(0);
    expect(await rolledDays()).toHaveLength(70);
  });

  it("resumes a catch-up stopped by a failed step where it stopped, in a new process, and counts every day once", async () => {
    await insertPastDays(60, 100);
    const first = newRollup();
    let steps = 0;
    first.hooks.beforeStep = async () => {
      steps += 1;
      // The third step (after the claim and one batch) fails half-way, like a process killed inside its transaction.
      if (steps === 3)
        await ctx.database.db.execute(sql`
          create function fail_device_rollup() returns trigger language plpgsql as $$ begin raise exception 'step cut'; end $$;
          create trigger fail_device_rollup before insert on analytics_daily
            for each row when (new.dimension = 'device') execute function fail_device_rollup();`);
    };
    try {
      await expect(first.rollUp()).rejects.toThrow();
    } finally {
      await ctx.database.db.execute(
        sql`drop trigger if exists fail_device_rollup on analytics_daily; drop function if exists fail_device_rollup();`,
      );
    }
    const stopped = await first.rolledState();
    expect(stopped.catchingUp).not.toBeNull();
    // Nothing of the failed step is left: every rolled day is after the days still to count, and complete.
    const partly = await rolledDays();
    expect(partly.length).toBeGreaterThan(0);
    expect(partly.filter((row) => row.day <= (stopped.catchingUp?.through ?? ""))).toEqual([]);
    expect(partly.filter((row) => row.visits !== 100 || row.devices !== 100)).toEqual([]);

    const restarted = newRollup();
    await restarted.rollUp();
    expect((await restarted.rolledState()).catchingUp).toBeNull();
    const rows = await rolledDays();
    expect(rows).toHaveLength(60);
    expect(rows.filter((row) => row.visits !== 100 || row.visitors !== 3 || row.devices !== 100)).toEqual([]);
  });

  it("shares one catch-up between instances on the same database: each day is counted by one of them", async () => {
    await insertPastDays(40, 150);
    const [a, b] = [newRollup(), newRollup()];
    const [byA, byB] = await Promise.all([a.rollUp(), b.rollUp()]);
    const rows = await rolledDays();
    expect(rows).toHaveLength(40);
    expect(rows.filter((row) => row.visits !== 150)).toEqual([]);
    const first = rows[0]?.day ?? "";
    expect(byA + byB).toBe(daysFrom(first, utcDay(Date.now() - DAY_MS - 5 * 60_000)));
  });
});
