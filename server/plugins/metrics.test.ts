import { rmSync } from "node:fs";
import { DrizzleQueryError, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { type Exposition, parsePrometheusText, samplesOf, sampleValue } from "../../test/prometheus-text";
import { startServer } from "../../test/server-process";
import { copyTemplate } from "../../test/template-db";
import { createTestContext, type TestContext } from "../../test/test-app";
import { recordBackupSuccess } from "../backup/status";
import { mailOutbox } from "../db/schema/index";
import type { PollerHealth } from "../services/mail/inbound/poller";
import { createMetrics, databaseErrorKind, type MetricsServer, startMetricsServer } from "./metrics";
import { createResponseCache } from "./response-cache";

const TOKEN = "metrics-token-for-tests-0123456789abcdef";
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function scrape(url: string, headers: Record<string, string> = bearer(TOKEN)): Promise<Exposition> {
  const response = await fetch(url, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return parsePrometheusText(await response.text());
}

/** The number of requests the route's histogram counted (0 when it has no series yet). */
const requestCount = (metrics: Exposition, labels: Record<string, string>) =>
  samplesOf(metrics, "http_request_duration_seconds_count", labels).reduce((sum, sample) => sum + sample.value, 0);

describe("/metrics switched off (neither METRICS_TOKEN nor METRICS_PORT)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ withAdmin: false });
  });
  afterAll(() => ctx.close());

  it("answers 404 like any unknown path, token or not", async () => {
    const unknown = await ctx.app.inject({ method: "GET", url: "/nowhere" });
    const metrics = await ctx.app.inject({ method: "GET", url: "/metrics", headers: bearer(TOKEN) });
    expect(metrics.statusCode).toBe(404);
    expect(metrics.statusCode).toBe(unknown.statusCode);
    expect(metrics.json()).toEqual({ ...unknown.json(), message: "Route GET:/metrics not found" });
  });
});

