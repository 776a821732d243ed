import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import { type AppOptions, buildApp } from "../server/app";
import { type Database, openDatabase } from "../server/db/client";
import { users } from "../server/db/schema/users";
import { hashSecret, toUser } from "../server/services/auth";
import { createMailer } from "../server/services/mail/index";
import type { Mailer } from "../server/services/mail/types";
import { createDiskStorage } from "../server/services/storage/disk";
import { createS3Storage } from "../server/services/storage/s3";
import type { ImageStorage } from "../server/services/storage/types";
import { copyPostgresTemplate } from "./postgres-db";
import type { TestS3 } from "./s3-server";
import { startTestSmtp, type TestSmtp } from "./smtp";
import { copyTemplate } from "./template-db";

/** The data encryption key of test servers (a real key, fixed so two test servers on one database agree). */
export const TEST_DATA_KEY = Buffer.alloc(32, 7);

export const ADMIN = { email: "admin@test.local", password: "correct-horse-battery" };

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  smtp: TestSmtp;
  mailer: Mailer;
  storage: ImageStorage;
  dataDir: string;
  /** Bearer token of the seeded admin. */
  token: string;
  auth: { authorization: string };
  /** Calls `/api<url>` as the signed-in admin (or anonymously with `signedIn` false). */
  call(method: ApiMethod, url: string, payload?: unknown, signedIn?: boolean): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

/** The signing secret of every test app (sessions, the contact form's render time). */
export const TEST_JWT_SECRET = "test-secret-test-secret-test-secret-0123";

/**
 * A real server (not listening) on a fresh copy of the migrated database, with a real SMTP server.
 * The database is embedded PGlite, or PostgreSQL when the run was started with TEST_DATABASE_URL.
 */
export type TestContextOptions = {
  withAdmin?: boolean;
  /** Images in a new bucket of this S3-compatible server instead of `<dataDir>/uploads`. */
  s3?: TestS3;
  /** Extra options of buildApp (logger, rate limits, site). */
  app?: Partial<AppOptions>;
};

/** The seeded admin's password hash, made once per test process: argon2 is slow on purpose, and every file seeds the same admin. */
let adminPasswordHash: Promise<string> | undefined;

/**
 * The admin every test file starts with, signed in as an injected request would be (the address and user agent of
 * `app.inject`), without paying argon2 twice per file (its hash, then the sign-in's check): about 0.2 CPU-seconds a file.
 * The sign-in itself is proven by the auth route tests.
 */
async function seedAdmin(app: FastifyInstance, database: Database): Promise<string> {
  // Ready, as the sign-in request used to make it: its background jobs (the outbox) run before the test's first call.
  await app.ready();
  adminPasswordHash ??= hashSecret(ADMIN.password);
  const [row] = await database.db
    .insert(users)
    .values({ email: ADMIN.email, passwordHash: await adminPasswordHash, lastLoginAt: sql`now()` })
    .returning();
  if (!row) throw new Error("the test admin was not stored");
  return app.services.auth.issueToken(toUser(row), { ip: "127.0.0.1", userAgent: "lightMyRequest" });
}

export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const postgresTemplate = inject("postgresTemplate");
  // On PostgreSQL the data folder holds only the outbox and the uploads: an empty one, not a copy of the embedded template.
  const dataDir = postgresTemplate ? mkdtempSync(path.join(tmpdir(), "marine-algae-test-")) : copyTemplate(inject("pgliteTemplate"));
  const postgres = postgresTemplate ? await copyPostgresTemplate(postgresTemplate) : null;
  // The API tests change tables under the background jobs' first runs (they delete the rollup marker, insert old
  // visits…): those runs take the connection in arrival order, so they end at start, before the test acts. How a
  // batch waits for the requests has its own test (server/db/background-lane.test.ts).
  const database = await openDatabase({ dataDir, databaseUrl: postgres?.url, foregroundFirst: { graceMs: 0, maxWaitMs: 0 } });
  const smtp = await startTestSmtp();
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: "Marine Algae <contact@marine-algae.test>",
    outboxDir: path.join(dataDir, "outbox"),
  });
  const storage = options.s3
    ? createS3Storage({
        bucket: await options.s3.createBucket(),
        region: "us-east-1",
        endpoint: options.s3.endpoint,
        forcePathStyle: true,
        credentials: options.s3.credentials,
      })
    : createDiskStorage(path.join(dataDir, "uploads"));
  const app = await buildApp({
    db: database.db,
    mailer,
    storage,
    jwtSecret: TEST_JWT_SECRET,
    publicUrl: "http://localhost:3000",
    dataKey: TEST_DATA_KEY,
    ...options.app,
  });
  const token = options.withAdmin === false ? "" : await seedAdmin(app, database);
  return {
    app,
    database,
    smtp,
    mailer,
    storage,
    dataDir,
    token,
    auth: { authorization: `Bearer ${token}` },
    call(method, url, payload, signedIn = true) {
      const options: InjectOptions = { method, url: `/api${url}`, headers: signedIn ? { authorization: `Bearer ${token}` } : {} };
      if (payload !== undefined) options.payload = payload as InjectOptions["payload"];
      return app.inject(options);
    },
    async close() {
      await app.close();
      await mailer.close();
      await smtp.close();
      await database.close();
      storage.close?.();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
