import type { AnalyticsReport } from "@shared/schemas/analytics";
import { parse } from "csv-parse/sync";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import {
  analyticsDaily,
  analyticsVisits,
  categories,
  contactSubmissions,
  documentDownloadsDaily,
  productDocuments,
  products,
  settings,
  siteSearchDaily,
} from "../db/schema/index";
import { ROLLUP_MARKER_KEY } from "../services/analytics-rollup";

const DAY_MS = 24 * 60 * 60 * 1000;
const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let ctx: TestContext;
let ipCounter = 0;
const freshIp = () => `198.51.101.${++ipCounter}`;

function track(payload: object, userAgent = DESKTOP_UA) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/analytics",
    payload,
    remoteAddress: freshIp(),
    headers: { "user-agent": userAgent, host: "localhost:3710" },
  });
}

const admin = (url: string) => ctx.app.inject({ method: "GET", url, headers: ctx.auth });
const today = () => new Date().toISOString().slice(0, 10);

/** Noon (UTC) of the day `days` ago: cannot slip into a neighbouring day whatever the time of the run. */
function onDay(days: number): string {
  const startOfToday = Date.parse(`${today()}T00:00:00.000Z`);
  return new Date(startOfToday - days * DAY_MS + (days === 0 ? 0 : DAY_MS / 2)).toISOString();
}

type VisitRow = typeof analyticsVisits.$inferInsert;
async function insertVisits(rows: (Partial<VisitRow> & { days: number; count?: number })[]) {
  const values = rows.flatMap(({ days, count = 1, ...row }) =>
    Array.from({ length: count }, () => ({ pagePath: "/", visitorHash: "v", ...row, createdAt: onDay(days) })),
  );
  await ctx.database.db.insert(analyticsVisits).values(values);
}

async function report(days?: number): Promise<AnalyticsReport> {
  const response = await admin(`/api/analytics/report${days ? `?days=${days}` : ""}`);
  expect(response.statusCode).toBe(200);
  return response.json<AnalyticsReport>();
}

beforeAll(async () => {
  ctx = await createTestContext();
  const [category] = await ctx.database.db
    .insert(categories)
    .values({ slug: "report-algues", nameFr: "Algues", nameEn: "Algae" })
    .returning({ id: categories._id });
  const product = (slug: string, nameFr: string) => ({
    slug,
    nameFr,
    nameEn: slug,
    shortDescriptionFr: "x",
    shortDescriptionEn: "x",
    mainImageUrl: "/uploads/algues/x.jpg",
    categoryId: category?.id ?? "",
    isActive: true,
  });
  await ctx.database.db.insert(products).values([product("ulva", "Ulva lactuca"), product("codium", "Codium fragile")]);
});
afterAll(() => ctx.close());

