import { setImmediate as nextMacrotask, setTimeout as sleep } from "node:timers/promises";
import { inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { analyticsDaily, analyticsVisits, type RollupDimension, settings } from "../db/schema/index";
import { dailyJob } from "../lib/daily-job";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A day is rolled up once it has been over for this long, so a visit written at 23:59:59 is in it. */
const CLOSE_AFTER_MS = 5 * 60 * 1000;
/** The `settings` row holding the last rolled day: days after it are read from the raw visits. */
export const ROLLUP_MARKER_KEY = "analytics_rolled_through";
/**
 * A catch-up under way (decision 0091): the days from `…_from` through `…_through` are not counted yet. It is counted
 * newest first, so the statistics' windows (the last 7 to 90 days) are complete after its first steps.
 */
export const CATCH_UP_FROM_KEY = "analytics_catch_up_from";
export const CATCH_UP_THROUGH_KEY = "analytics_catch_up_through";
const STATE_KEYS = [ROLLUP_MARKER_KEY, CATCH_UP_FROM_KEY, CATCH_UP_THROUGH_KEY];
/**
 * Days closed since the marker, up to this many, are rolled forward while the statistics read them from the raw
 * visits (the daily case). More (an upgrade onto years of visits, a long stop) are a catch-up: never read raw.
 */
const FORWARD_DAYS = 7;
/**
 * Visits counted per transaction, whole days only (a day with more is counted alone): on the embedded database (one
 * connection) a statistics request waits behind at most one such step.
 */
const ROLLUP_BATCH = 1_000;
/**
 * Raw visits are deleted by batches this size, for the same reason: found by their row address (`ctid`), a batch
 * takes about 20 ms on the embedded database, shorter than a step (by primary key it was 20 ms per 1,000; decision 0139).
 */
const DELETE_BATCH = 5_000;
/** Held during each step (transaction-scoped): instances sharing a database take turns. "rollup" in ASCII. */
const ROLLUP_LOCK = 0x726f6c6c7570;
/** How long an instance waits when another one holds the lock for a step. */
const BUSY_RETRY_MS = 1_000;
/** A failed run (the database restarting…) is tried again after this, not a day later: a catch-up is not left half-done. */
const RETRY_AFTER_FAILURE_MS = 60_000;
/** At most one progress line per this interval while a catch-up runs. */
const PROGRESS_LOG_MS = 10_000;

/** `YYYY-MM-DD` of the UTC day holding `time`. */
export const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const dayStart = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const addDays = (day: string, days: number) => utcDay(dayStart(day) + days * DAY_MS);
const nextDay = (day: string) => addDays(day, 1);
const previousDay = (day: string) => addDays(day, -1);
/** Days from `from` through `to`, both counted (0 when `to` is before `from`). */
export const daysFrom = (from: string, to: string) => Math.max(0, Math.round((dayStart(to) - dayStart(from)) / DAY_MS) + 1);
const startOf = (day: string) => `${day}T00:00:00.000Z`;
// YYYY-MM-DD strings compare as text (Math.min/max would turn them into NaN).
const earlier = (a: string, b: string) => (a < b ? a : b);
const later = (a: string, b: string) => (a > b ? a : b);
/** The last closed UTC day at `now`. */
const lastClosedDay = (now: number) => utcDay(now - DAY_MS - CLOSE_AFTER_MS);

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

/** Days not counted yet by a catch-up under way, newest first: `through` down to `from`. */
export type CatchUp = { from: string; through: string };

/**
 * Where the rollups stand: the last rolled day (`through`, null before the first rollup), the catch-up under way, and
 * the transaction that last wrote the marker (`stamp`). Rollup rows are only ever added by a step that rewrites the
 * marker (days after it) or moves the catch-up (days up to its `through`), so readers may keep what they derived from
 * the rollups of some days while the stamp, and the catch-up's `through` when those days reach it, stay the same.
 */
export type RolledState = { through: string | null; stamp: string; catchingUp: CatchUp | null };

type StepResult =
  | { kind: "busy" }
  | { kind: "done" }
  | { kind: "claimed"; catchUp: CatchUp }
  /** `catchingUp`: what a catch-up step left to count (null when it counted the last days). */
  | { kind: "rolled"; days: number; catchingUp?: CatchUp | null };
const BUSY: StepResult = { kind: "busy" };
const DONE: StepResult = { kind: "done" };

type RollupLog = { error(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * Daily rollups of the visits (decision 0091): each closed UTC day is counted once into `analytics_daily`, by day and
 * by path, language, device, referrer domain and UTM source/campaign, with the exact unique visitors of the day. The
 * statistics read rollups for rolled days and raw visits only after the marker, so no answer scans three years of
 * visits, and the answers are the same as counting raw visits (a property test checks it). A catch-up (years of
 * visits never rolled up, after an upgrade) is counted in small steps, newest day first, while the statistics answer
 * from what is counted and say so (`RolledState.catchingUp`). Raw visits older than `rawRetentionDays` are deleted,
 * never before their day is rolled up. Every step takes a transaction advisory lock and re-reads the markers under
 * it, and a day's rows and the marker that says so are written in one transaction: instances sharing a database take
 * turns, a killed process leaves either the whole step or nothing, and no day is counted twice.
 */
export function createAnalyticsRollup(
  db: Db,
  options: {
    rawRetentionDays: number;
    log: RollupLog;
    /**
     * After the rollups of a housekeeping pass (at start, then daily), with the days counted, before old visits are
     * deleted: the rollups' upkeep and the statistics' warm-up, so an administrator's first screen does not wait behind
     * the deletion.
     */
    afterRollup?: (rolledDays: number) => Promise<unknown>;
    /** After old visits were deleted (their number), e.g. the visits' table upkeep. */
    afterPrune?: (deletedVisits: number) => Promise<unknown>;
  },
) {
  const { log } = options;
  /** Awaited before each step of a run: tests hold a catch-up between two steps with it. */
  const hooks: { beforeStep: (() => Promise<void>) | null } = { beforeStep: null };
  /** This process's runs, one after the other (the lock orders them with other instances'). */
  let queue: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let progress = { rolledDays: 0, startedAt: 0, loggedAt: 0 };

  async function readState(executor: Db): Promise<RolledState> {
    const rows = await executor
      .select({ key: settings.key, value: settings.value, stamp: sql<string>`xmin::text` })
      .from(settings)
      .where(inArray(settings.key, STATE_KEYS));
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const from = byKey.get(CATCH_UP_FROM_KEY)?.value;
    const through = byKey.get(CATCH_UP_THROUGH_KEY)?.value;
    const marker = byKey.get(ROLLUP_MARKER_KEY);
    return {
      through: marker?.value ?? null,
      stamp: marker?.stamp ?? "",
      catchingUp: from !== undefined && through !== undefined ? { from, through } : null,
    };
  }

  const setKey = (tx: Db, key: string, value: string) =>
    tx.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });

  /** Counts the visits of the days `start`..`end` into rollup rows (already counted rows are left as they are). */
  async function countDays(tx: Db, start: string, end: string): Promise<void> {
    const inDays = sql`${v.createdAt} >= ${startOf(start)} and ${v.createdAt} < ${startOf(nextDay(end))}`;
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
  }

  /** The day of the visit just past ROLLUP_BATCH visits from `start`..`end` (newest first when `newestFirst`), if any. */
  async function dayPastBatch(tx: Db, start: string, end: string, newestFirst: boolean): Promise<string | null> {
    const result = (await tx.execute(sql`
      select ${dayOfVisit}::text as day from ${v}
      where ${v.createdAt} >= ${startOf(start)} and ${v.createdAt} < ${startOf(nextDay(end))}
      order by ${v.createdAt} ${newestFirst ? sql`desc` : sql`asc`} offset ${ROLLUP_BATCH} limit 1`)) as unknown as Rows<{ day: string }>;
    return result.rows[0]?.day ?? null;
  }

  /** The day of the first visit kept: `min(created_at)` reads one entry of its index, not every visit. */
  async function firstVisitDay(tx: Db): Promise<string | null> {
    const result = (await tx.execute(
      sql`select ((min(${v.createdAt}) at time zone 'UTC')::date)::text as day from ${v}`,
    )) as unknown as Rows<{ day: string | null }>;
    return result.rows[0]?.day ?? null;
  }

  /** Rolls the oldest days after the marker forward, at most a batch of visits; the statistics read them raw meanwhile. */
  async function stepForward(tx: Db, start: string, lastClosed: string): Promise<StepResult> {
    const past = await dayPastBatch(tx, start, lastClosed, false);
    const end = past === null ? lastClosed : later(previousDay(past), start);
    await countDays(tx, start, end);
    await setKey(tx, ROLLUP_MARKER_KEY, end);
    return { kind: "rolled", days: daysFrom(start, end) };
  }

  /** Counts the newest days of the catch-up, at most a batch of visits, and moves (or ends) it in the same transaction. */
  async function stepBack(tx: Db, catchUp: CatchUp): Promise<StepResult> {
    const past = await dayPastBatch(tx, catchUp.from, catchUp.through, true);
    const start = past === null ? catchUp.from : earlier(nextDay(past), catchUp.through);
    await countDays(tx, start, catchUp.through);
    const left = start <= catchUp.from ? null : { from: catchUp.from, through: previousDay(start) };
    if (left) await setKey(tx, CATCH_UP_THROUGH_KEY, left.through);
    else await tx.delete(settings).where(inArray(settings.key, [CATCH_UP_FROM_KEY, CATCH_UP_THROUGH_KEY]));
    return { kind: "rolled", days: daysFrom(start, catchUp.through), catchingUp: left };
  }

  /**
   * More than FORWARD_DAYS closed days not rolled up: they become a catch-up (nothing counted yet), and the marker
   * moves to the last closed day, so no statistics request reads them from the raw visits.
   */
  async function claim(tx: Db, state: RolledState, lastClosed: string): Promise<StepResult | null> {
    if (state.catchingUp) return null;
    const from = state.through === null ? await firstVisitDay(tx) : nextDay(state.through);
    if (from === null || daysFrom(from, lastClosed) <= FORWARD_DAYS) return null;
    const catchUp = { from, through: lastClosed };
    await setKey(tx, CATCH_UP_FROM_KEY, catchUp.from);
    await setKey(tx, CATCH_UP_THROUGH_KEY, catchUp.through);
    await setKey(tx, ROLLUP_MARKER_KEY, lastClosed);
    return { kind: "claimed", catchUp };
  }

  /** One step in one short transaction, under the lock, from the markers as they are now: claim, forward or back. */
  function step(now: number, claimOnly = false): Promise<StepResult> {
    const lastClosed = lastClosedDay(now);
    return db.transaction(async (tx) => {
      const locked = (await tx.execute(sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK}) as locked`)) as unknown as Rows<{
        locked: boolean;
      }>;
      if (!locked.rows[0]?.locked) return BUSY;
      const state = await readState(tx);
      const claimed = await claim(tx, state, lastClosed);
      if (claimed || claimOnly) return claimed ?? DONE;
      if (state.through !== null && state.through < lastClosed) return stepForward(tx, nextDay(state.through), lastClosed);
      if (state.through !== null && state.catchingUp) return stepBack(tx, state.catchingUp);
      if (state.through !== null) return DONE;
      const first = await firstVisitDay(tx);
      return first !== null && first <= lastClosed ? stepForward(tx, first, lastClosed) : DONE;
    });
  }

  /** Log lines of a catch-up: started (or resumed by this process), progress at most every PROGRESS_LOG_MS, done. */
  function logCatchUp(result: StepResult): void {
    const now = Date.now();
    if (result.kind === "claimed") {
      const { from, through } = result.catchUp;
      progress = { rolledDays: 0, startedAt: now, loggedAt: now };
      log.info(
        { event: "analytics.catch_up_started", from, through, days: daysFrom(from, through) },
        "analytics catch-up started: counting past visits into the daily rollups, newest day first",
      );
      return;
    }
    if (result.kind !== "rolled" || result.catchingUp === undefined) return;
    if (progress.startedAt === 0) progress = { rolledDays: 0, startedAt: now, loggedAt: 0 };
    progress.rolledDays += result.days;
    const left = result.catchingUp;
    if (left === null) {
      const seconds = Math.round((now - progress.startedAt) / 1000);
      log.info({ event: "analytics.catch_up_done", days: progress.rolledDays, seconds }, "analytics catch-up done");
      progress.startedAt = 0;
    } else if (now - progress.loggedAt >= PROGRESS_LOG_MS) {
      progress.loggedAt = now;
      log.info(
        { event: "analytics.catch_up_progress", through: left.through, daysLeft: daysFrom(left.from, left.through) },
        "analytics catch-up under way",
      );
    }
  }

  /** Steps until nothing is left to roll (or the app stops), yielding to queued requests between two steps. */
  async function run(now?: number): Promise<number> {
    let rolled = 0;
    while (!stopped) {
      await hooks.beforeStep?.();
      if (stopped) break;
      const result = await step(now ?? Date.now());
      if (result.kind === "done") break;
      if (result.kind === "busy") {
        await sleep(BUSY_RETRY_MS, undefined, { ref: false });
        continue;
      }
      logCatchUp(result);
      if (result.kind === "rolled") rolled += result.days;
      // A macrotask, not a microtask: requests that arrived meanwhile queue their queries before the next step.
      await nextMacrotask();
    }
    return rolled;
  }

  /** Runs `task` after this process's earlier rollup work (`stop` waits for the queue). */
  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const next = queue.then(task);
    queue = next.catch(() => undefined);
    return next;
  }

  /** Rolls up every closed day not rolled yet (a catch-up included); resolves with the number of days it counted. */
  const rollUp = (now?: number): Promise<number> => enqueue(() => run(now));

  /** Deletes raw visits past their retention whose day is rolled up (never a day a catch-up has still to count). */
  const prune = (now = Date.now()): Promise<number> =>
    enqueue(async () => {
      const rolledDays = await run(now);
      if (!stopped) await options.afterRollup?.(rolledDays);
      const deletedVisits = await deleteExpired(now);
      if (!stopped) await options.afterPrune?.(deletedVisits);
      return deletedVisits;
    });

  async function deleteExpired(now: number): Promise<number> {
    const { through, catchingUp } = await readState(db);
    if (through === null || stopped) return 0;
    let before = earlier(utcDay(now - options.rawRetentionDays * DAY_MS), nextDay(through));
    if (catchingUp) before = earlier(before, catchingUp.from);
    let deleted = 0;
    while (!stopped) {
      const expired = sql`${v.createdAt} < ${startOf(before)}`;
      const result = (await db.execute(sql`
        delete from ${v} where ctid = any(array(select ctid from ${v} where ${expired} limit ${DELETE_BATCH})) and ${expired}
        returning 1`)) as unknown as Rows<unknown>;
      deleted += result.rows.length;
      if (result.rows.length < DELETE_BATCH) break;
      await nextMacrotask();
    }
    return deleted;
  }

  let retry: NodeJS.Timeout | undefined;
  async function housekeep(): Promise<number> {
    clearTimeout(retry);
    try {
      return await prune();
    } catch (error) {
      if (!stopped) {
        retry = setTimeout(
          () => housekeep().catch((err: unknown) => log.error({ err }, "analytics rollup failed")),
          RETRY_AFTER_FAILURE_MS,
        );
        retry.unref();
      }
      throw error;
    }
  }
  const daily = dailyJob("analytics rollup", housekeep, log);

  return {
    rollUp,
    prune,
    /** Where the rollups stand, read at once: statistics never wait for a rollup (see `RolledState`). */
    rolledState: () => readState(db),
    /** Days a catch-up has still to count (0 when none is under way), for /metrics. */
    async catchUpDaysLeft(): Promise<number> {
      const { catchingUp } = await readState(db);
      return catchingUp ? daysFrom(catchingUp.from, catchingUp.through) : 0;
    },
    /** Resolves once this process's runs so far have ended. */
    settled: (): Promise<void> => queue.then(() => undefined),
    hooks,
    housekeeping: {
      /**
       * Claims a catch-up (one short transaction, awaited: no statistics request can then read years of raw visits),
       * then rolls up and prunes in the background, at once and daily. A failure is logged, never thrown: the server starts.
       */
      async start(): Promise<void> {
        stopped = false;
        try {
          logCatchUp(await step(Date.now(), true));
        } catch (error) {
          log.error({ err: error }, "analytics rollup: catch-up not claimed");
        }
        daily.start();
      },
      /** Stops between two steps; resolves when the step under way has ended. */
      async stop(): Promise<void> {
        stopped = true;
        daily.stop();
        clearTimeout(retry);
        await queue;
      },
    },
  };
}
export type AnalyticsRollup = ReturnType<typeof createAnalyticsRollup>;

/** Raw visits not rolled up yet: those after the last rolled day (all of them before the first rollup). */
export function unrolledVisits(through: string | null): SQL {
  return through === null ? sql`true` : sql`${v.createdAt} >= ${startOf(nextDay(through))}`;
}

export { DIMENSION_VALUES, dayOfVisit, earlier, nextDay, previousDay };
