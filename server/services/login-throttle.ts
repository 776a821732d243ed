import { createHmac } from "node:crypto";
import { and, eq, gt, like, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginAddresses, loginThrottle } from "../db/schema/index";
import { dailyJob } from "../lib/daily-job";

/** A lock that starts at `threshold` wrong attempts, `firstDelayMs` long, doubling with each further one up to `maxDelayMs`. */
export type LockRule = { threshold: number; firstDelayMs: number; maxDelayMs: number };

const MINUTE = 60_000;
/**
 * The sign-in lockout (docs/decisions/0066-sign-in-lockout.md). Per account and address: 5 wrong attempts, then 1 minute,
 * doubling up to 1 hour, so one address gets about 30 guesses a day. Per account, from addresses it never signed in
 * from: 50 wrong attempts, then 15 minutes doubling to 1 hour, a ceiling on what many addresses together get. The
 * owner's own addresses (a sign-in within 90 days) are never held by the per-account ceiling, so strangers cannot lock
 * them out. Counts are forgotten a day after the last attempt.
 */
export const LOCKOUT = {
  address: { threshold: 5, firstDelayMs: MINUTE, maxDelayMs: 60 * MINUTE },
  account: { threshold: 50, firstDelayMs: 15 * MINUTE, maxDelayMs: 60 * MINUTE },
  memoryMs: 24 * 60 * MINUTE,
  knownAddressDays: 90,
} as const satisfies Record<string, LockRule | number>;

export function lockoutDelayMs(failures: number, rule: LockRule = LOCKOUT.address): number {
  if (failures < rule.threshold) return 0;
  return Math.min(rule.firstDelayMs * 2 ** (failures - rule.threshold), rule.maxDelayMs);
}

/** The counters of one e-mail address (the privacy erasure deletes them with everything else about it). */
export function throttleRowsOf(email: string) {
  const lower = email.trim().toLowerCase();
  return or(eq(loginThrottle.key, `account:${lower}`), like(loginThrottle.key, `pair:${lower.replace(/[\\%_]/g, "\\$&")}:%`));
}

const memory = sql`${`${LOCKOUT.memoryMs} milliseconds`}::interval`;
const delayOf = (rule: LockRule) =>
  sql`(least(${rule.firstDelayMs}::float8 * power(2, ${loginThrottle.failures} - ${rule.threshold}), ${rule.maxDelayMs}::float8) * interval '1 millisecond')`;

/** Thrown inside the reservation's transaction so that a refused second counter also undoes the first. */
class Locked extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("locked");
  }
}

/** One counted attempt on one counter: the `last_at` it wrote, and the one it replaced (null: the counter is new). */
type Reservation = { key: string; at: string; before: string | null };

export type Attempt = {
  /** Seconds until an attempt may be made again; 0 when this one may go ahead (and is counted). */
  lockedSeconds: number;
  /** The password or code was right: forget this address's count. */
  succeeded(): Promise<void>;
  /** The password was right but a code is still asked: this attempt does not count, earlier ones still do. */
  notCounted(): Promise<void>;
};

/**
 * Sign-in attempts, counted before the secret is checked: one statement per counter decides whether the attempt may
 * be made and counts it, so parallel attempts (on every instance, PGlite or PostgreSQL) never get more checks than the
 * rule allows. A right answer then clears the address's count.
 */
