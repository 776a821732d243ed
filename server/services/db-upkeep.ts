import { setImmediate as nextMacrotask } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** 1 MB of 8 kB pages: smaller tables are left alone. */
export const UPKEEP_MIN_PAGES = 128;
/** The nightly pass: 02:00 UTC, 03:00 in Tunisia. */
export const UPKEEP_HOUR_UTC = 2;

type Log = { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
type Rows<T> = { rows: T[] };

/** What the last upkeep did, for /metrics and the tests. */
export type UpkeepHealth = { lastRunAt: number | null; lastSeconds: number | null; tables: number };

/**
 * Upkeep of the embedded database (issue 34, decision 0129). PGlite runs PostgreSQL as one process in single-user mode:
 * its autovacuum never runs. Left alone, no table is ever analyzed (the planner guesses: a 90-day report sorted 81,000
 * rollup rows on disk instead of hashing them, and visits never analyzed may be read whole for one day's), the
 * visibility map is never set (every "index-only" scan read the table as well) and the rows the retention jobs delete
 * are never reclaimed. So:
 * - at start, tables never analyzed (an upgrade onto visits written by an older version) get `ANALYZE`: a sample, fast;
 * - every night at UPKEEP_HOUR_UTC, and when asked after bulk changes (a catch-up of the rollups, a retention pass),
 *   `VACUUM (ANALYZE)` table by table, yielding to the requests queued meanwhile between two tables: a table holds the
 *   one connection while it is vacuumed (about 1.5 s for a million visits), so the nightly pass runs when nobody reads.
 * Only tables of at least UPKEEP_MIN_PAGES: the planner needs no figures to read a small table, and a site's first
 * years (and the tests) cost two catalogue reads. Where an autovacuum launcher runs (PostgreSQL), it does nothing.
 * Idempotent: a killed process loses nothing, the next run does it again.
 */
export function createDbUpkeep(db: Db, log: Log) {
  let queue: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wanted: Promise<boolean> | undefined;
  const health: UpkeepHealth = { lastRunAt: null, lastSeconds: null, tables: 0 };

  /** Whether no autovacuum launcher looks after this database (the embedded one). Asked once. */
  function isNeeded(): Promise<boolean> {
    wanted ??= (
      db.execute(sql`select count(*)::int as n from pg_stat_activity where backend_type = 'autovacuum launcher'`) as unknown as Promise<
        Rows<{ n: number }>
      >
    ).then((result) => Number(result.rows[0]?.n ?? 0) === 0);
    wanted.catch(() => {
      wanted = undefined;
    });
    return wanted;
  }

  /** The schema's tables of UPKEEP_MIN_PAGES or more (among `only`), by name; `neverAnalyzed`: only those. */
  async function tablesOf(only?: readonly string[], neverAnalyzed = false): Promise<string[]> {
    const result = (await db.execute(sql`
      select relname as name from pg_class
      where relkind = 'r' and relnamespace = 'public'::regnamespace
        -- Its files' size, not relpages (which only VACUUM and ANALYZE set: 0 on a table never looked after).
        and pg_relation_size(oid) >= ${UPKEEP_MIN_PAGES * 8192}
        ${neverAnalyzed ? sql`and reltuples < 0` : sql``}
      order by relname`)) as unknown as Rows<{ name: string }>;
    const names = result.rows.map((row) => row.name);
    return only ? names.filter((name) => only.includes(name)) : names;
  }

  /** `statement` on each of `tables`, one at a time, yielding between two; the tables done. */
  async function eachTable(tables: string[], statement: "vacuum (analyze)" | "analyze", event: string): Promise<number> {
    const started = performance.now();
    let done = 0;
    for (const table of tables) {
      if (stopped) break;
      // Outside any transaction (VACUUM refuses one): the pool's connection is free between two requests' queries.
      await db.execute(sql`${sql.raw(statement)} ${sql.identifier(table)}`);
      done += 1;
      await nextMacrotask();
    }
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    Object.assign(health, { lastRunAt: Date.now(), lastSeconds: seconds, tables: done });
    log.info({ event, tables, seconds }, `database upkeep: ${statement} done`);
    return done;
  }

  /** Runs `task` after this process's earlier upkeep (one at a time; `stop` waits for it). */
  function enqueue(task: () => Promise<number>): Promise<number> {
    const next = queue.then(async () => (stopped || !(await isNeeded()) ? 0 : task()));
    queue = next.catch((error: unknown) => log.error({ err: error }, "database upkeep failed"));
    return next;
  }

  /** `VACUUM (ANALYZE)` of `only` (every table of UPKEEP_MIN_PAGES or more when omitted), after what is queued. */
  const vacuum = (only?: readonly string[]) =>
    enqueue(async () => eachTable(await tablesOf(only), "vacuum (analyze)", "database.upkeep_vacuumed"));
  const analyzeNew = () => enqueue(async () => eachTable(await tablesOf(undefined, true), "analyze", "database.upkeep_analyzed"));

  function scheduleNight(now = Date.now()): void {
    const next = new Date(now);
    next.setUTCHours(UPKEEP_HOUR_UTC, 0, 0, 0);
    if (next.getTime() <= now) next.setUTCDate(next.getUTCDate() + 1);
    timer = setTimeout(() => {
      void vacuum();
      scheduleNight();
    }, next.getTime() - now);
    timer.unref();
  }

  return {
    /** Vacuums and analyzes `tables` (all when omitted) after what is queued; resolves with the tables done. */
    vacuum,
    health,
    /** Resolves once the upkeep queued so far has ended. */
    settled: (): Promise<void> => queue.then(() => undefined),
    job: {
      start(): void {
        stopped = false;
        void analyzeNew();
        scheduleNight();
      },
      async stop(): Promise<void> {
        stopped = true;
        clearTimeout(timer);
        await queue;
      },
    },
  };
}

export type DbUpkeep = ReturnType<typeof createDbUpkeep>;
