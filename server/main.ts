import path from "node:path";
import { buildApp } from "./app";
import { openDatabase } from "./db/client";
import { seedDemoContent } from "./db/seed/index";
import { parseEnv } from "./env";
import { ensureAdmin } from "./lib/ensure-admin";
import { getOrCreateSecret } from "./lib/secrets";
import { createResponseCache } from "./plugins/response-cache";
import { type CacheSync, startCacheSync } from "./services/cache-sync";
import { createMailer } from "./services/mail/index";
import { createStorage } from "./services/storage/create";
import { registerSite } from "./site";

async function main(): Promise<void> {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  await database.migrate();

  const storage = createStorage(env, dataDir);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(dataDir, "outbox") });
  const jwtSecret = env.JWT_SECRET ?? (await getOrCreateSecret(database.db, "jwt_secret"));

  if (env.SEED_DEMO) await seedDemoContent(database.db, storage);
  const created = await ensureAdmin(database.db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });

  // On PostgreSQL several instances may share the database: each one's admin changes clear every instance's cache.
  const cache = createResponseCache();
  let sync: CacheSync | null = null;
  const app = await buildApp({
    cache,
    publishChange: () => sync?.publish(),
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
    db: database.db,
    mailer,
    storage,
    jwtSecret,
    publicUrl: env.PUBLIC_URL,
    trustProxy: env.TRUST_PROXY,
    rateLimit: env.RATE_LIMIT,
    logger: { level: env.LOG_LEVEL },
    site: (instance) => registerSite(instance),
  });

  if (env.DATABASE_URL) sync = startCacheSync({ databaseUrl: env.DATABASE_URL, onChange: () => cache.clear(), log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    try {
      await app.close();
      await sync?.close();
      storage.close?.();
      await mailer.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  // Listening before serving: a change made elsewhere from now on reaches this instance.
  if (sync && !(await sync.ready(30_000))) app.log.warn("cache sync: not listening yet; serving anyway, retrying in the background");
  await app.listen({ port: env.PORT, host: env.HOST });
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  console.log(`\n  Marine Algae is running on ${url}  (database: ${database.kind === "pglite" ? `embedded, ${dataDir}` : "PostgreSQL"})`);
  if (created) {
    console.log("\n  Admin account created. Sign in at", `${url}/admin/login`);
    console.log(`    e-mail:   ${created.email}`);
    console.log(`    password: ${created.password}`);
    console.log("  (shown once: keep it somewhere safe)\n");
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
