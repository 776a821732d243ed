/**
 * GET /metrics in the Prometheus text format (prom-client), per instance (docs/decisions/0097-metrics.md).
 *
 * - Off unless configured: with `token`, the app's own port answers `/metrics` to `Authorization: Bearer <token>` only
 *   (401 otherwise); `startMetricsServer` opens a separate listener (METRICS_PORT, for a private interface) that
 *   answers only `/metrics`, with no token. With neither, `/metrics` is an unknown path like any other.
 * - One Registry per app (tests build several apps in one process), holding prom-client's default process metrics
 *   (CPU, memory, event-loop delay, GC) and ours: request durations by route pattern, response-cache hits and misses,
 *   the mail outbox's depth and oldest waiting mail, the database pool and database errors, cache coherence, the
 *   last successful backup, the days a catch-up of the analytics rollups has still to count, and the background jobs.
 * - Never cached (`no-store`, not a `cached` route), never a visit (visits are recorded by the pages' island), outside
 *   the rate limits (they are per route, and this route has none); its request lines are logged at debug only.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { inArray, sql } from "drizzle-orm";
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { lastBackupSuccess } from "../backup/status";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema/index";
import { errorBody } from "../lib/http-error";
import { isDatabaseUnavailable } from "../lib/unavailable";
import type { UpkeepHealth } from "../services/db-upkeep";
import type { PollerHealth } from "../services/mail/inbound/poller";
import type { ResponseCache } from "./response-cache";

export const METRICS_PATH = "/metrics";
/** The route label of a request no route matched (a 404 of Fastify's own handler). */
export const UNMATCHED_ROUTE = "unmatched";

/** Mails still to deliver: waiting for their (next) attempt, or being sent. */
const QUEUED = ["pending", "sending"] as const;

export type MetricsSource = {
  db: Db;
  cache: ResponseCache;
  /** Whether this instance's response cache is known to be coherent with the others (1/0 in `cache_coherence_ok`). */
  cacheCoherent?: () => boolean;
  /** Days of visits a catch-up of the daily rollups has still to count (services/analytics-rollup.ts). */
  analyticsCatchUpDays?: () => Promise<number>;
  /** The background jobs this instance runs (services/background-jobs.ts): one `background_job_info` sample each. */
  backgroundJobs?: readonly { name: string; schedule: string }[];
  /** This instance's view of the poll of the company mailbox (services/mail/inbound/poller.ts), when IMAP_URL is set. */
  mailbox?: () => PollerHealth | null;
  /** The embedded database's upkeep (services/db-upkeep.ts). */
  upkeep?: () => UpkeepHealth;
};

export type DatabaseErrorKind = "unavailable" | "constraint" | "data" | "query";

export type Metrics = {
  registry: Registry;
  contentType: string;
  /** Reads what is read at scrape time (database gauges), then renders every metric. */
  render(): Promise<string>;
  observeRequest(route: string, method: string, statusCode: number, seconds: number): void;
  /** A database error: a pool connection's error event, or one a request's error handler saw. */
  countDatabaseError(source: "pool" | "request", kind: DatabaseErrorKind | "connection"): void;
  /** Stops listening to the database pool's events. */
  close(): void;
};

/** The node-postgres pool behind a drizzle database (PostgreSQL, or the embedded database's pool of one). */
function poolOf(db: Db): pg.Pool | null {
  const client: unknown = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/**
 * What kind of database error this is, when it (or one it wraps, e.g. drizzle's query error) came from the database
 * or its connection: `unavailable` (connection lost or refused: answered 503), `constraint` (SQLSTATE class 23, e.g.
 * a slug already used: 409), `data` (class 22, a value the column cannot hold: 400), `query` (any other); else null.
 */
export function databaseErrorKind(error: unknown): DatabaseErrorKind | null {
  if (isDatabaseUnavailable(error)) return "unavailable";
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    if (current instanceof pg.DatabaseError) {
      if (current.code?.startsWith("23")) return "constraint";
      if (current.code?.startsWith("22")) return "data";
      return "query";
    }
    current = "cause" in current ? current.cause : undefined;
  }
  return null;
}