export function createLoginThrottle(db: Db, addressKey: string, log: { error(obj: object, msg: string): void } = console) {
  const hashAddress = (ip: string) => createHmac("sha256", addressKey).update(ip).digest("base64url").slice(0, 22);
  const pairKey = (email: string, addressHash: string) => `pair:${email}:${addressHash}`;
  const accountKey = (email: string) => `account:${email}`;

  /** Whole seconds left of the lock of `key` under `rule` (at least 1: it is called only when locked). */
  async function secondsLeft(tx: Db, key: string, rule: LockRule): Promise<number> {
    const [row] = await tx
      .select({ ms: sql<number>`(extract(epoch from (${loginThrottle.lastAt} + ${delayOf(rule)} - now())) * 1000)::float8` })
      .from(loginThrottle)
      .where(eq(loginThrottle.key, key));
    return Math.max(1, Math.ceil((row?.ms ?? 1000) / 1000));
  }

  /** Counts one attempt under `rule` (in `tx`), or throws `Locked` with the seconds left of its lock (the count unchanged). */
  async function reserve(tx: Db, key: string, rule: LockRule): Promise<Reservation> {
    // The row is locked before it is counted, so the `last_at` read here is the one this attempt replaces even when
    // parallel attempts queue on it: giving the attempt back can then put it back (see `giveBack`).
    const [previous] = await tx
      .select({ at: sql<string>`${loginThrottle.lastAt}::text` })
      .from(loginThrottle)
      .where(eq(loginThrottle.key, key))
      .for("update");
    const [counted] = await tx
      .insert(loginThrottle)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${loginThrottle.lastAt} < now() - ${memory} then 1 else ${loginThrottle.failures} + 1 end`,
          lastAt: sql`now()`,
        },
        setWhere: sql`${loginThrottle.lastAt} < now() - ${memory} or ${loginThrottle.failures} < ${rule.threshold} or ${loginThrottle.lastAt} + ${delayOf(rule)} <= now()`,
      })
      .returning({ at: sql<string>`${loginThrottle.lastAt}::text` });
    if (!counted) throw new Locked(await secondsLeft(tx, key, rule));
    return { key, at: counted.at, before: previous?.at ?? null };
  }

  /**
   * Takes a counted attempt back out of its counter, as if it had not been made: one failure less, and the lock's start
   * back to the attempt before it. Without the latter, a right password after a lock ran out would start the same lock
   * again (the count back at the threshold, `last_at` now). `last_at` is put back only while it is still this attempt's:
   * when a later attempt moved it, that one's time stays (at worst a lock a few milliseconds longer, never shorter).
   */
  async function giveBack(reservation: Reservation): Promise<void> {
    const lastAt =
      reservation.before === null
        ? loginThrottle.lastAt
        : sql`case when ${loginThrottle.lastAt} = ${reservation.at}::timestamptz then ${reservation.before}::timestamptz else ${loginThrottle.lastAt} end`;
    await db
      .update(loginThrottle)
      .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)`, lastAt })
      .where(eq(loginThrottle.key, reservation.key));
  }

  async function isKnownAddress(userId: string, addressHash: string): Promise<boolean> {
    const [row] = await db
      .select({ userId: loginAddresses.userId })
      .from(loginAddresses)
      .where(
        and(
          eq(loginAddresses.userId, userId),
          eq(loginAddresses.addressHash, addressHash),
          gt(loginAddresses.lastSuccessAt, sql`now() - ${`${LOCKOUT.knownAddressDays} days`}::interval`),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  return {
    hashAddress,

    /**
     * Asks to check a secret of `email` (an account's or not) from `ip`. `userId` names the account when it exists:
     * its own recent addresses skip the per-account ceiling.
     */
    async attempt(email: string, ip: string, userId: string | undefined): Promise<Attempt> {
      const addressHash = hashAddress(ip);
      const pair = pairKey(email, addressHash);
      const known = userId !== undefined && (await isKnownAddress(userId, addressHash));
      let lockedSeconds = 0;
      let reservations: Reservation[] = [];
      try {
        reservations = await db.transaction(async (tx) => {
          const pairReservation = await reserve(tx, pair, LOCKOUT.address);
          if (known) return [pairReservation];
          return [pairReservation, await reserve(tx, accountKey(email), LOCKOUT.account)];
        });
      } catch (error) {
        if (!(error instanceof Locked)) throw error;
        lockedSeconds = error.retryAfterSeconds;
      }
      // Only wrong answers count: a right one gives its attempt back to the account's ceiling (and, until the code
      // is right too, to the address's counter).
      const accountReservations = reservations.filter((r) => r.key !== pair);
      return {
        lockedSeconds,
        async succeeded() {
          await db.delete(loginThrottle).where(eq(loginThrottle.key, pair));
          for (const reservation of accountReservations) await giveBack(reservation);
          if (!userId) return;
          await db
            .insert(loginAddresses)
            .values({ userId, addressHash })
            .onConflictDoUpdate({ target: [loginAddresses.userId, loginAddresses.addressHash], set: { lastSuccessAt: sql`now()` } });
        },
        async notCounted() {
          for (const reservation of reservations) await giveBack(reservation);
        },
      };
    },

    /** Forgets the count of one account from one address (its owner proved the password from there). */
    async forgetAddress(email: string, ip: string): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, pairKey(email, hashAddress(ip))));
    },

    /** Counts older than the memory and addresses unused for 90 days are deleted: at start, then daily. */
    pruning: dailyJob(
      "sign-in counters pruning",
      async () => {
        await db.delete(loginThrottle).where(lt(loginThrottle.lastAt, sql`now() - ${memory}`));
        await db
          .delete(loginAddresses)
          .where(lt(loginAddresses.lastSuccessAt, sql`now() - ${`${LOCKOUT.knownAddressDays} days`}::interval`));
      },
      log,
    ),
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
