import { randomBytes } from "node:crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { MIGRATIONS_DIR } from "../server/db/client";

/**
 * When TEST_DATABASE_URL points at a PostgreSQL server, the API suite runs there too: one migrated template
 * database per run, copied (CREATE DATABASE … TEMPLATE) per test file.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

function urlFor(database: string, server = TEST_DATABASE_URL): string {
  if (!server) throw new Error("TEST_DATABASE_URL is not set");
  const url = new URL(server);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>, server = TEST_DATABASE_URL): Promise<T> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The migrated template on the PostgreSQL server at `server` (the vitest project's TEST_DATABASE_URL). */
export async function createPostgresTemplate(server: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `marine_template_${randomBytes(4).toString("hex")}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`), server);
  const pool = new pg.Pool({ connectionString: urlFor(name, server) });
  await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS_DIR });
  await pool.end();
  return { name, drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`), server).then(() => undefined) };
}

export async function copyPostgresTemplate(template: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `marine_test_${randomBytes(6).toString("hex")}`;
  await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return { url: urlFor(name), drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined) };
}
