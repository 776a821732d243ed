import type { PageQuery } from "@shared/schemas/page";
import { type MissingPath, normalisePath, PATH_MAX, type Redirect, type RedirectInput } from "@shared/schemas/redirect";
import { count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { missingPaths, redirects } from "../db/schema/index";
import { dailyJob } from "../lib/daily-job";
import { badRequest, conflict, isUniqueViolation, notFound } from "../lib/http-error";
import { createdCursorSchema, decodeCursor, type Page, pageOf } from "../lib/keyset";
import { newestFirst, pagedList } from "../lib/paged-list";

/** How often counted hits and missing paths are written (one statement each, whatever the traffic). */
export const FLUSH_MS = 5_000;
/** Distinct paths counted in memory between two writes; a path first seen past it waits for the next window. */
export const PENDING_MAX = 1_000;
/** The missing-paths log keeps the most requested this many (pruned daily, and at once when it grows 10% past). */
export const MISSING_PATHS_KEPT = 10_000;
/**
 * How long an instance answers "no redirect" from its in-memory list of redirected paths before reading it again (an
 * admin write through this instance forgets it at once): a flood of made-up paths costs no database read each.
 */
export const KNOWN_PATHS_TTL_MS = 10_000;

const REDIRECT_COLUMNS = {
  _id: redirects._id,
  fromPath: redirects.fromPath,
  toPath: redirects.toPath,
  kind: redirects.kind,
  createdAt: redirects.createdAt,
  hits: redirects.hits,
  lastHitAt: redirects.lastHitAt,
};

/**
 * Records in `tx` (the transaction changing a slug) that `fromPath` now lives at `toPath`: a permanent redirect
 * `fromPath → toPath` is stored, every redirect that pointed at `fromPath` now points at `toPath` (chains collapsed,
 * so every redirect is one hop), and a redirect from `toPath` is deleted (the address is live again, e.g. a slug
 * changed back). Paths are site paths such as `/product/old-slug`. For products and categories (here) and pages.
 */
export async function recordSlugChange(tx: Db, fromPath: string, toPath: string): Promise<void> {
  if (fromPath === toPath) return;
  await lockRedirects(tx);
  await pathIsLive(tx, toPath);
  await tx.update(redirects).set({ toPath }).where(eq(redirects.toPath, fromPath));
  await tx
    .insert(redirects)
    .values({ fromPath, toPath, kind: "auto" })
    .onConflictDoUpdate({ target: redirects.fromPath, set: { toPath, kind: "auto" } });
}

/**
 * Changes of the redirect graph take turns (a lock held until the transaction ends): two writes that each look loop-free
 * alone, such as `/a → /b` and `/b → /a` sent at once, would otherwise make a loop on PostgreSQL, each transaction
 * reading the graph before the other's row exists.
 */
async function lockRedirects(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REDIRECTS_LOCK})`);
}

/** `path` is a live address again (a new product or category took it): no redirect may start there. */
export async function pathIsLive(tx: Db, path: string): Promise<void> {
  await tx.delete(redirects).where(eq(redirects.fromPath, path));
}

/** The advisory lock key of redirect writes (any fixed number no other lock uses; "redir" in ASCII). */
const REDIRECTS_LOCK = 0x7265646972;

const missingCursorSchema = z.tuple([z.number().int().min(0), z.string().max(PATH_MAX)]);
const mostRequested = [desc(missingPaths.hits), missingPaths.path];
const afterMissing = ([hits, path]: z.output<typeof missingCursorSchema>): SQL =>
  sql`(${missingPaths.hits} < ${hits} or (${missingPaths.hits} = ${hits} and ${missingPaths.path} > ${path}))`;

/** `%`, `_` and `\` of a search typed by a person are literal. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type Counted = { count: number; at: string };

/**
 * Redirects (slug changes and manual ones) and the log of missing public paths (docs/decisions/0103-redirects.md).
 * Hits and missing paths are counted in memory and written every `FLUSH_MS` in one statement each: a flood of
 * requests costs no write per request, and at most `PENDING_MAX` distinct paths wait at a time.
 */
export function createRedirectService(db: Db, log: { error(obj: object, msg: string): void }) {
  const pendingHits = new Map<string, Counted>();
  const pendingMissing = new Map<string, Counted>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let known: { paths: Set<string>; at: number } | undefined;
  let loading: Promise<Set<string>> | undefined;

  /** Every redirected path, read at most every `KNOWN_PATHS_TTL_MS` (one query, whatever the traffic). */
  function knownPaths(): Promise<Set<string>> {
    if (known && Date.now() - known.at < KNOWN_PATHS_TTL_MS) return Promise.resolve(known.paths);
    loading ??= db
      .select({ fromPath: redirects.fromPath })
      .from(redirects)
      .then((rows) => {
        const paths = new Set(rows.map((row) => row.fromPath));
        known = { paths, at: Date.now() };
        return paths;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  function count1(pending: Map<string, Counted>, path: string): void {
    const at = new Date().toISOString();
    const known = pending.get(path);
    if (known) {
      known.count += 1;
      known.at = at;
    } else if (pending.size < PENDING_MAX) {
      pending.set(path, { count: 1, at });
    }
  }

  async function writeHits(batch: [string, Counted][]): Promise<void> {
    if (batch.length === 0) return;
    const values = sql.join(
      batch.map(([path, { count, at }]) => sql`(${path}, ${count}::integer, ${at}::timestamptz)`),
      sql`, `,
    );
    await db.execute(sql`update ${redirects} set hits = ${redirects.hits} + v.n, last_hit_at = greatest(${redirects.lastHitAt}, v.at)
      from (values ${values}) as v(path, n, at) where ${redirects.fromPath} = v.path`);
  }

  async function writeMissing(batch: [string, Counted][]): Promise<void> {
    if (batch.length === 0) return;
    const inserted = await db
      .insert(missingPaths)
      .values(batch.map(([path, { count, at }]) => ({ path, hits: count, firstSeenAt: at, lastSeenAt: at })))
      .onConflictDoUpdate({
        target: missingPaths.path,
        set: {
          hits: sql`${missingPaths.hits} + excluded.hits`,
          lastSeenAt: sql`greatest(${missingPaths.lastSeenAt}, excluded.last_seen_at)`,
        },
      })
      .returning({ fresh: sql<boolean>`xmax = 0` });
    if (inserted.some((row) => row.fresh)) {
      const [counted] = await db.select({ n: count() }).from(missingPaths);
      if ((counted?.n ?? 0) > MISSING_PATHS_KEPT * 1.1) await pruneMissing();
    }
  }

  /** Writes what was counted since the last write (also on close). */
  async function flush(): Promise<void> {
    if (flushing) await flushing;
    const hits = [...pendingHits];
    const missing = [...pendingMissing];
    pendingHits.clear();
    pendingMissing.clear();
    // One after the other: the embedded database answers one statement at a time anyway.
    flushing = writeHits(hits)
      .then(() => writeMissing(missing))
      .catch((error: unknown) => log.error({ err: error }, "redirect counters not written"))
      .finally(() => {
        flushing = undefined;
      });
    await flushing;
  }

  /** Keeps the `MISSING_PATHS_KEPT` most requested missing paths (the latest seen first among equals). */
  async function pruneMissing(): Promise<number> {
    const deleted = (await db.execute(sql`delete from ${missingPaths} where ${missingPaths.path} in (
      select ${missingPaths.path} from ${missingPaths}
      order by ${missingPaths.hits} desc, ${missingPaths.lastSeenAt} desc offset ${MISSING_PATHS_KEPT}) returning path`)) as unknown as {
      rows: { path: string }[];
    };
    return deleted.rows.length;
  }

  return {
    /**
     * The target of a redirect from `path` (normalised), or null. Counted (in memory) when found. A path missing from
     * the in-memory list answers null without a query; the list may be `KNOWN_PATHS_TTL_MS` old for a redirect added
     * through another instance.
     */
    async resolve(path: string): Promise<string | null> {
      if (!(await knownPaths()).has(path)) return null;
      const [row] = await db.select({ toPath: redirects.toPath }).from(redirects).where(eq(redirects.fromPath, path)).limit(1);
      if (!row) return null;
      count1(pendingHits, path);
      return row.toPath;
    },

    /** Counts one 404 of a public page (in memory; written with the next flush). Paths that do not normalise are not kept. */
    recordMissing(rawPath: string): void {
      const path = normalisePath(rawPath);
      if (path !== null) count1(pendingMissing, path);
    },

    flush,
    pruneMissing,
    /** Reads the redirected paths again at the next look-up (called after every admin write of this instance). */
    forget(): void {
      known = undefined;
    },
    counting: {
      start(): void {
        timer ??= setInterval(() => void flush(), FLUSH_MS);
        timer.unref();
      },
      async stop(): Promise<void> {
        clearInterval(timer);
        timer = undefined;
        await flush();
      },
    },
    pruning: dailyJob("missing paths prune", pruneMissing, log),

    /** One page of redirects, newest first; `q` found in either path. `total` counts every match. */
    list(query: { q?: string | undefined } & PageQuery): Promise<Page<Redirect> & { total: number }> {
      const pattern = query.q ? `%${likeEscaped(query.q)}%` : undefined;
      const where = pattern ? or(ilike(redirects.fromPath, pattern), ilike(redirects.toPath, pattern)) : undefined;
      return pagedList(db, { table: redirects, columns: REDIRECT_COLUMNS, order: newestFirst, cursor: createdCursorSchema, where }, query);
    },

    /**
     * A manual redirect. A target that is itself redirected is followed (one hop); refused when it comes back to
     * `fromPath` (400 `redirect.loop`) or is `fromPath` (400 `redirect.self`), and when `fromPath` already redirects
     * (409 `redirect.exists`). Redirects that pointed at `fromPath` now point at the target.
     */
    async create(input: { fromPath: string; toPath: string }): Promise<Redirect> {
      const { fromPath } = input;
      if (input.toPath === fromPath) throw badRequest({ code: "redirect.self" }, "toPath");
      try {
        return await db.transaction(async (tx) => {
          await lockRedirects(tx);
          const [next] = await tx
            .select({ toPath: redirects.toPath })
            .from(redirects)
            .where(eq(redirects.fromPath, input.toPath))
            .for("update");
          const toPath = next?.toPath ?? input.toPath;
          if (toPath === fromPath) throw badRequest({ code: "redirect.loop" }, "toPath");
          await tx.update(redirects).set({ toPath }).where(eq(redirects.toPath, fromPath));
          const [row] = await tx.insert(redirects).values({ fromPath, toPath, kind: "manual" }).returning(REDIRECT_COLUMNS);
          if (!row) throw new Error("insert returned nothing");
          await tx.delete(missingPaths).where(eq(missingPaths.path, fromPath));
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict({ code: "redirect.exists" });
        throw error;
      }
    },

    /** Answers the removed redirect's from path, which its history line keeps. */
    async remove(id: string): Promise<string> {
      const [deleted] = await db.delete(redirects).where(eq(redirects._id, id)).returning({ fromPath: redirects.fromPath });
      if (!deleted) throw notFound("redirect");
      return deleted.fromPath;
    },

    /** One page of missing paths, most requested first. */
    async missing(query: PageQuery): Promise<Page<MissingPath> & { total: number }> {
      const position = query.cursor === undefined ? undefined : decodeCursor(query.cursor, missingCursorSchema);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ path: missingPaths.path, hits: missingPaths.hits, lastSeenAt: missingPaths.lastSeenAt })
          .from(missingPaths)
          .where(position && afterMissing(position))
          .orderBy(...mostRequested)
          .limit(query.limit + 1),
        db.select({ n: count() }).from(missingPaths),
      ]);
      return { ...pageOf(rows, query.limit, (row) => [row.hits, row.path]), total: counted?.n ?? 0 };
    },

    /** Removes a line of the log (it comes back when the path is asked for again). */
    async dismiss(rawPath: string): Promise<void> {
      const path = normalisePath(rawPath) ?? rawPath;
      await db.delete(missingPaths).where(eq(missingPaths.path, path));
    },
  };
}
export type RedirectService = ReturnType<typeof createRedirectService>;
export type { RedirectInput };
