import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema/index";

/** How often (in counted requests) expired counters are swept away. */
const SWEEP_EVERY = 500;

type Counted = { count: number; ttl: number };

/**
 * A @fastify/rate-limit store in the database, so a limit counts the requests sent to every instance: one row per
 * route and client, counted with one upsert (a new window starts when the stored one has ended). Times come from
 * the database clock, the one clock every instance shares. Works the same on PGlite.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let counted = 0;

  async function increment(key: string, windowMs: number): Promise<Counted> {
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
  }

  class DatabaseStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    /** The plugin builds the root store with its options; children get their route's prefix. */
    constructor(prefix: unknown) {
      this.prefix = typeof prefix === "string" ? prefix : "";
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      increment(`${this.prefix}${key}`, timeWindow).then(
        (row) => callback(null, { current: row.count, ttl: row.ttl }),
        (error: Error) => callback(error),
      );
    }

    child(options: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      // Each limited route counts on its own, as the plugin's memory store does.
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new DatabaseStore(`${[route?.method ?? ""].flat().join(",")} ${route?.url ?? ""} `);
    }
  }
  return DatabaseStore;
}
