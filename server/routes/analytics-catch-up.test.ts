import { LIMITS } from "@shared/limits";
import type { AnalyticsReport, AnalyticsStats, DashboardSummary } from "@shared/schemas/analytics";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePrometheusText, sampleValue } from "../../test/prometheus-text";
import { ADMIN, createTestContext, type TestContext } from "../../test/test-app";
import { analyticsVisits } from "../db/schema/index";
import { createAnalyticsService } from "../services/analytics";
import { createAdmin } from "../services/auth";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Past days of visits never rolled up (an upgrade): more than the raw retention (396 days), so some get pruned. */
const PAST_DAYS = 400;
const TODAY_VISITS = 5;
const METRICS_TOKEN = "metrics-token-for-the-catch-up-test-0123456789";

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
/** Noon (UTC) of the day `days` ago: cannot slip into a neighbouring day whatever the time of the run. */
const noonOf = (days: number) => Date.parse(`${utcDay(Date.now())}T12:00:00.000Z`) - days * DAY_MS;
/** 8 to 16 visits on the day `days` ago: about 4,800 in all, so the catch-up takes several steps of 1,000. */
const visitsOn = (days: number) => 8 + (days % 9);
const pathOf = (days: number, i: number) => `/page-${(days + i) % 5}`;
/** The first day of the statistics' window (LIMITS.statsWindowDays UTC days, today included). */
const statsWindowStart = () => utcDay(Date.now() - (LIMITS.statsWindowDays - 1) * DAY_MS);

type Expected = Map<string, { visits: number; visitors: number; paths: Map<string, number> }>;

/** The past visits (and what counting them gives, per day), inserted straight into the table. */
async function insertPastVisits(ctx: TestContext): Promise<Expected> {
  const expected: Expected = new Map();
  const rows: (typeof analyticsVisits.$inferInsert)[] = [];
  for (let days = 1; days <= PAST_DAYS; days++) {
    const day = { visits: visitsOn(days), visitors: 3, paths: new Map<string, number>() };
    for (let i = 0; i < day.visits; i++) {
      const pagePath = pathOf(days, i);
      day.paths.set(pagePath, (day.paths.get(pagePath) ?? 0) + 1);
      rows.push({
        pagePath,
        visitorHash: `visitor-${i % 3}`,
        lang: i % 2 ? "en" : "fr",
        createdAt: new Date(noonOf(days) + i).toISOString(),
      });
    }
    expected.set(utcDay(noonOf(days)), day);
  }
  for (let i = 0; i < rows.length; i += 1_000) await ctx.database.db.insert(analyticsVisits).values(rows.slice(i, i + 1_000));
  return expected;
}

/** Holds the rollup before each of its steps until the test lets it take more. */
function stepGate() {
  let allowed = 0;
  let holding = false;
  let release = () => {};
  let onHeld = () => {};
  return {
    async beforeStep(): Promise<void> {
      while (allowed === 0) {
        holding = true;
        onHeld();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
      allowed -= 1;
    },
    /** Resolves once the rollup waits at the gate. */
    held: () =>
      holding
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            onHeld = resolve;
          }),
    allow(steps: number): void {
      allowed += steps;
      holding = false;
      release();
    },
  };
}