export function createMetrics({
  db,
  cache,
  cacheCoherent = () => true,
  analyticsCatchUpDays,
  backgroundJobs = [],
  mailbox,
  upkeep,
}: MetricsSource): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request that reached the application (response-cache hits are counted apart), by route pattern",
    labelNames: ["route", "method", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  new Counter({
    name: "response_cache_hits_total",
    help: "Requests answered from the response cache, before the application",
    registers,
    collect() {
      this.reset();
      this.inc(cache.hits);
    },
  });
  new Counter({
    name: "response_cache_misses_total",
    help: "Cacheable answers rendered by the application and stored in the response cache",
    registers,
    collect() {
      this.reset();
      this.inc(cache.misses);
    },
  });
  new Gauge({
    name: "response_cache_entries",
    help: "Entries held by the response cache",
    registers,
    collect() {
      this.set(cache.size);
    },
  });
  new Gauge({
    name: "response_cache_bytes",
    help: "Bytes held by the response cache (bodies and their compressed forms)",
    registers,
    collect() {
      this.set(cache.bytes);
    },
  });
  new Gauge({
    name: "cache_coherence_ok",
    help: "1 when this instance's response cache is known to follow the other instances' changes, else 0",
    registers,
    collect() {
      this.set(cacheCoherent() ? 1 : 0);
    },
  });

  // The poll of the company mailbox (decision 0115): only the instance holding its lease is connected.
  const mailboxHealth = () => mailbox?.() ?? null;
  new Gauge({
    name: "mailbox_poll_connected",
    help: "1 while this instance holds the mailbox poll and its IMAP connection is open, else 0 (no sample when IMAP_URL is unset)",
    registers,
    collect() {
      const health = mailboxHealth();
      if (health) this.set(health.connected ? 1 : 0);
      else this.remove();
    },
  });
  new Gauge({
    name: "mailbox_poll_last_success_timestamp_seconds",
    help: "When this instance last read the mailbox to its end (Unix time); no sample before the first time",
    registers,
    collect() {
      const at = mailboxHealth()?.lastSuccessAt;
      if (at) this.set(new Date(at).getTime() / 1000);
      else this.remove();
    },
  });
  for (const [name, help, read] of [
    ["mailbox_mails_imported_total", "Buyers' mails this instance imported into their threads", (h: PollerHealth) => h.imported],
    [
      "mailbox_mails_unmatched_total",
      "Mails this instance left in the mailbox: they answer none of our threads",
      (h: PollerHealth) => h.unmatched,
    ],
    [
      "mailbox_poll_errors_total",
      "Failed looks at the mailbox (unreachable, refused login, broken connection); each retried with back-off",
      (h: PollerHealth) => h.errors,
    ],
  ] as const)
    new Counter({
      name,
      help,
      registers,
      collect() {
        const health = mailboxHealth();
        this.reset();
        if (health) this.inc(read(health));
      },
    });

  const outboxDepth = new Gauge({
    name: "mail_outbox_queue_depth",
    help: "Mails waiting to be delivered (pending or being sent)",
    registers,
  });
  const outboxOldest = new Gauge({
    name: "mail_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest mail waiting to be delivered (0 when none waits)",
    registers,
  });
  new Gauge({
    name: "database_upkeep_last_run_timestamp_seconds",
    help:
      "When this instance last vacuumed and analyzed the embedded database's tables (Unix time; decision 0129); no sample " +
      "before the first run, nor on PostgreSQL, whose autovacuum does it",
    registers,
    collect() {
      const health = upkeep?.();
      if (health?.lastRunAt) this.set(health.lastRunAt / 1000);
      else this.remove();
    },
  });
  const backupLastSuccess = new Gauge({
    name: "backup_last_success_timestamp_seconds",
    help: "When the last backup of this database succeeded (Unix time); no sample before the first one",
    registers,
  });
  const catchUpDays = new Gauge({
    name: "analytics_rollup_catch_up_days",
    help:
      "Closed UTC days of visits a catch-up of the daily rollups has still to count (first start on years of visits never " +
      "rolled up; the statistics leave them out meanwhile); 0 when none is under way",
    registers,
  });
  const jobInfo = new Gauge({
    name: "background_job_info",
    help:
      "The background jobs this instance runs (started once the application is ready, stopped on close), by name and " +
      "schedule; always 1",
    labelNames: ["job", "schedule"] as const,
    registers,
  });
  for (const job of backgroundJobs) jobInfo.set({ job: job.name, schedule: job.schedule }, 1);
  const scrapeErrors = new Counter({
    name: "metrics_database_read_errors_total",
    help: "Scrapes whose database readings (outbox, backup, analytics catch-up) failed; those samples keep their previous value",
    registers,
  });

  const databaseErrors = new Counter({
    name: "db_errors_total",
    help:
      "Database errors. source=pool: a pooled connection's error event (kind=connection); source=request: an error a request's " +
      "query raised, by kind (unavailable: answered 503; constraint and data: refused input, answered 409/400; query: anything else, 500)",
    labelNames: ["source", "kind"] as const,
    registers,
  });
  databaseErrors.inc({ source: "pool", kind: "connection" }, 0);
  for (const kind of ["unavailable", "constraint", "data", "query"] as const) databaseErrors.inc({ source: "request", kind }, 0);

  const pool = poolOf(db);
  const onPoolError = () => databaseErrors.inc({ source: "pool", kind: "connection" });
  const onConnect = (client: pg.PoolClient) => client.on("error", onPoolError);
  if (pool) {
    pool.on("error", onPoolError);
    pool.on("connect", onConnect);
    new Gauge({
      name: "db_pool_connections",
      help: "Connections of the database pool, by state (in_use, idle)",
      labelNames: ["state"] as const,
      registers,
      collect() {
        this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
        this.set({ state: "idle" }, pool.idleCount);
      },
    });
    new Gauge({
      name: "db_pool_waiting",
      help: "Queries waiting for a connection of the database pool",
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
    new Gauge({
      name: "db_pool_max",
      help: "Most connections the database pool opens",
      registers,
      collect() {
        this.set(pool.options.max);
      },
    });
  }

  /** One indexed read of the queued rows (mail_outbox_due_idx leads with status), reads of a few settings rows. */
  async function readDatabase(): Promise<void> {
    try {
      const [queue] = await db
        .select({
          depth: sql<number>`count(*)::int`,
          oldest: sql<number | null>`extract(epoch from (now() - min(${mailOutbox.createdAt})))::float8`,
        })
        .from(mailOutbox)
        .where(inArray(mailOutbox.status, [...QUEUED]));
      outboxDepth.set(queue?.depth ?? 0);
      outboxOldest.set(Math.max(0, queue?.oldest ?? 0));
      const backup = await lastBackupSuccess(db);
      if (backup) backupLastSuccess.set(backup.getTime() / 1000);
      else backupLastSuccess.remove();
      if (analyticsCatchUpDays) catchUpDays.set(await analyticsCatchUpDays());
    } catch {
      // The scrape still answers (process and request metrics matter most when the database is down).
      scrapeErrors.inc();
    }
  }

  return {
    registry,
    contentType: registry.contentType,
    async render() {
      await readDatabase();
      return registry.metrics();
    },
    observeRequest(route, method, statusCode, seconds) {
      requestDuration.observe({ route, method, status_code: String(statusCode) }, seconds);
    },
    countDatabaseError(source, kind) {
      databaseErrors.inc({ source, kind });
    },
    close() {
      pool?.off("error", onPoolError);
      pool?.off("connect", onConnect);
    },
  };
}

/** Compares a presented token with the configured one in constant time (both hashed first: equal lengths). */
export function tokenMatches(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

declare module "fastify" {
  interface FastifyInstance {
    /** This app's metrics (registry and rendering); present when /metrics is configured. */
    metrics: Metrics;
  }
}

export type MetricsPluginOptions = MetricsSource & {
  /** With it, GET /metrics on the app's own port answers requests bearing `Authorization: Bearer <token>`. */
  token?: string | undefined;
};

/**
 * Records every request the application answers and every database error its error handler sees, and serves
 * GET /metrics behind the token when one is given. Register before the routes (its hooks apply to all of them).
 */
export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app: FastifyInstance, { token, ...source }) => {
    const { rollup } = app.services.analytics;
    const metrics = createMetrics({
      ...source,
      analyticsCatchUpDays: () => rollup.catchUpDaysLeft(),
      mailbox: () => app.services.mailbox?.health ?? null,
      upkeep: () => app.services.upkeep.health,
    });
    app.decorate("metrics", metrics);
    app.addHook("onClose", async () => metrics.close());

    app.addHook("onResponse", async (request, reply) => {
      metrics.observeRequest(request.routeOptions.url ?? UNMATCHED_ROUTE, request.method, reply.statusCode, reply.elapsedTime / 1000);
    });
    app.addHook("onError", async (_request, _reply, error: FastifyError) => {
      const kind = databaseErrorKind(error);
      if (kind) metrics.countDatabaseError("request", kind);
    });

    if (token === undefined) return;
    // A scrape every 15 s must not fill the logs: its request lines are written only when the process logs at debug.
    const verbose = app.log.level === "debug" || app.log.level === "trace";
    app.get(
      METRICS_PATH,
      // No response schema: the answer is Prometheus text (or the 401's error body), not an API answer.
      verbose ? {} : { logLevel: "warn" },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const header = request.headers.authorization ?? "";
        const presented = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
        if (!tokenMatches(presented, token)) {
          return reply
            .code(401)
            .header("www-authenticate", 'Bearer realm="metrics"')
            .send(errorBody({ code: "auth.required" }));
        }
        const text = await metrics.render();
        return reply.type(metrics.contentType).send(text);
      },
    );
  },
  { name: "metrics" },
);

export type MetricsServer = { url: string; close(): Promise<void> };

/**
 * A separate listener answering only GET /metrics, with no token: bind it to a private interface (METRICS_HOST).
 * It never logs a request and is closed with the server.
 */
export async function startMetricsServer(metrics: Metrics, { host, port }: { host: string; port: number }): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (path !== METRICS_PATH || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }).end("Not found\n");
      return;
    }
    metrics.render().then(
      (text) => {
        response.writeHead(200, { "content-type": metrics.contentType, "cache-control": "no-store" });
        response.end(request.method === "HEAD" ? undefined : text);
      },
      () => {
        response.writeHead(500, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }).end("Metrics failed\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}${METRICS_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
