import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema/index";

/** How often (in counted requests) expired counters are swept away. */
const SWEEP_EVERY = 500;

type Counted = { count: number; ttl: number };

/**
 * Counters in the database, so a limit counts what reaches every instance: one row per purpose and client, counted
 * with one upsert (a new window starts when the stored one has ended). Times come from the database clock, the one
 * clock every instance shares. Works the same on PGlite.
 */
export function createCounters(db: Db) {
  let counted = 0;
  return {
    /** Adds one to `key`'s counter in a window of `windowMs`: the count so far in the window and the ms it has left. */
    async increment(key: string, windowMs: number): Promise<Counted> {
      const window = sql`make_interval(secs => ${windowMs / 1000})`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: sql`now() + ${window}` })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({
          count: rateLimits.count,
          ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000))::integer`,
        });
      if (++counted % SWEEP_EVERY === 0) await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
      if (!row) throw new Error("rate limit upsert returned no row");
      return row;
    },
  };
}
export type Counters = ReturnType<typeof createCounters>;

type ChildOptions = { groupId?: string; routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A @fastify/rate-limit store on these counters. A route whose limit names a purpose (`groupId`, lib/rate-limits.ts)
 * counts in that purpose's budget, whatever its path or method: `contact 203.0.113.7`. One without counts on its own.
 */
export function databaseRateLimitStore(counters: Counters): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    private readonly group: string;
    /** The plugin builds the root store with its options; children get their purpose or their route. */
    constructor(prefix: unknown, group = "") {
      this.prefix = typeof prefix === "string" ? prefix : "";
      this.group = group;
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      // The plugin appends the group to the client's key; the purpose already leads it.
      const client = this.group && key.endsWith(this.group) ? key.slice(0, -this.group.length) : key;
      counters.increment(`${this.prefix}${client}`, timeWindow).then(
        (row) => callback(null, { current: row.count, ttl: row.ttl }),
        (error: Error) => callback(error),
      );
    }

    child(options: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      const { groupId, routeInfo } = options as ChildOptions;
      if (groupId) return new DatabaseStore(`${groupId} `, groupId);
      return new DatabaseStore(`${[routeInfo?.method ?? ""].flat().join(",")} ${routeInfo?.url ?? ""} `);
    }
  }
  return DatabaseStore;
}

/** A budget of `max` in any window of `windowMs`. */
export type Budget = { max: number; windowMs: number };

/**
 * Budgets a service spends for something other than a request (a mail to a stranger, a row in a report), counted on the
 * same shared counters. `subject` names who or what spends it (a hashed address, a client key); off (always allowed)
 * when rate limiting is off.
 */
export function createBudgets(counters: Counters, enabled: boolean) {
  return {
    async take(purpose: string, subject: string, budget: Budget): Promise<boolean> {
      if (!enabled) return true;
      const { count } = await counters.increment(`${purpose} ${subject}`, budget.windowMs);
      return count <= budget.max;
    },
  };
}
export type Budgets = ReturnType<typeof createBudgets>;