describe("statistics while the first start catches up on years of visits never rolled up", () => {
  let ctx: TestContext;
  let expected: Expected;
  let auth: { authorization: string };
  const gate = stepGate();

  const get = async <T>(url: string): Promise<T> => {
    const response = await ctx.app.inject({ method: "GET", url, headers: auth });
    expect(response.statusCode).toBe(200);
    return response.json<T>();
  };
  const catchUpDays = async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    return sampleValue(parsePrometheusText(response.body), "analytics_rollup_catch_up_days");
  };
  const expectedVisits = (from: string) => [...expected].filter(([day]) => day >= from).reduce((sum, [, day]) => sum + day.visits, 0);
  /** The statistics' most visited pages, counted here. */
  const expectedPages = () => {
    const pages = new Map([["/today", TODAY_VISITS]]);
    for (const [day, counts] of expected) {
      if (day < statsWindowStart()) continue;
      for (const [path, visits] of counts.paths) pages.set(path, (pages.get(path) ?? 0) + visits);
    }
    return pages;
  };
  const pagesOf = (stats: AnalyticsStats) => new Map(stats.popularPages.map((page) => [page._id, page.count]));

  beforeAll(async () => {
    // Not started yet (no request made): the visits are there before the app's first start, as after an upgrade.
    ctx = await createTestContext({ withAdmin: false, app: { metrics: { token: METRICS_TOKEN } } });
    expected = await insertPastVisits(ctx);
    await ctx.database.db
      .insert(analyticsVisits)
      .values(
        Array.from({ length: TODAY_VISITS }, () => ({ pagePath: "/today", visitorHash: "today", createdAt: new Date().toISOString() })),
      );
    ctx.app.services.analytics.rollup.hooks.beforeStep = gate.beforeStep;
    await createAdmin(ctx.database.db, ADMIN.email, ADMIN.password);
    // The first request starts the app: its start-up claims the catch-up, whose first step waits at the gate.
    const login = await ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: ADMIN });
    auth = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    await gate.held();
  });
  afterAll(async () => {
    gate.allow(Number.POSITIVE_INFINITY);
    await ctx.close();
  });

  it("answers at once from what is counted, saying which days are not counted yet, before any step of the catch-up", async () => {
    const stats = await get<AnalyticsStats>("/api/analytics/stats");
    const yesterday = utcDay(Date.now() - DAY_MS);
    const through = stats.catchingUp?.through ?? "";
    expect(through >= utcDay(Date.now() - 2 * DAY_MS) && through <= yesterday).toBe(true);
    // Only today (never part of a catch-up) is counted so far.
    expect(stats.summary.totalVisits).toBe(TODAY_VISITS);
    expect(stats.visitsByDay.at(-1)?.count).toBe(TODAY_VISITS);

    const report = await get<AnalyticsReport>("/api/analytics/report?days=90");
    expect(report.catchingUp).toEqual(stats.catchingUp);
    expect(report.totals.visits).toBe(TODAY_VISITS);
    const summary = await get<DashboardSummary>("/api/analytics/summary");
    expect(summary).toMatchObject({ totalVisits: TODAY_VISITS, catchingUp: stats.catchingUp });

    const csv = await ctx.app.inject({ method: "GET", url: "/api/analytics/report.csv?days=30", headers: auth });
    expect(csv.body).toContain(`Comptage en cours;Visites jusqu'au ${through} pas encore comptées`);
    expect(await catchUpDays()).toBeGreaterThanOrEqual(PAST_DAYS - 2);
  });

  it("counts the newest days first: the 30- and 90-day windows are complete while older days are still being counted", async () => {
    let report = await get<AnalyticsReport>("/api/analytics/report?days=90");
    for (let steps = 0; report.catchingUp && steps < PAST_DAYS; steps++) {
      gate.allow(1);
      await gate.held();
      report = await get<AnalyticsReport>("/api/analytics/report?days=90");
    }
    expect(report.catchingUp).toBeUndefined();
    expect(report.totals.visits).toBe(expectedVisits(report.from) + TODAY_VISITS);
    // Summed step by step as the catch-up counted the window, the figures are what summing the window at once gives.
    const { rollup } = ctx.app.services.analytics;
    const once = await createAnalyticsService(ctx.database.db, "http://localhost", rollup).report(90);
    const figures = ({ languages, devices, referrers, products }: AnalyticsReport) => ({ languages, devices, referrers, products });
    expect(figures(report)).toEqual(figures(JSON.parse(JSON.stringify(once)) as AnalyticsReport));
    const stats = await get<AnalyticsStats>("/api/analytics/stats");
    expect(stats.catchingUp).toBeUndefined();
    for (const { _id: day, count } of stats.visitsByDay.slice(0, -1)) expect(count, day).toBe(expected.get(day)?.visits);
    expect(stats.summary.totalVisits).toBe(expectedVisits(statsWindowStart()) + TODAY_VISITS);
    expect(pagesOf(stats)).toEqual(expectedPages());

    const summary = await get<DashboardSummary>("/api/analytics/summary");
    expect((summary.catchingUp?.through ?? "9999") < report.from).toBe(true);
    expect(summary.totalVisits).toBeGreaterThan(report.totals.visits);
    expect(summary.totalVisits).toBeLessThan(expectedVisits("") + TODAY_VISITS);
  });

  it("once caught up, answers what counting every visit gives, without the notice, and past visits beyond retention are pruned", async () => {
    gate.allow(Number.POSITIVE_INFINITY);
    await ctx.app.services.analytics.rollup.settled();

    const summary = await get<DashboardSummary>("/api/analytics/summary");
    expect(summary.catchingUp).toBeUndefined();
    expect(summary.totalVisits).toBe(expectedVisits("") + TODAY_VISITS);
    const report = await get<AnalyticsReport>("/api/analytics/report?days=90");
    expect(report.catchingUp).toBeUndefined();
    for (const { day, visits, uniqueVisitors } of report.byDay.slice(0, -1)) {
      expect({ day, visits, uniqueVisitors }).toEqual({ day, visits: expected.get(day)?.visits, uniqueVisitors: 3 });
    }
    expect(pagesOf(await get<AnalyticsStats>("/api/analytics/stats"))).toEqual(expectedPages());
    expect(await catchUpDays()).toBe(0);
    // Visits past the retention went once their days were counted; the totals above still hold them.
    expect(await ctx.database.db.$count(analyticsVisits)).toBeLessThan(expectedVisits("") + TODAY_VISITS);
  });
});
