import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import { buildApp } from "./app";
import { inBackground } from "./db/background-lane";
import { openDatabase } from "./db/client";
import { demoSeeding, type Env, metricsListener, parseEnv } from "./env";
import { loadDataKey } from "./lib/encryption";
import { createLogger } from "./lib/logger";
import { collectStartupGarbage } from "./lib/memory";
import { getOrCreateSecret } from "./lib/secrets";
import { securityConfigOf } from "./lib/security-config";
import { type MetricsServer, startMetricsServer } from "./plugins/metrics";
import { createResponseCache } from "./plugins/response-cache";
import { openStorage } from "./runtime";
import { startCacheCoherence } from "./services/cache-coherence";
import { ensureAdmin } from "./services/ensure-admin";
import { parseImapUrl } from "./services/mail/inbound/poller";
import { createMailer } from "./services/mail/index";
import { fillTranslationFlags } from "./services/translation-flags";

export type ServerOptions = {
  /** Registers the server-rendered site: from the build in production (server/server.ts), through Vite in dev (server/dev.ts). */
  site: (app: FastifyInstance) => Promise<void>;
  /** Named in the start-up line (e.g. "development, Vite"). */
  mode?: string;
};

/**
 * The whole server, production and dev alike: environment, database (migrated, seeded when empty), first admin,
 * services, API, uploads, health, the site, graceful shutdown on SIGTERM/SIGINT. Exits the process when it cannot start.
 */
