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

function urlFor(database: string): string {
  if (!TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createPostgresTemplate(): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `marine_template_${randomBytes(4).toString("hex")}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const pool = new pg.Pool({ connectionString: urlFor(name) });
  await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS_DIR });
  await pool.end();
  return { name, drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined) };
}

export async function copyPostgresTemplate(template: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `marine_test_${randomBytes(6).toString("hex")}`;
  await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return { url: urlFor(name), drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined) };
}