describe("POST /api/analytics records what the report needs, and no more", () => {
  it("stores the device class, the page language, the UTM source and campaign and another site's host, never the user agent", async () => {
    const response = await track(
      {
        pagePath: "/product/ulva",
        referrer: "https://www.Google.com/search?q=algues",
        lang: "en",
        utmSource: "newsletter",
        utmCampaign: "printemps",
      },
      PHONE_UA,
    );
    expect(response.statusCode).toBe(204);
    const [row] = await ctx.database.db.select().from(analyticsVisits).orderBy(desc(analyticsVisits.createdAt)).limit(1);
    expect(row).toMatchObject({
      device: "phone",
      lang: "en",
      utmSource: "newsletter",
      utmCampaign: "printemps",
      referrerHost: "google.com",
    });
    expect(JSON.stringify(row)).not.toContain("iPhone");
  });

  it("keeps no referrer host for a page of this site (configured origin or the requested host)", async () => {
    await track({ pagePath: "/a", referrer: "http://localhost:3000/contact" });
    await track({ pagePath: "/b", referrer: "http://localhost:3710/product/ulva" });
    const rows = await ctx.database.db.select().from(analyticsVisits).orderBy(desc(analyticsVisits.createdAt)).limit(2);
    expect(rows.map((row) => row.referrerHost)).toEqual([null, null]);
  });

  it.each([
    ["an unknown language", { pagePath: "/x", lang: "de" }],
    ["a UTM source that is too long", { pagePath: "/x", utmSource: "s".repeat(201) }],
  ])("refuses %s with 400", async (_label, payload) => {
    const response = await track(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty("error");
  });
});

describe("GET /api/analytics/report", () => {
  beforeEach(async () => {
    // Visits and their rollups: each test starts from no visit at all.
    await ctx.database.db.delete(analyticsVisits);
    await ctx.database.db.delete(analyticsDaily);
    await ctx.database.db.delete(settings).where(eq(settings.key, ROLLUP_MARKER_KEY));
    await ctx.database.db.delete(contactSubmissions);
  });

  it.each(["/api/analytics/report", "/api/analytics/report.csv"])("%s answers 401 without a token", async (url) => {
    const response = await ctx.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty("error");
  });

  it.each(["0", "14", "abc", "-7", "7.5"])("refuses days=%s with a 400 that names the allowed values", async (days) => {
    for (const path of ["/api/analytics/report", "/api/analytics/report.csv"]) {
      const response = await admin(`${path}?days=${days}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain("7, 30 ou 90");
    }
  });

  it("covers every day of the range with visits and distinct visitors per day, empty days at 0, 30 days by default", async () => {
    await insertVisits([
      { days: 0, visitorHash: "a", count: 3 },
      { days: 0, visitorHash: "b" },
      { days: 6, visitorHash: "a", count: 2 },
      { days: 7, visitorHash: "c" },
      { days: 29, visitorHash: "d" },
      { days: 30, visitorHash: "e", count: 4 },
    ]);
    const week = await report(7);
    expect(week.byDay).toHaveLength(7);
    expect(week.to).toBe(today());
    expect(week.byDay.at(-1)).toEqual({ day: today(), visits: 4, uniqueVisitors: 2 });
    expect(week.byDay[0]).toEqual({ day: onDay(6).slice(0, 10), visits: 2, uniqueVisitors: 1 });
    expect(week.byDay.slice(1, 6).every((day) => day.visits === 0 && day.uniqueVisitors === 0)).toBe(true);
    expect(week.totals).toMatchObject({ visits: 6, uniqueVisitors: 3 });

    const month = await report();
    expect(month.days).toBe(30);
    expect(month.byDay).toHaveLength(30);
    expect(month.totals).toMatchObject({ visits: 8, uniqueVisitors: 5 });
    expect((await report(90)).totals.visits).toBe(12);
  });

  it("ranks referrer hosts, UTM sources and campaigns, languages, devices and product pages (with names) by visits", async () => {
    await insertVisits([
      { days: 1, referrerHost: "google.com", count: 3 },
      { days: 1, referrerHost: "facebook.com" },
      { days: 2, utmSource: "newsletter", utmCampaign: "printemps", count: 2 },
      { days: 2, lang: "fr", device: "phone", count: 2 },
      { days: 2, lang: "en", device: "desktop" },
      { days: 3, pagePath: "/product/codium", count: 3 },
      { days: 3, pagePath: "/product/ulva" },
      { days: 3, pagePath: "/product/gone" },
      { days: 40, referrerHost: "old.example", pagePath: "/product/ulva", count: 9 },
    ]);
    const result = await report(30);
    expect(result.referrers).toEqual([
      { host: "google.com", visits: 3 },
      { host: "facebook.com", visits: 1 },
    ]);
    expect(result.utmSources).toEqual([{ source: "newsletter", visits: 2 }]);
    expect(result.utmCampaigns).toEqual([{ campaign: "printemps", visits: 2 }]);
    expect(result.languages).toEqual([
      { lang: "unknown", visits: 11 },
      { lang: "fr", visits: 2 },
      { lang: "en", visits: 1 },
    ]);
    expect(result.devices).toContainEqual({ device: "phone", visits: 2 });
    expect(result.devices).toContainEqual({ device: "desktop", visits: 1 });
    expect(result.products).toEqual([
      { slug: "codium", name: "Codium fragile", visits: 3 },
      { slug: "gone", name: null, visits: 1 },
      { slug: "ulva", name: "Ulva lactuca", visits: 1 },
    ]);
  });

  it("gives contact messages per 100 visits over the range, and null without visits", async () => {
    expect((await report(7)).totals.messagesPer100Visits).toBeNull();
    await insertVisits([{ days: 1, count: 40 }]);
    const message = { fullName: "A", email: "a@example.com", subject: "s", message: "m" };
    await ctx.database.db.insert(contactSubmissions).values([
      { ...message, createdAt: onDay(1) },
      { ...message, createdAt: onDay(2) },
      { ...message, createdAt: onDay(3) },
      { ...message, createdAt: onDay(20) },
    ]);
    expect((await report(7)).totals).toEqual({ visits: 40, uniqueVisitors: 1, messages: 3, messagesPer100Visits: 7.5 });
  });

  it("exports the report as a UTF-8 CSV with BOM and ; separators, escaping formula-like values", async () => {
    await insertVisits([
      { days: 1, utmSource: '=HYPERLINK("http://evil")', utmCampaign: "+cmd", count: 2 },
      { days: 1, utmSource: "@SUM(A1)", utmCampaign: "-2+3" },
      { days: 1, pagePath: "/product/ulva", lang: "fr", device: "phone" },
    ]);
    const response = await admin("/api/analytics/report.csv?days=7");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="statistiques-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));

    const rows: string[][] = parse(response.rawPayload, { bom: true, delimiter: ";" });
    expect(rows[0]).toEqual(["Rubrique", "Élément", "Visites", "Visiteurs uniques"]);
    expect(rows).toContainEqual(["Source UTM", '\'=HYPERLINK("http://evil")', "2", ""]);
    expect(rows).toContainEqual(["Source UTM", "'@SUM(A1)", "1", ""]);
    expect(rows).toContainEqual(["Campagne UTM", "'+cmd", "2", ""]);
    expect(rows).toContainEqual(["Campagne UTM", "'-2+3", "1", ""]);
    expect(rows).toContainEqual(["Produit", "Ulva lactuca", "1", ""]);
    expect(rows).toContainEqual(["Langue", "Français", "1", ""]);
    expect(rows).toContainEqual(["Appareil", "Téléphone", "1", ""]);
    expect(rows.filter((row) => row[0] === "Jour")).toHaveLength(7);
    expect(rows).toContainEqual(["Total", "Messages pour 100 visites", "0", ""]);
  });

  it("ranks searched terms and searches without result over the range, in the report and its CSV", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    await ctx.database.db.insert(siteSearchDaily).values([
      { day: today, term: "ulva", searches: 5, empty: 0 },
      { day: today, term: "spiruline", searches: 2, empty: 2 },
      { day: longAgo, term: "ulva", searches: 100, empty: 0 },
      { day: longAgo, term: "ancienne", searches: 50, empty: 50 },
    ]);
    const week = await report(7);
    expect(week.searches).toEqual([
      { term: "ulva", count: 5 },
      { term: "spiruline", count: 2 },
    ]);
    expect(week.emptySearches).toEqual([{ term: "spiruline", count: 2 }]);
    expect((await report(90)).searches[0]).toEqual({ term: "ulva", count: 105 });
    const rows: string[][] = parse((await admin("/api/analytics/report.csv?days=7")).rawPayload, { bom: true, delimiter: ";" });
    expect(rows).toContainEqual(["Recherche", "ulva", "5", ""]);
    expect(rows).toContainEqual(["Recherche sans résultat", "spiruline", "2", ""]);
  });

  it("gives each product's views, document downloads and quote requests over the range, most requests first, in the report and its CSV", async () => {
    const ids = new Map(
      (await ctx.database.db.select({ id: products._id, slug: products.slug }).from(products)).map((row) => [row.slug, row.id]),
    );
    await insertVisits([
      { days: 1, pagePath: "/product/ulva", count: 6 },
      { days: 2, pagePath: "/product/codium", count: 2 },
      { days: 40, pagePath: "/product/codium", count: 50 },
    ]);
    const request = { fullName: "B", email: "b@example.com", subject: "Devis", message: "Bonjour" };
    await ctx.database.db.insert(contactSubmissions).values([
      { ...request, productId: ids.get("codium"), productName: "Codium fragile", requestType: "sample", createdAt: onDay(1) },
      { ...request, productId: ids.get("codium"), productName: "Codium fragile", requestType: "quote", createdAt: onDay(3) },
      // Spam and requests before the range are not conversions.
      { ...request, productId: ids.get("codium"), productName: "Codium fragile", spam: true, createdAt: onDay(1) },
      { ...request, productId: ids.get("ulva"), productName: "Ulva lactuca", createdAt: onDay(20) },
    ]);
    const [sheet] = await ctx.database.db
      .insert(productDocuments)
      .values({ productId: ids.get("ulva") ?? "", kind: "tds", language: "fr", contentHash: "a".repeat(64), sizeBytes: 900 })
      .returning({ id: productDocuments._id });
    const downloads = (day: string, n: number) => ({ day, documentId: sheet?.id ?? "", productId: ids.get("ulva") ?? "", downloads: n });
    await ctx.database.db
      .insert(documentDownloadsDaily)
      .values([downloads(onDay(1).slice(0, 10), 3), downloads(onDay(50).slice(0, 10), 40)]);
    const week = await report(7);
    expect(week.conversions.map(({ productId, ...row }) => row)).toEqual([
      { slug: "codium", name: "Codium fragile", views: 2, downloads: 0, quoteRequests: 2 },
      { slug: "ulva", name: "Ulva lactuca", views: 6, downloads: 3, quoteRequests: 0 },
    ]);
    expect(week.conversions[0]?.productId).toBe(ids.get("codium"));
    expect((await report(30)).conversions.find((row) => row.slug === "ulva")?.quoteRequests).toBe(1);
    const rows: string[][] = parse((await admin("/api/analytics/report.csv?days=7")).rawPayload, { bom: true, delimiter: ";" });
    expect(rows).toContainEqual(["Conversions : vues", "Codium fragile", "2", ""]);
    expect(rows).toContainEqual(["Conversions : demandes de devis", "Codium fragile", "2", ""]);
    expect(rows).toContainEqual(["Conversions : téléchargements", "Ulva lactuca", "3", ""]);
  });
});
