import { createHash } from "node:crypto";
import { and, count, countDistinct, desc, gte, like, ne, sql } from "drizzle-orm";
import { LIMITS } from "../../shared/limits";
import type { AnalyticsStats, DashboardSummary, Visit } from "../../shared/schemas/analytics";
import type { Db } from "../db/client";
import { analyticsVisits, contactSubmissions, products, settings } from "../db/schema/index";
import { getOrCreateSecret } from "../lib/secrets";

const DAY_MS = 24 * 60 * 60 * 1000;
const SALT_PREFIX = "analytics_salt_";

/** `YYYY-MM-DD` of the UTC day holding `time`. */
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export type VisitRecord = { pagePath: string; referrer: string; ip: string; userAgent: string };

export function createAnalyticsService(db: Db) {
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
    /** Stores a visit with no cookie and no IP: only a daily-salted hash of IP + user agent, to count unique visitors. */
    async record(visit: VisitRecord): Promise<void> {
      const now = Date.now();
      const salt = await dailySalt(now);
      const visitorHash = createHash("sha256").update(`${salt}\n${visit.ip}\n${visit.userAgent}`).digest("hex");
      await db.insert(analyticsVisits).values({ pagePath: visit.pagePath, referrer: visit.referrer, visitorHash });
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