export async function runServer(options: ServerOptions): Promise<void> {
  let env: Env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    createLogger("info").fatal({ event: "config.invalid" }, (error as Error).message);
    process.exit(1);
  }
  const log = createLogger(env.LOG_LEVEL);
  try {
    await start(options, env, log);
  } catch (error) {
    log.fatal({ err: error, event: "server.start_failed" }, error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

async function start({ site, mode }: ServerOptions, env: Env, log: Logger): Promise<void> {
  const startedAt = performance.now();
  const dataDir = path.resolve(env.DATA_DIR);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir,
    onIdleError: (error) => log.warn({ err: error, event: "database.connection_lost" }, "PostgreSQL connection lost"),
    // The embedded database's thread is gone: every request would fail. Exiting lets the supervisor start it again.
    onEmbeddedExit: (error) => {
      log.fatal({ err: error, event: "database.embedded_exit" }, error.message);
      process.exit(1);
    },
  });
  await database.migrate();

  const storage = await openStorage(env, dataDir);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(dataDir, "outbox") });
  const jwtSecret = env.JWT_SECRET ?? (await getOrCreateSecret(database.db, "jwt_secret"));
  const dataKey = loadDataKey(env.DATA_ENCRYPTION_KEY, dataDir);

  const seeding = demoSeeding(env);
  let demoMessage = `No demo content: ${seeding.reason}.`;
  if (seeding.enabled) {
    // Loaded only when seeding is on: the demo catalogue's texts stay out of a production server's memory.
    const { seedDemoContent } = await import("./seed/index");
    demoMessage = (await seedDemoContent(database.db, storage))
      ? `Demo content seeded: ${seeding.reason}.`
      : `No demo content added: the database already holds content; ${seeding.reason}.`;
  }
  const created = await ensureAdmin(database.db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });

  // On PostgreSQL several instances may share the database: each one's admin changes clear every instance's cache.
  const cache = createResponseCache();
  const coherence = env.DATABASE_URL
    ? startCacheCoherence({ databaseUrl: env.DATABASE_URL, onChange: () => cache.clear(), log })
    : undefined;
  const metricsAt = metricsListener(env);
  const app = await buildApp({
    cache,
    coherence,
    // The lead wires the real coherence state (coherence.healthy) into cache_coherence_ok.
    ...(env.METRICS_TOKEN || metricsAt ? { metrics: { token: env.METRICS_TOKEN } } : {}),
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
    db: database.db,
    mailer,
    storage,
    jwtSecret,
    publicUrl: env.PUBLIC_URL,
    dataKey: dataKey.key,
    security: securityConfigOf(env),
    trustProxy: env.TRUST_PROXY,
    rateLimit: env.RATE_LIMIT,
    contactMinFillMs: env.CONTACT_MIN_FILL_MS,
    outbox: { retryBaseMs: env.MAIL_RETRY_SECONDS * 1000 },
    mailbox: env.IMAP_URL
      ? {
          config: parseImapUrl(env.IMAP_URL),
          options: { pollMs: env.IMAP_POLL_SECONDS * 1000, leaseMs: env.IMAP_LEASE_SECONDS * 1000, exclusive: !env.DATABASE_URL },
        }
      : undefined,
    logger: log,
    site,
  });

  if (env.DATABASE_URL && dataKey.source === "file")
    app.log.warn(
      { event: "config.data_key" },
      "DATA_ENCRYPTION_KEY is unset: this instance uses <DATA_DIR>/data-key; several instances must share one DATA_ENCRYPTION_KEY",
    );

  let metricsServer: MetricsServer | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Readiness fails first; the listener stays open for SHUTDOWN_DELAY_MS so a load balancer sees it and moves on.
    app.lifecycle.draining = true;
    app.log.info({ signal, delayMs: env.SHUTDOWN_DELAY_MS }, "shutting down: /readyz now answers 503");
    try {
      if (env.SHUTDOWN_DELAY_MS > 0) await delay(env.SHUTDOWN_DELAY_MS);
      app.log.info("finishing in-flight requests");
      // Closing the app also stops the mail outbox worker (after its current send), before the mailer and database.
      // A keep-alive connection whose last request was still running when the close began becomes idle after it:
      // closed then, not left open until its keep-alive timeout (72 s) holds the exit.
      const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
      await app.close().finally(() => clearInterval(closeIdle));
      await metricsServer?.close();
      await coherence?.close();
      storage.close?.();
      await mailer.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.fatal({ err: error, event: "server.stop_failed" }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  // The first read of the content version: the cache and `cache_coherence_ok` start from what the database says.
  await coherence?.sync();
  await app.listen({ port: env.PORT, host: env.HOST });
  if (metricsAt) metricsServer = await startMetricsServer(app.metrics, metricsAt);
  collectStartupGarbage();
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  // Start-up lines are written whatever LOG_LEVEL is: an operator always sees that the server started and how.
  const lifecycle = log.child({}, { level: "info" });
  if (created) {
    // Shown once; a password the operator set (ADMIN_PASSWORD) is never written anywhere.
    lifecycle.warn(
      {
        event: "admin.created",
        email: created.email,
        signIn: `${url}/admin/login`,
        ...(created.generatedPassword ? { password: created.generatedPassword } : {}),
      },
      created.generatedPassword
        ? "Admin account created: sign in with this e-mail and password (shown once: keep it somewhere safe)"
        : "Admin account created with the password ADMIN_PASSWORD sets",
    );
  }
  lifecycle.info(
    {
      event: "server.started",
      url,
      mode: mode ?? "production",
      database: database.kind === "pglite" ? `embedded, ${dataDir}` : "PostgreSQL",
      startupMs: Math.round(performance.now() - startedAt),
      ...(metricsServer ? { metrics: metricsServer.url } : {}),
    },
    `Marine Algae is running on ${url}. ${demoMessage}`,
  );
  // Rows without a translation flag yet (before its migration, or written by SQL): computed once, in the background in
  // small batches so requests are answered meanwhile (decision 0121), each batch after them (decision 0139).
  inBackground(() => fillTranslationFlags(database.db))
    .then((rows) => {
      if (rows > 0) lifecycle.info({ event: "translation_flags.filled", rows }, `Translation flags computed for ${rows} rows.`);
    })
    .catch((error: unknown) => app.log.warn({ err: error, event: "translation_flags.failed" }, "translation flags not computed"));
}
