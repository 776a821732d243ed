import type { ProductDocument } from "@shared/documents";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestProduct } from "../../test/catalogue";
import { documentMultipart, makePdf } from "../../test/pdf";
import { withStorage } from "../../test/storage-context";
import type { TestContext } from "../../test/test-app";
import { analyticsVisits, documentDownloadsDaily, siteSearchDaily } from "../db/schema/index";

/**
 * One audience rule (server/services/analytics-audience.ts): the same request shape is counted, or not, alike as a
 * visit (`POST /api/analytics`), a search (`GET /api/search`) and a download (`GET /documents/…`). PGlite, or
 * PostgreSQL with TEST_DATABASE_URL.
 */
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const SHAPES: [name: string, headers: Record<string, string>, counted: boolean][] = [
  ["a browser", { "user-agent": CHROME }, true],
  ["a phone browser", { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1" }, true],
  ["a headless browser", { "user-agent": CHROME.replace("Chrome/", "HeadlessChrome/") }, false],
  ["a crawler", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }, false],
  ["a link preview", { "user-agent": "facebookexternalhit/1.1" }, false],
  ["an HTTP library", { "user-agent": "curl/8.5.0" }, false],
  ["no user agent", { "user-agent": "" }, false],
  ["a browser's prefetch", { "user-agent": CHROME, "sec-purpose": "prefetch" }, false],
];

let ctx: TestContext;
let addresses = 0;
/** Each request from its own address, so no public budget (per address) hides a count. */
const nextAddress = () => `203.0.113.${++addresses}`;

async function publicDocument(): Promise<ProductDocument> {
  const product = await createTestProduct(ctx);
  const body = documentMultipart(
    { data: await makePdf(), filename: "fiche.pdf", contentType: "application/pdf" },
    { kind: "tds", language: "both", versionLabel: "v1", documentDate: "2026-03-01", visibility: "public" },
  );
  const response = await ctx.app.inject({
    method: "POST",
    url: `/api/products/${product._id}/documents`,
    payload: body.payload,
    headers: { ...body.headers, ...ctx.auth },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ProductDocument>();
}

async function counts(pagePath: string, term: string, documentId: string) {
  const { db } = ctx.database;
  const visits = await db.select().from(analyticsVisits).where(like(analyticsVisits.pagePath, pagePath));
  const searches = await db.select().from(siteSearchDaily).where(eq(siteSearchDaily.term, term));
  const downloads = await db.select().from(documentDownloadsDaily).where(eq(documentDownloadsDaily.documentId, documentId));
  return {
    visits: visits.length,
    searches: searches.reduce((sum, row) => sum + row.searches, 0),
    downloads: downloads.reduce((sum, row) => sum + row.downloads, 0),
  };
}

describe("the statistics count visits, searches and downloads by one audience rule", () => {
  withStorage("disk", (opened) => {
    ctx = opened;
  });

  it.each(SHAPES)("%s: its visit, its search and its download are counted alike", async (name, headers, counted) => {
    const document = await publicDocument();
    const slug = name.replace(/[^a-z]+/g, "-");
    const pagePath = `/audience/${slug}`;
    const term = `audience ${slug.replace(/-/g, " ").trim()}`;

    const visit = await ctx.app.inject({
      method: "POST",
      url: "/api/analytics",
      payload: { pagePath, referrer: "" },
      headers,
      remoteAddress: nextAddress(),
    });
    expect(visit.statusCode, visit.body).toBe(204);
    const search = await ctx.app.inject({
      method: "GET",
      url: `/api/search?q=${encodeURIComponent(term)}`,
      headers,
      remoteAddress: nextAddress(),
    });
    expect(search.statusCode, search.body).toBe(200);
    const download = await ctx.app.inject({ method: "GET", url: document.url, headers, remoteAddress: nextAddress() });
    expect(download.statusCode).toBe(200);

    const one = counted ? 1 : 0;
    expect(await counts(pagePath, term, document._id)).toEqual({ visits: one, searches: one, downloads: one });
  });
});