describe("/metrics behind METRICS_TOKEN on the main port", () => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestContext({ app: { metrics: { token: TOKEN }, rateLimit: false } });
    base = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => ctx.close());

  it("answers 401 with code auth.required without a token, with a wrong one, and with an admin's sign-in token", async () => {
    for (const headers of [{}, bearer("x".repeat(TOKEN.length)), bearer(`${TOKEN}-longer`), bearer(TOKEN.slice(0, -1)), ctx.auth]) {
      const response = await ctx.app.inject({ method: "GET", url: "/metrics", headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.json()).toMatchObject({ code: "auth.required" });
      expect(response.body).not.toContain("process_");
    }
  });

  it("answers the Prometheus text with the token: default process metrics, event-loop delay, memory, never a public cache header", async () => {
    const metrics = await scrape(`${base}/metrics`);
    expect(sampleValue(metrics, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(metrics.types.get("nodejs_eventloop_lag_p99_seconds")).toBe("gauge");
    expect(metrics.types.get("http_request_duration_seconds")).toBe("histogram");
    expect(sampleValue(metrics, "cache_coherence_ok")).toBe(1);
    // Twice in a row: neither stored in the response cache nor answered from it.
    await scrape(`${base}/metrics`);
    expect(ctx.app.responseCache.size).toBe(0);
  });

  it("names every background job with its schedule (background_job_info, 1 each)", async () => {
    const metrics = await scrape(`${base}/metrics`);
    const jobs = ctx.app.backgroundJobs;
    expect(jobs.length).toBeGreaterThanOrEqual(10);
    expect(metrics.types.get("background_job_info")).toBe("gauge");
    expect(samplesOf(metrics, "background_job_info")).toHaveLength(jobs.length);
    for (const { name, schedule } of jobs) expect(sampleValue(metrics, "background_job_info", { job: name, schedule }), name).toBe(1);
  });

  it("counts a request under its route pattern, never its raw URL, and an unknown path as unmatched", async () => {
    const id = "7b0c7f5e-4f3a-4c55-9a55-3c1f7e0b2d11";
    const route = { route: "/api/products/id/:id", method: "GET", status_code: "404" };
    const before = requestCount(await scrape(`${base}/metrics`), route);
    expect((await fetch(`${base}/api/products/id/${id}`, { headers: ctx.auth })).status).toBe(404);
    expect((await fetch(`${base}/no/such/path`)).status).toBe(404);
    const after = await scrape(`${base}/metrics`);
    expect(requestCount(after, route)).toBe(before + 1);
    expect(requestCount(after, { route: "unmatched", method: "GET", status_code: "404" })).toBeGreaterThanOrEqual(1);
    expect(
      after.samples.some((sample) => Object.values(sample.labels).some((value) => value.includes(id) || value.includes("no/such"))),
    ).toBe(false);
  });

  it("counts response-cache misses (stored answers) and hits (answered before the application, so not timed per route)", async () => {
    ctx.app.responseCache.clear();
    const before = await scrape(`${base}/metrics`);
    const categories = { route: "/api/categories", method: "GET", status_code: "200" };
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/api/categories`)).status).toBe(200);
    const after = await scrape(`${base}/metrics`);
    expect(sampleValue(after, "response_cache_misses_total")).toBe((sampleValue(before, "response_cache_misses_total") ?? 0) + 1);
    expect(sampleValue(after, "response_cache_hits_total")).toBe((sampleValue(before, "response_cache_hits_total") ?? 0) + 2);
    expect(requestCount(after, categories)).toBe(requestCount(before, categories) + 1);
    expect(sampleValue(after, "response_cache_entries")).toBeGreaterThanOrEqual(1);
  });

  it("shows an enqueued mail in the outbox depth and the age of the oldest one waiting", async () => {
    const before = await scrape(`${base}/metrics`);
    expect(sampleValue(before, "mail_outbox_queue_depth")).toBe(0);
    expect(sampleValue(before, "mail_outbox_oldest_pending_age_seconds")).toBe(0);
    const { db } = ctx.database;
    const row = await db.transaction((tx) =>
      ctx.app.services.outbox.enqueue(tx, {
        kind: "notification",
        submissionId: null,
        to: "company@example.com",
        subject: "Queued",
        text: "x",
      }),
    );
    // Written ten minutes ago and not due before an hour: the worker leaves it where it is during the test.
    await db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '10 minutes'`, nextAttemptAt: sql`now() + interval '1 hour'` })
      .where(eq(mailOutbox._id, row._id));
    const after = await scrape(`${base}/metrics`);
    expect(sampleValue(after, "mail_outbox_queue_depth")).toBe(1);
    expect(sampleValue(after, "mail_outbox_oldest_pending_age_seconds")).toBeGreaterThanOrEqual(600);
    expect(sampleValue(after, "mail_outbox_oldest_pending_age_seconds")).toBeLessThan(900);
    await db.delete(mailOutbox).where(eq(mailOutbox._id, row._id));
  });

  it("has no backup sample before the first backup, then its time after recordBackupSuccess", async () => {
    expect(sampleValue(await scrape(`${base}/metrics`), "backup_last_success_timestamp_seconds")).toBeUndefined();
    const at = new Date("2026-11-24T03:00:00.000Z");
    await recordBackupSuccess(ctx.database.db, at);
    expect(sampleValue(await scrape(`${base}/metrics`), "backup_last_success_timestamp_seconds")).toBe(at.getTime() / 1000);
  });

  it("reads the database pool, and counts database errors of requests and of pooled connections", async () => {
    const before = await scrape(`${base}/metrics`);
    expect(sampleValue(before, "db_pool_connections", { state: "idle" })).toBeGreaterThanOrEqual(0);
    expect(sampleValue(before, "db_pool_waiting")).toBe(0);
    expect(sampleValue(before, "db_pool_max")).toBeGreaterThanOrEqual(1);
    // A NUL character passes the schema but not PostgreSQL's text type (SQLSTATE 22021): answered 400 invalid_value.
    const data = { source: "request", kind: "data" };
    const refused = await ctx.call("POST", "/categories", { slug: "metrics-nul", nameFr: "A\u0000B", nameEn: "Nul" });
    expect(refused.json()).toMatchObject({ code: "invalid_value" });
    const pool = (ctx.database.db as { $client?: unknown }).$client;
    expect(pool).toBeInstanceOf(pg.Pool);
    // What node-postgres emits when an idle connection's server goes away (the database's own listener logs it).
    (pool as pg.Pool).emit("error", new Error("Connection terminated unexpectedly"));
    const after = await scrape(`${base}/metrics`);
    expect(sampleValue(after, "db_errors_total", data)).toBe((sampleValue(before, "db_errors_total", data) ?? 0) + 1);
    const connection = { source: "pool", kind: "connection" };
    expect(sampleValue(after, "db_errors_total", connection)).toBe((sampleValue(before, "db_errors_total", connection) ?? 0) + 1);
  });
});

describe("the background jobs", () => {
  it("start in their order once the app is ready, and every one started is stopped on close, the last started first", async () => {
    const ctx = await createTestContext({ withAdmin: false });
    const jobs = ctx.app.backgroundJobs;
    // The order of app.ts's hooks before the list existed; the two steps at start keep their places (the media rows
    // are written before the image sweep looks at the images).
    expect(jobs.map((job) => job.name)).toEqual([
      "mail-outbox",
      "history-pruning",
      "versions-pruning",
      "totp-secret-sealing",
      "sign-in-counter-pruning",
      "media-backfill",
      "image-sweep",
      "reply-draft-pruning",
      "document-sweep",
      "message-retention",
      "analytics-rollup",
      "database-upkeep",
      "redirect-hit-counting",
      "missing-path-pruning",
    ]);
    const events: string[] = [];
    for (const job of jobs) {
      const { start, stop } = job;
      vi.spyOn(job, "start").mockImplementation(async () => {
        await start.call(job);
        events.push(`start ${job.name}`);
      });
      vi.spyOn(job, "stop").mockImplementation(async () => {
        await stop.call(job);
        events.push(`stop ${job.name}`);
      });
    }
    await ctx.app.ready();
    const names = jobs.map((job) => job.name);
    expect(events).toEqual(names.map((name) => `start ${name}`));
    await ctx.close();
    expect(events.slice(names.length)).toEqual(names.toReversed().map((name) => `stop ${name}`));
  });
});

