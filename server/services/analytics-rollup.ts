import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { analyticsDaily, analyticsVisits, type RollupDimension, settings } from "../db/schema/index";
import { dailyJob } from "../lib/daily-job";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A day is rolled up once it has been over for this long, so a visit written at 23:59:59 is in it. */
const CLOSE_AFTER_MS = 5 * 60 * 1000;
/** The `settings` row holding the last rolled day. */
export const ROLLUP_MARKER_KEY = "analytics_rolled_through";
/** Raw visits are deleted by batches this size: no statement holds locks for long, and on the embedded database (one
 * connection) an admin request waits behind at most one batch (~0.2 s) while a first start prunes years of visits. */
const DELETE_BATCH = 2_000;

/** `YYYY-MM-DD` of the UTC day holding `time`. */
export const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => utcDay(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS);
const nextDay = (day: string) => addDays(day, 1);
/** Days rolled up per transaction. */
const ROLLUP_DAYS_PER_STEP = 7;

const v = analyticsVisits;
/** The value each dimension counts by, and which visits have one. */
const DIMENSION_VALUES: Record<Exclude<RollupDimension, "total">, { value: SQL; where?: SQL }> = {
  path: { value: sql`${v.pagePath}` },
  lang: { value: sql`coalesce(${v.lang}, 'unknown')` },
  device: { value: sql`coalesce(${v.device}, 'unknown')` },
  referrer: { value: sql`${v.referrerHost}`, where: sql`${v.referrerHost} is not null` },
  utmSource: { value: sql`${v.utmSource}`, where: sql`${v.utmSource} is not null` },
  utmCampaign: { value: sql`${v.utmCampaign}`, where: sql`${v.utmCampaign} is not null` },
};
export type CountedDimension = keyof typeof DIMENSION_VALUES;

const dayOfVisit = sql`(${v.createdAt} at time zone 'UTC')::date`;

export type Rows<T> = { rows: T[] };

/**
 * Daily rollups of the visits (decision 0091): each closed UTC day is counted once into `analytics_daily`, by day and
 * by path, language, device, referrer domain and UTM source/campaign, with the exact unique visitors of the day. The
 * statistics read rollups for rolled days and raw visits only after `rolledThrough`, so no answer scans three years of
 * visits, and the answers are the same as counting raw visits (a property test checks it). Raw visits older than
 * `rawRetentionDays` are deleted, never before their day is rolled up. Idempotent (`on conflict do nothing`, a marker in
 * `settings`), so instances sharing a database may all run it.
 */
export type RolledState = { through: string | null; stamp: string };

export function createAnalyticsRollup(db: Db, options: { rawRetentionDays: number; log: { error(obj: object, msg: string): void } }) {
  let knownThrough: string | null = null;

  /**
   * The marker, and the transaction that last wrote it (`xmin`): every rollup step rewrites the marker, so the stamp
   * changes whenever rollup rows were written, even to the same day (a reset), and readers may keep what they derived
   * from the rollups for as long as the stamp is the same.
   */
  async function rolledState(): Promise<RolledState> {
    const [row] = await db
      .select({ value: settings.value, stamp: sql<string>`xmin::text` })
      .from(settings)
      .where(eq(settings.key, ROLLUP_MARKER_KEY))
      .limit(1);
    knownThrough = row?.value ?? null;
    return { through: knownThrough, stamp: row?.stamp ?? "" };
  }

  /** Rolls up every closed day after the marker; returns the last rolled day (null when there is none yet). */
  async function rollUp(now = Date.now()): Promise<string | null> {
    return (await rollUpState(now)).through;
  }

  /** `rollUp`, with the stamp of the rollups it leaves (see `rolledState`). */
  async function rollUpState(now = Date.now()): Promise<RolledState> {
    const lastClosed = utcDay(now - DAY_MS - CLOSE_AFTER_MS);
    const state = await rolledState();
    const { through } = state;
    if (through !== null && through >= lastClosed) return state;
    let from = through === null ? null : nextDay(through);
    if (from === null) {
      const first = (await db.execute(sql`select min(${dayOfVisit})::text as day from ${v}`)) as unknown as Rows<{ day: string | null }>;
      from = first.rows[0]?.day ?? null;
    }
    // A week per transaction: the first rollup of years of visits never holds the database (one session on the
    // embedded one) for long, and readers in between see the marker move and read raw visits after it.
    let start = from;
    while (start !== null && start <= lastClosed) {
      const weekEnd = addDays(start, ROLLUP_DAYS_PER_STEP - 1);
      // biome-ignore lint/complexity/useMathMinMax: these are YYYY-MM-DD strings, which Math.min would turn into NaN
      const end = weekEnd < lastClosed ? weekEnd : lastClosed;
      const inDays = sql`${v.createdAt} >= ${`${start}T00:00:00.000Z`} and ${v.createdAt} < ${`${nextDay(end)}T00:00:00.000Z`}`;
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into ${analyticsDaily} (day, dimension, value, visits, visitors)
          select ${dayOfVisit}, 'total', '', count(*), count(distinct ${v.visitorHash}) from ${v}
          where ${inDays} group by 1
          on conflict do nothing`);
        for (const [dimension, { value, where }] of Object.entries(DIMENSION_VALUES)) {
          await tx.execute(sql`
            insert into ${analyticsDaily} (day, dimension, value, visits)
            select ${dayOfVisit}, ${dimension}, ${value}, count(*) from ${v}
            where ${inDays} ${where ? sql`and ${where}` : sql``} group by 1, 3
            on conflict do nothing`);
        }
        await tx
          .insert(settings)
          .values({ key: ROLLUP_MARKER_KEY, value: end })
          .onConflictDoUpdate({ target: settings.key, set: { value: sql`greatest(${settings.value}, excluded.value)` } });
      });
      knownThrough = end;
      start = nextDay(end);
    }
    if (from === null) return state; // no visit at all yet: nothing to mark
    return rolledState();
  }

  /** Deletes raw visits past their retention whose day is rolled up. */
  async function prune(now = Date.now()): Promise<number> {
    const through = await rollUp(now);
    if (through === null) return 0;
    const retentionStart = utcDay(now - options.rawRetentionDays * DAY_MS);
    const before = retentionStart <= through ? retentionStart : nextDay(through);
    let deleted = 0;
    for (;;) {
      const result = (await db.execute(sql`
        delete from ${v} where ${v._id} in (
          select ${v._id} from ${v} where ${v.createdAt} < ${`${before}T00:00:00.000Z`} limit ${DELETE_BATCH})
        returning 1`)) as unknown as Rows<unknown>;
      deleted += result.rows.length;
      if (result.rows.length < DELETE_BATCH) return deleted;
    }
  }

  return {
    rollUp,
    rollUpState,
    prune,
    /** The last rolled day as last read or written by this instance (null before the first read). */
    get knownThrough() {
      return knownThrough;
    },
    housekeeping: dailyJob("analytics rollup", () => prune(), options.log),
  };
}
export type AnalyticsRollup = ReturnType<typeof createAnalyticsRollup>;

/** Raw visits not rolled up yet: those after the last rolled day (all of them before the first rollup). */
export function unrolledVisits(through: string | null): SQL {
  return through === null ? sql`true` : sql`${v.createdAt} >= ${`${nextDay(through)}T00:00:00.000Z`}`;
}

export { DIMENSION_VALUES, dayOfVisit, nextDay };
