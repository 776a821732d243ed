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
import { MIGRATIONS_DIR } from "../paths";
import { acquireDirLock } from "./dir-lock";
import { initializeInChildProcess, isInitialized } from "./pglite-init";
import { PGLITE_EXTENSIONS, pgliteStartParams } from "./pglite-settings";
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

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Told when an idle PostgreSQL connection breaks (server restarted or stopped); defaults to a console warning. */
  onIdleError?: (error: Error) => void;
};

/** PostgreSQL when a URL is given, otherwise embedded PGlite in `<dataDir>/pglite`, locked to this process. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // A bounded wait for a connection: with the server unreachable, a request fails (503) instead of hanging.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle client whose server went away emits here; without a listener the process would crash. The pool drops
    // that client and opens new ones once PostgreSQL is back.
    const onLost = options.onIdleError ?? ((e: Error) => console.warn(`PostgreSQL connection lost: ${e.message}`));
    pool.on("error", onLost);
    // A client checked out between two statements (inside a transaction) emits its own 'error' when the server goes
    // away; unheard, that event would end the process. The statement that needed it fails and is answered 503.
    pool.on("connect", (client) => client.on("error", onLost));
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
    if (!isInitialized(dir)) await initializeInChildProcess(dir, pgliteStartParams());
    const client = await PGlite.create(dir, { startParams: pgliteStartParams(), extensions: PGLITE_EXTENSIONS });
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
