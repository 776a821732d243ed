import { createHash } from "node:crypto";
import { LIMITS } from "@shared/limits";
import type { AnalyticsReport, AnalyticsStats, DashboardSummary, ReportRange, Visit } from "@shared/schemas/analytics";
import { and, count, countDistinct, desc, gte, inArray, isNotNull, like, ne, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { analyticsVisits, contactSubmissions, products, settings } from "../db/schema/index";
import { getOrCreateSecret } from "../lib/secrets";
import { deviceClass, externalReferrerHost, pathWithoutQuery, referrerOriginAndPath } from "./visit-facts";

const DAY_MS = 24 * 60 * 60 * 1000;
const SALT_PREFIX = "analytics_salt_";

/** `YYYY-MM-DD` of the UTC day holding `time`. */
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export type VisitRecord = {
  pagePath: string;
  referrer: string;
  ip: string;
  userAgent: string;
  lang?: "fr" | "en" | undefined;
  utmSource?: string | undefined;
  utmCampaign?: string | undefined;
  /** The host the request was addressed to: a referrer on it is this site, not another one. */
  requestHost?: string;
};

/** Product pages are `/product/<slug>` (app/routes.ts); the language is a query parameter, not in the path. */
const PRODUCT_PATH_PREFIX = "/product/";

/**
 * @param publicUrl the configured site address: referrers on its host are this site's own pages.
 */
export function createAnalyticsService(db: Db, publicUrl = "") {
  const configuredHost = publicUrl ? new URL(publicUrl).host : "";
  let currentSalt: { day: string; salt: string } | null = null;

  /**
   * A random salt per UTC day, shared by every instance through the settings table. Yesterday's is deleted, so a
   * visitor cannot be followed from one day to the next, and the hash cannot be reversed to an IP once the day is over.
   */
  async function dailySalt(now: number): Promise<string> {
    const day = utcDay(now);
    if (currentSalt?.day === day) return currentSalt.salt;
    const key = `${SALT_PREFIX}${day}`;
    const salt = await getOrCreateSecret(db, key);
    await db.delete(settings).where(and(like(settings.key, `${SALT_PREFIX}%`), ne(settings.key, key)));
    currentSalt = { day, salt };
    return salt;
  }

  async function messageCounts() {
    const [row] = await db
      .select({ total: count(), unread: sql<number>`count(*) filter (where not ${contactSubmissions.isRead})`.mapWith(Number) })
      .from(contactSubmissions);
    return { totalMessages: row?.total ?? 0, unreadMessages: row?.unread ?? 0 };
  }

  async function productCounts() {
    const [row] = await db
      .select({ total: count(), active: sql<number>`count(*) filter (where ${products.isActive})`.mapWith(Number) })
      .from(products);
    return { totalProducts: row?.total ?? 0, activeProducts: row?.active ?? 0 };
  }

  return {
    /**
     * Stores a visit with no cookie and no IP: only a daily-salted hash of IP + user agent, to count unique visitors.
     * Of the page and the referrer, only origin and path are kept.
     */
    async record(visit: VisitRecord): Promise<void> {
      const now = Date.now();
      const salt = await dailySalt(now);
      const visitorHash = createHash("sha256").update(`${salt}\n${visit.ip}\n${visit.userAgent}`).digest("hex");
      const siteHosts = [configuredHost, visit.requestHost ?? ""].filter(Boolean);
      const referrer = referrerOriginAndPath(visit.referrer);
      await db.insert(analyticsVisits).values({
        pagePath: pathWithoutQuery(visit.pagePath),
        referrer,
        visitorHash,
        referrerHost: externalReferrerHost(referrer, siteHosts),
        utmSource: visit.utmSource ?? null,
        utmCampaign: visit.utmCampaign ?? null,
        lang: visit.lang ?? null,
        device: deviceClass(visit.userAgent),
      });
    },

    /** The statistics screen: the last `days` UTC days, today included, with empty days at 0. */
    async report(days: ReportRange): Promise<AnalyticsReport> {
      const now = Date.now();
      const dayList = Array.from({ length: days }, (_, i) => utcDay(now - (days - 1 - i) * DAY_MS));
      const from = dayList[0] ?? utcDay(now);
      const to = dayList.at(-1) ?? from;
      const inRange = gte(analyticsVisits.createdAt, `${from}T00:00:00.000Z`);
      const dayOf = sql<string>`to_char(${analyticsVisits.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

      /** Visits per value of `column` in the range, most first (ties by value), at most LIMITS.reportTopRows. */
      const top = (column: AnyPgColumn | SQL, where: SQL | undefined = inRange, limit = LIMITS.reportTopRows) =>
        db
          .select({ key: sql<string>`${column}`, visits: count() })
          .from(analyticsVisits)
          .where(where)
          .groupBy(column)
          .orderBy(desc(count()), column)
          .limit(limit);

      const [byDay, referrers, sources, campaigns, languages, devices, productPaths, [messages]] = await Promise.all([
        db
          .select({ day: dayOf, visits: count(), uniqueVisitors: countDistinct(analyticsVisits.visitorHash) })
          .from(analyticsVisits)
          .where(inRange)
          .groupBy(dayOf),
        top(analyticsVisits.referrerHost, and(inRange, isNotNull(analyticsVisits.referrerHost))),
        top(analyticsVisits.utmSource, and(inRange, isNotNull(analyticsVisits.utmSource))),
        top(analyticsVisits.utmCampaign, and(inRange, isNotNull(analyticsVisits.utmCampaign))),
        top(sql`coalesce(${analyticsVisits.lang}, 'unknown')`),
        top(sql`coalesce(${analyticsVisits.device}, 'unknown')`),
        top(analyticsVisits.pagePath, and(inRange, like(analyticsVisits.pagePath, `${PRODUCT_PATH_PREFIX}%`))),
        db
          .select({ n: count() })
          .from(contactSubmissions)
          .where(gte(contactSubmissions.createdAt, `${from}T00:00:00.000Z`)),
      ]);

      const slugs = productPaths.map((row) => row.key.slice(PRODUCT_PATH_PREFIX.length));
      const names = slugs.length
        ? await db.select({ slug: products.slug, name: products.nameFr }).from(products).where(inArray(products.slug, slugs))
        : [];
      const nameOf = new Map(names.map((row) => [row.slug, row.name]));

      const perDay = new Map(byDay.map((row) => [row.day, row]));
      const series = dayList.map((day) => ({
        day,
        visits: perDay.get(day)?.visits ?? 0,
        uniqueVisitors: perDay.get(day)?.uniqueVisitors ?? 0,
      }));
      const visits = series.reduce((sum, row) => sum + row.visits, 0);
      const messageCount = messages?.n ?? 0;
      return {
        days,
        from,
        to,
        totals: {
          visits,
          uniqueVisitors: series.reduce((sum, row) => sum + row.uniqueVisitors, 0),
          messages: messageCount,
          messagesPer100Visits: visits === 0 ? null : Math.round((messageCount * 1000) / visits) / 10,
        },
        byDay: series,
        referrers: referrers.map((row) => ({ host: row.key, visits: row.visits })),
        utmSources: sources.map((row) => ({ source: row.key, visits: row.visits })),
        utmCampaigns: campaigns.map((row) => ({ campaign: row.key, visits: row.visits })),
        languages: languages.map((row) => ({ lang: row.key as AnalyticsReport["languages"][number]["lang"], visits: row.visits })),
        devices: devices.map((row) => ({ device: row.key as AnalyticsReport["devices"][number]["device"], visits: row.visits })),
        products: slugs.map((slug, i) => ({ slug, name: nameOf.get(slug) ?? null, visits: productPaths[i]?.visits ?? 0 })),
      };
    },

    /** Last LIMITS.statsWindowDays days, plus a LIMITS.chartDays chart that ends today (UTC) and shows empty days as 0. */
    async stats(): Promise<AnalyticsStats> {
      const now = Date.now();
      const windowStart = new Date(now - LIMITS.statsWindowDays * DAY_MS).toISOString();
      const inWindow = gte(analyticsVisits.createdAt, windowStart);
      const chartDays = Array.from({ length: LIMITS.chartDays }, (_, i) => utcDay(now - (LIMITS.chartDays - 1 - i) * DAY_MS));
      const chartStart = `${chartDays[0]}T00:00:00.000Z`;
      const dayOf = sql<string>`to_char(${analyticsVisits.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

      const [totals, byDay, popularPages, messages, catalog] = await Promise.all([
        db
          .select({
            totalVisits: count(),
            uniqueVisitors: countDistinct(analyticsVisits.visitorHash),
            uniquePages: countDistinct(analyticsVisits.pagePath),
          })
          .from(analyticsVisits)
          .where(inWindow),
        db.select({ day: dayOf, count: count() }).from(analyticsVisits).where(gte(analyticsVisits.createdAt, chartStart)).groupBy(dayOf),
        db
          .select({ _id: analyticsVisits.pagePath, count: count() })
          .from(analyticsVisits)
          .where(inWindow)
          .groupBy(analyticsVisits.pagePath)
          .orderBy(desc(count()), analyticsVisits.pagePath)
          .limit(LIMITS.topPages),
        messageCounts(),
        productCounts(),
      ]);
      const perDay = new Map(byDay.map((row) => [row.day, row.count]));
      const total = totals[0];
      return {
        summary: {
          totalVisits: total?.totalVisits ?? 0,
          uniqueVisitors: total?.uniqueVisitors ?? 0,
          uniquePages: total?.uniquePages ?? 0,
          ...messages,
          ...catalog,
        },
        visitsByDay: chartDays.map((day) => ({ _id: day, count: perDay.get(day) ?? 0 })),
        popularPages,
      };
    },

    /** The latest visits, newest first; never the visitor hash. */
    async recent(limit: number): Promise<Visit[]> {
      const rows = await db
        .select({
          _id: analyticsVisits._id,
          pagePath: analyticsVisits.pagePath,
          referrer: analyticsVisits.referrer,
          createdAt: analyticsVisits.createdAt,
        })
        .from(analyticsVisits)
        .orderBy(desc(analyticsVisits.createdAt), desc(analyticsVisits._id))
        .limit(limit);
      return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
    },

    /** The dashboard cards: visits of all time, messages, active products. */
    async summary(): Promise<DashboardSummary> {
      const [[visits], messages, catalog] = await Promise.all([
        db.select({ n: count() }).from(analyticsVisits),
        messageCounts(),
        productCounts(),
      ]);
      return { totalVisits: visits?.n ?? 0, ...messages, activeProducts: catalog.activeProducts };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
