import { createHash } from "node:crypto";
import { LIMITS } from "@shared/limits";
import { SPAM_COUNT_DAYS } from "@shared/quote-request";
import {
  type AnalyticsReport,
  type AnalyticsStats,
  type CatchingUp,
  type DashboardSummary,
  REPORT_RANGES,
  type ReportRange,
  type Visit,
} from "@shared/schemas/analytics";
import { WAITING_FOR_US } from "@shared/thread-states";
import { and, count, desc, eq, gte, inArray, like, lte, ne, not, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { analyticsDaily, analyticsVisits, contactSubmissions, products, settings } from "../db/schema/index";
import { getOrCreateSecret } from "../lib/secrets";
import { productConversions } from "./analytics-conversions";
import { type Counts, distinctCount, type RolledCounts, topCounts } from "./analytics-counts";
import {
  type AnalyticsRollup,
  type CountedDimension,
  DIMENSION_VALUES,
  dayOfVisit,
  earlier,
  nextDay,
  previousDay,
  type RolledState,
  type Rows,
  unrolledVisits,
  utcDay,
} from "./analytics-rollup";
import { searchTermsReport } from "./site-search";
import { deviceClass, externalReferrerHost, pathWithoutQuery, referrerOriginAndPath } from "./visit-facts";

const DAY_MS = 24 * 60 * 60 * 1000;
const SALT_PREFIX = "analytics_salt_";
/** Rolled sums kept in memory (a statistics screen and the report read at most a dozen). */
const ROLLED_SUMS_KEPT = 32;

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
 * `catchingUp` of an answer covering the days from `from` (null: all time): present while a catch-up of the rollups
 * has days of it still to count, which the answer leaves out (decision 0091). Spread into the answer.
 */
function catchingUpFrom(state: RolledState, from: string | null): { catchingUp?: CatchingUp } {
  const pending = state.catchingUp;
  if (pending === null || (from !== null && pending.through < from)) return {};
  return { catchingUp: { through: pending.through } };
}

/**
 * @param publicUrl the configured site address: referrers on its host are this site's own pages.
 * @param rollup the daily rollups the statistics read (analytics-rollup.ts).
 */
export function createAnalyticsService(db: Db, publicUrl: string, rollup: AnalyticsRollup) {
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
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where not ${contactSubmissions.isRead})`.mapWith(Number),
        waiting: sql<number>`count(*) filter (where ${inArray(contactSubmissions.state, [...WAITING_FOR_US])})`.mapWith(Number),
        undeliverable: sql<number>`count(*) filter (where ${contactSubmissions.undeliverable})`.mapWith(Number),
      })
      .from(contactSubmissions)
      // The Spam folder is not counted with the messages (decision 0108).
      .where(not(contactSubmissions.spam));
    return {
      totalMessages: row?.total ?? 0,
      unreadMessages: row?.unread ?? 0,
      // Threads whose last word is the buyer's (decision 0115), and buyers whose address bounced.
      waitingForUs: row?.waiting ?? 0,
      undeliverable: row?.undeliverable ?? 0,
    };
  }

  async function productCounts() {
    const [row] = await db
      .select({ total: count(), active: sql<number>`count(*) filter (where ${products.isActive})`.mapWith(Number) })
      .from(products);
    return { totalProducts: row?.total ?? 0, activeProducts: row?.active ?? 0 };
  }

  /** Visits and unique visitors per UTC day from `from`: rollups for rolled days, raw visits after them. */
  async function visitsPerDay(through: string | null, from: string): Promise<Map<string, { visits: number; visitors: number }>> {
    const result = (await db.execute(sql`
      select day::text as day, visits::int as visits, visitors::int as visitors from ${analyticsDaily}
      where ${analyticsDaily.dimension} = 'total' and ${analyticsDaily.day} >= ${from}
      union all
      select ${dayOfVisit}::text, count(*)::int, count(distinct ${analyticsVisits.visitorHash})::int from ${analyticsVisits}
      where ${analyticsVisits.createdAt} >= ${`${from}T00:00:00.000Z`} and ${unrolledVisits(through)}
      group by 1`)) as unknown as Rows<{ day: string; visits: number; visitors: number }>;
    return new Map(result.rows.map((row) => [row.day, { visits: Number(row.visits), visitors: Number(row.visitors) }]));
  }

  /** Visits per value of `dimension` over the rolled days `start`..`end` (both included). */
  async function sumDays(dimension: CountedDimension, start: string, end: string, prefix: string): Promise<Map<string, number>> {
    if (start > end) return new Map();
    const rows = await db
      .select({ key: analyticsDaily.value, visits: sql<number>`sum(${analyticsDaily.visits})::int`.mapWith(Number) })
      .from(analyticsDaily)
      .where(
        and(
          eq(analyticsDaily.dimension, dimension),
          gte(analyticsDaily.day, start),
          lte(analyticsDaily.day, end),
          prefix ? like(analyticsDaily.value, `${prefix}%`) : undefined,
        ),
      )
      .groupBy(analyticsDaily.value);
    return new Map(rows.map((row) => [row.key, row.visits]));
  }

  /**
   * Rolled-up days never change once written, and rows are only added with a new marker stamp or, by a catch-up, for
   * the days up to its `through` (see `RolledState`), so their sums per value are kept in memory, keyed by the marker
   * and its stamp: a statistics screen then reads only the raw visits of the days not rolled up yet (today), not months
   * of rollups on every request. While a catch-up counts the window's days, newest first, each entry remembers the
   * first day it holds (`start`) and only the days counted since are added to it (one step's days), in order, so no
   * request sums the whole window again. Entries of an older stamp are dropped as it changes.
   */
  const rolledSums = new Map<string, Promise<RolledCounts & { start: string; sums: Map<string, number> }>>();
  function rolledSumsOf(
    { through, stamp, catchingUp }: RolledState,
    dimension: CountedDimension,
    from: string,
    prefix = "",
  ): Promise<RolledCounts> {
    if (through === null) return Promise.resolve({ sums: new Map() });
    // The window's days counted so far: from `from`, or the day after those a catch-up has still to count.
    const start = catchingUp && catchingUp.through >= from ? nextDay(catchingUp.through) : from;
    const rollups = `${through}|${stamp}|`;
    const key = `${rollups}${dimension}|${from}|${prefix}`;
    const known = rolledSums.get(key);
    if (!known)
      for (const old of rolledSums.keys()) if (!old.startsWith(rollups) || rolledSums.size >= ROLLED_SUMS_KEPT) rolledSums.delete(old);
    const read = known
      ? known.then(async (held) => {
          if (start === held.start) return held;
          // Days a catch-up step counted since (before what is held), or else (never expected) the window again.
          if (start > held.start) return { start, sums: await sumDays(dimension, start, through, prefix) };
          const added = await sumDays(dimension, start, earlier(previousDay(held.start), through), prefix);
          const sums = new Map(held.sums);
          for (const [value, visits] of added) sums.set(value, (sums.get(value) ?? 0) + visits);
          return { start, sums };
        })
      : sumDays(dimension, start, through, prefix).then((sums) => ({ start, sums }));
    rolledSums.set(key, read);
    read.catch(() => rolledSums.delete(key));
    return read;
  }

  /** Visits per value of `dimension` from `from`: the kept rolled sums and the raw visits not rolled up yet. */
  async function sumsOf(state: RolledState, dimension: CountedDimension, from: string, prefix?: string): Promise<Counts> {
    const { value, where } = DIMENSION_VALUES[dimension];
    const { through } = state;
    const [rolled, raw] = await Promise.all([
      rolledSumsOf(state, dimension, from, prefix),
      db.execute(sql`
        select ${value} as key, count(*)::int as visits from ${analyticsVisits}
        where ${analyticsVisits.createdAt} >= ${`${from}T00:00:00.000Z`} and ${unrolledVisits(through)}
          ${where ? sql`and ${where}` : sql``} ${prefix ? sql`and ${value} like ${`${prefix}%`}` : sql``}
        group by 1`) as unknown as Promise<Rows<{ key: string; visits: number }>>,
    ]);
    return { rolled, raw: new Map(raw.rows.map((row) => [row.key, Number(row.visits)])) };
  }

  /** Visits per value of `dimension` from `from`, most first (ties by value), at most `limit`. */
  async function topValues(state: RolledState, dimension: CountedDimension, from: string, limit: number, prefix?: string) {
    return topCounts(await sumsOf(state, dimension, from, prefix), limit);
  }

  async function distinctValues(state: RolledState, dimension: CountedDimension, from: string): Promise<number> {
    return distinctCount(await sumsOf(state, dimension, from));
  }

  /** Every visit ever recorded: the rollups' totals plus the raw visits not rolled up yet. */
  async function allVisits(through: string | null): Promise<number> {
    const result = (await db.execute(sql`
      select (select coalesce(sum(${analyticsDaily.visits}), 0) from ${analyticsDaily} where ${analyticsDaily.dimension} = 'total')
           + (select count(*) from ${analyticsVisits} where ${unrolledVisits(through)}) as n`)) as unknown as Rows<{ n: number | string }>;
    return Number(result.rows[0]?.n ?? 0);
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
      const state = await rollup.rolledState();
      const top = (dimension: CountedDimension, prefix?: string) => topValues(state, dimension, from, LIMITS.reportTopRows, prefix);

      const [byDay, referrers, sources, campaigns, languages, devices, productViews, [messages], searchTerms] = await Promise.all([
        visitsPerDay(state.through, from),
        top("referrer"),
        top("utmSource"),
        top("utmCampaign"),
        top("lang"),
        top("device"),
        sumsOf(state, "path", from, PRODUCT_PATH_PREFIX),
        db
          .select({ n: count() })
          .from(contactSubmissions)
          .where(gte(contactSubmissions.createdAt, `${from}T00:00:00.000Z`)),
        searchTermsReport(db, from, to),
      ]);

      const productPaths = topCounts(productViews, LIMITS.reportTopRows);
      const conversions = await productConversions(db, productViews, PRODUCT_PATH_PREFIX, from);
      const slugs = productPaths.map((row) => row.key.slice(PRODUCT_PATH_PREFIX.length));
      const names = slugs.length
        ? await db.select({ slug: products.slug, name: products.nameFr }).from(products).where(inArray(products.slug, slugs))
        : [];
      const nameOf = new Map(names.map((row) => [row.slug, row.name]));

      const series = dayList.map((day) => ({
        day,
        visits: byDay.get(day)?.visits ?? 0,
        uniqueVisitors: byDay.get(day)?.visitors ?? 0,
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
        searches: searchTerms.searches,
        emptySearches: searchTerms.emptySearches,
        conversions,
        ...catchingUpFrom(state, from),
      };
    },

    /**
     * The last LIMITS.statsWindowDays UTC days (today included), plus a LIMITS.chartDays chart that ends today and shows
     * empty days as 0. Visitor hashes change every day, so the window's unique visitors are the sum of each day's.
     */
    async stats(): Promise<AnalyticsStats> {
      const now = Date.now();
      const windowStart = utcDay(now - (LIMITS.statsWindowDays - 1) * DAY_MS);
      const chartDays = Array.from({ length: LIMITS.chartDays }, (_, i) => utcDay(now - (LIMITS.chartDays - 1 - i) * DAY_MS));
      const state = await rollup.rolledState();
      const [byDay, popular, uniquePages, messages, catalog] = await Promise.all([
        // The window (LIMITS.statsWindowDays) holds the chart's days (LIMITS.chartDays, fewer).
        visitsPerDay(state.through, windowStart),
        topValues(state, "path", windowStart, LIMITS.topPages),
        distinctValues(state, "path", windowStart),
        messageCounts(),
        productCounts(),
      ]);
      let totalVisits = 0;
      let uniqueVisitors = 0;
      for (const [day, row] of byDay) {
        if (day < windowStart) continue;
        totalVisits += row.visits;
        uniqueVisitors += row.visitors;
      }
      return {
        summary: { totalVisits, uniqueVisitors, uniquePages, ...messages, ...catalog },
        visitsByDay: chartDays.map((day) => ({ _id: day, count: byDay.get(day)?.visits ?? 0 })),
        popularPages: popular.map((row) => ({ _id: row.key, count: row.visits })),
        ...catchingUpFrom(state, windowStart),
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

    /**
     * The dashboard cards: visits of all time, messages (all time, unread, received over the last 30 days), active
     * products, messages filed as spam in the last 30 days; only the groups the reader reads (visits, messages, products).
     */
    async summary(reads: SummaryReads): Promise<DashboardSummary> {
      const since = new Date(Date.now() - SPAM_COUNT_DAYS * 86_400_000).toISOString();
      const spamCount = () =>
        db
          .select({ n: count() })
          .from(contactSubmissions)
          .where(and(contactSubmissions.spam, gte(contactSubmissions.createdAt, since)))
          .then(([spam]) => ({ spamMessages: spam?.n ?? 0 }));
      // "Messages reçus": the last days' volume, which "Messages non lus" (all time) does not repeat.
      const windowStart = new Date(Date.now() - LIMITS.statsWindowDays * 86_400_000).toISOString();
      const receivedCount = () =>
        db
          .select({ n: count() })
          .from(contactSubmissions)
          .where(and(not(contactSubmissions.spam), gte(contactSubmissions.createdAt, windowStart)))
          .then(([row]) => ({ receivedMessages: row?.n ?? 0 }));
      const visits = async () => {
        const state = await rollup.rolledState();
        return { totalVisits: await allVisits(state.through), ...catchingUpFrom(state, null) };
      };
      const [visitFigures, messages, spam, received, catalog] = await Promise.all([
        reads.visits ? visits() : {},
        reads.messages ? messageCounts() : {},
        reads.messages ? spamCount() : {},
        reads.messages ? receivedCount() : {},
        reads.products ? productCounts().then(({ activeProducts }) => ({ activeProducts })) : {},
      ]);
      return { ...visitFigures, ...messages, ...spam, ...received, ...catalog };
    },

    /**
     * Reads the statistics screen's window and every report range once, so their rolled sums are held before an
     * administrator asks: after a start or a day's rollup, no screen is the one that sums months of rollups (issue 34).
     */
    async warm(): Promise<void> {
      if ((await rollup.rolledState()).through === null) return;
      await this.stats();
      for (const days of REPORT_RANGES) await this.report(days);
    },

    rollup,
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/** Which groups of the dashboard's figures the reader's role reads. */
export type SummaryReads = { visits: boolean; messages: boolean; products: boolean };
