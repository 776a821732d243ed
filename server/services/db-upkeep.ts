import { setImmediate as nextMacrotask } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { dailyJob } from "../lib/daily-job";

/** 1 MB of 8 kB pages: smaller tables are left alone. */
export const UPKEEP_MIN_PAGES = 128;

type Log = { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
type Rows<T> = { rows: T[] };

/** What the last upkeep did, for /metrics and the tests. */
export type UpkeepHealth = { lastRunAt: number | null; lastSeconds: number | null; tables: number };

/**
 * Upkeep of the embedded database (issue 34, decision 0129). PGlite runs PostgreSQL as one process in single-user mode:
 * its autovacuum never runs. Left alone, no table is ever analyzed (the planner guesses: a 90-day report sorted 81,000
 * rollup rows on disk instead of hashing them), the visibility map is never set (every "index-only" scan read the
 * table as well) and the rows the retention jobs delete are never reclaimed. So it runs `VACUUM (ANALYZE)` table by
 * table, yielding to the requests queued meanwhile between two tables: daily, and when asked after bulk changes (a
 * catch-up of the rollups, a retention pass). Only tables of at least UPKEEP_MIN_PAGES: the planner needs no figures
 * to read a small table, and a site's first years (and the tests) cost two catalogue reads a day. Where an autovacuum
 * launcher runs (PostgreSQL), it does nothing. Idempotent: a killed process loses nothing, the next run does it again.
 */
export function createDbUpkeep(db: Db, log: Log) {
  let queue: Promise<unknown> = Promise.resolve();
  let stopped = false;
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

  async function tablesOf(only?: readonly string[]): Promise<string[]> {
    const result = (await db.execute(sql`
      select relname as name from pg_class
      where relkind = 'r' and relnamespace = 'public'::regnamespace 
        -- Its files' size, not relpages (which only VACUUM and ANALYZE set: 0 on a table never looked after).
        and pg_relation_size(oid) >= ${UPKEEP_MIN_PAGES * 8192}
      order by relname`)) as unknown as Rows<{ name: string }>;
    const names = result.rows.map((row) => row.name);
    return only ? names.filter((name) => only.includes(name)) : names;
  }

  /** `VACUUM (ANALYZE)` of `only` (every table of the schema when omitted) of UPKEEP_MIN_PAGES or more, one at a time. */
  async function vacuum(only?: readonly string[]): Promise<number> {
    if (stopped || !(await isNeeded())) return 0;
    const started = performance.now();
    let done = 0;
    for (const table of await tablesOf(only)) {
      if (stopped) break;
      // Outside any transaction (VACUUM refuses one): the pool's connection is free between two requests' queries.
      await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
      done += 1;
      await nextMacrotask();
    }
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    Object.assign(health, { lastRunAt: Date.now(), lastSeconds: seconds, tables: done });
    log.info({ event: "database.upkeep_done", tables: done, seconds }, "database upkeep done (vacuum and analyze)");
    return done;
  }

  /** Runs after this process's earlier upkeep (one at a time; `stop` waits for it). */
  function enqueue(only?: readonly string[]): Promise<number> {
    const next = queue.then(() => vacuum(only));
    queue = next.catch((error: unknown) => log.error({ err: error }, "database upkeep failed"));
    return next;
  }

  const daily = dailyJob("database upkeep", () => enqueue(), log);
  return {
    /** Vacuums and analyzes `tables` (all when omitted) after what is queued; resolves with the tables done. */
    vacuum: enqueue,
    health,
    job: {
      start(): void {
        stopped = false;
        daily.start();
      },
      async stop(): Promise<void> {
        stopped = true;
        daily.stop();
        await queue;
      },
    },
  };
}

export type DbUpkeep = ReturnType<typeof createDbUpkeep>;
