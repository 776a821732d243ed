import path from "node:path";
import { buildApp } from "./app";
import { openDatabase } from "./db/client";
import { seedDemoContent } from "./db/seed/index";
import { parseEnv } from "./env";
import { ensureAdmin } from "./lib/ensure-admin";
import { getOrCreateSecret } from "./lib/secrets";
import { createMailer } from "./services/mail/index";
import { createDiskStorage } from "./services/storage/disk";
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

  const storage = createDiskStorage(path.join(dataDir, "uploads"));
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(dataDir, "outbox") });
  const jwtSecret = env.JWT_SECRET ?? (await getOrCreateSecret(database.db, "jwt_secret"));

  if (env.SEED_DEMO) await seedDemoContent(database.db, storage);
  const created = await ensureAdmin(database.db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });

  const app = await buildApp({
    db: database.db,
    mailer,
    storage,
    jwtSecret,
    publicUrl: env.PUBLIC_URL,
    trustProxy: env.TRUST_PROXY,
    rateLimit: env.RATE_LIMIT,
    outbox: { retryBaseMs: env.MAIL_RETRY_SECONDS * 1000 },
    logger: { level: env.LOG_LEVEL },
    site: (instance) => registerSite(instance),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    try {
      // Closing the app also stops the mail outbox worker (after its current send), before the mailer and database.
      await app.close();
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