describe("the mailbox poll's figures (decision 0115)", () => {
  it("have no sample without IMAP_URL, then give this instance's connection, last success, imports, unmatched mails and errors", async () => {
    const ctx = await createTestContext({ withAdmin: false });
    let health: PollerHealth | null = null;
    const metrics = createMetrics({ db: ctx.database.db, cache: createResponseCache(), mailbox: () => health });
    try {
      const off = parsePrometheusText(await metrics.render());
      expect(sampleValue(off, "mailbox_poll_connected")).toBeUndefined();
      expect(sampleValue(off, "mailbox_poll_errors_total")).toBe(0);
      const at = "2026-11-27T08:00:00.000Z";
      health = { enabled: true, connected: true, lastSuccessAt: at, lastError: null, imported: 7, unmatched: 3, errors: 2 };
      const on = parsePrometheusText(await metrics.render());
      expect(sampleValue(on, "mailbox_poll_connected")).toBe(1);
      expect(sampleValue(on, "mailbox_poll_last_success_timestamp_seconds")).toBe(new Date(at).getTime() / 1000);
      expect(sampleValue(on, "mailbox_mails_imported_total")).toBe(7);
      expect(sampleValue(on, "mailbox_mails_unmatched_total")).toBe(3);
      expect(sampleValue(on, "mailbox_poll_errors_total")).toBe(2);
    } finally {
      metrics.close();
      await ctx.close();
    }
  });
});

describe("databaseErrorKind", () => {
  const databaseError = (code: string) => Object.assign(new pg.DatabaseError("refused", 0, "error"), { code });
  it("tells connection failures, refused input and other query errors apart, through drizzle's wrapper too", () => {
    expect(databaseErrorKind(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe("unavailable");
    expect(databaseErrorKind(new DrizzleQueryError("insert …", [], databaseError("23505")))).toBe("constraint");
    expect(databaseErrorKind(databaseError("22001"))).toBe("data");
    expect(databaseErrorKind(databaseError("42P01"))).toBe("query");
    expect(databaseErrorKind(new Error("a bug of ours"))).toBeNull();
  });
});

/** Coherence whose version cannot be read (a database away): the cache is off and the gauge says so. */
const incoherent = { sync: async () => false, bump: async () => undefined, healthy: false, close: async () => undefined };

describe("the separate metrics listener (METRICS_PORT)", () => {
  let ctx: TestContext;
  let listener: MetricsServer;
  beforeAll(async () => {
    ctx = await createTestContext({ withAdmin: false, app: { metrics: {}, coherence: incoherent } });
    await ctx.app.ready();
    listener = await startMetricsServer(ctx.app.metrics, { host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await listener.close();
    await ctx.close();
  });

  it("serves /metrics with no token and nothing else, while the main port has no /metrics", async () => {
    const metrics = await scrape(listener.url, {});
    expect(sampleValue(metrics, "cache_coherence_ok")).toBe(0);
    expect((await fetch(listener.url.replace("/metrics", "/healthz"))).status).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
  });
});

describe("the compiled server with METRICS_PORT", () => {
  const dataDir = copyTemplate(inject("pgliteTemplate"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("names the metrics address in its start-up line, serves parseable metrics there, and never logs a scrape at info", async () => {
    const server = await startServer(dataDir, { METRICS_PORT: "0", METRICS_TOKEN: TOKEN, LOG_LEVEL: "info" });
    try {
      const started = server
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { event?: string; metrics?: string })
        .find((entry) => entry.event === "server.started");
      const url = started?.metrics;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
      await scrape(`${server.url}/metrics`);
      const metrics = await scrape(url as string, {});
      expect(requestCount(metrics, { route: "/readyz", method: "GET", status_code: "200" })).toBe(1);
      expect(requestCount(metrics, { route: "/metrics", method: "GET", status_code: "401" })).toBe(1);
      expect(sampleValue(metrics, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
      expect(sampleValue(metrics, "mail_outbox_queue_depth")).toBe(0);
      expect(sampleValue(metrics, "db_pool_max")).toBe(1);
      expect(sampleValue(metrics, "cache_coherence_ok")).toBe(1);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    // Request lines are written at info: /readyz has them, a scrape (answered or refused) only at debug.
    expect(server.output()).toContain('"url":"/readyz"');
    expect(server.output()).not.toContain('"url":"/metrics"');
    // A compiled server's start and stop: generous, so that a busy machine is never a failure.
  }, 120_000);
});
