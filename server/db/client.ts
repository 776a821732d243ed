import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { MIGRATIONS_DIR } from "../lib/paths";
import { acquireDirLock } from "./dir-lock";
import { pgliteStartParams } from "./pglite-settings";
import * as schema from "./schema/index";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export { MIGRATIONS_DIR };

export type DatabaseOptions = { databaseUrl?: string | undefined; dataDir: string };

/** PostgreSQL when a URL is given, otherwise embedded PGlite in `<dataDir>/pglite`, locked to this process. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const dir = path.join(options.dataDir, "pglite");
  const release = acquireDirLock(options.dataDir);
  try {
    mkdirSync(dir, { recursive: true });
    const client = await PGlite.create(dir, { startParams: pgliteStartParams() });
    const db = drizzlePglite(client, { schema });
    return {
      db,
      kind: "pglite",
      migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
