import { LIMITS } from "@shared/limits";
import type { AnalyticsReport } from "@shared/schemas/analytics";
import { and, count, gte, inArray, isNotNull, not, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { contactSubmissions, documentDownloadsDaily, products } from "../db/schema/index";
import { type Counts, countOf, topCounts } from "./analytics-counts";

type Conversion = AnalyticsReport["conversions"][number];

/**
 * The audience report's conversions (decision 0107's report, issue 21): per product, page views, document downloads
 * and quote requests from `from` (a UTC day) on. Only the products that did something are read: the most viewed
 * pages, and every product with a download or a request in the range (both grouped reads on indexes), so the cost
 * follows the range's activity, never the catalogue's size.
 *
 * @param views visits per product page path over the range (`/product/<slug>`), as the report summed them: the most
 *   viewed come from their kept ranking, never from sorting tens of thousands of pages again on each request.
 */
export async function productConversions(db: Db, views: Counts, pathPrefix: string, from: string): Promise<Conversion[]> {
  const since = `${from}T00:00:00.000Z`;
  const requestRows = await db
    .select({ productId: contactSubmissions.productId, n: count() })
    .from(contactSubmissions)
    .where(and(gte(contactSubmissions.createdAt, since), isNotNull(contactSubmissions.productId), not(contactSubmissions.spam)))
    .groupBy(contactSubmissions.productId);
  const requests = new Map(requestRows.flatMap((row) => (row.productId ? [[row.productId, row.n] as const] : [])));
  const downloadRows = await db
    .select({ productId: documentDownloadsDaily.productId, n: sql<number>`sum(${documentDownloadsDaily.downloads})`.mapWith(Number) })
    .from(documentDownloadsDaily)
    .where(gte(documentDownloadsDaily.day, from))
    .groupBy(documentDownloadsDaily.productId);
  const downloads = new Map(downloadRows.map((row) => [row.productId, row.n]));

  const mostViewed = topCounts(views, LIMITS.reportConversionRows).map((row) => row.key.slice(pathPrefix.length));
  const ids = [...new Set([...requests.keys(), ...downloads.keys()])];
  if (ids.length === 0 && mostViewed.length === 0) return [];
  const named = await db
    .select({ id: products._id, slug: products.slug, name: products.nameFr })
    .from(products)
    .where(or(ids.length ? inArray(products._id, ids) : undefined, mostViewed.length ? inArray(products.slug, mostViewed) : undefined));

  return named
    .map(
      (product): Conversion => ({
        productId: product.id,
        slug: product.slug,
        name: product.name,
        views: countOf(views, `${pathPrefix}${product.slug}`),
        downloads: downloads.get(product.id) ?? 0,
        quoteRequests: requests.get(product.id) ?? 0,
      }),
    )
    .filter((row) => row.views + row.downloads + row.quoteRequests > 0)
    .sort(
      (a, b) => b.quoteRequests - a.quoteRequests || b.downloads - a.downloads || b.views - a.views || a.name.localeCompare(b.name, "fr"),
    )
    .slice(0, LIMITS.reportConversionRows);
}
