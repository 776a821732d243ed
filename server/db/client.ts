import { mkdirSync } from "node:fs";
import path from "node:path";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { MIGRATIONS_DIR } from "../paths";
import { ForegroundFirstPool, type ForegroundFirstTiming } from "./background-lane";
import { acquireDirLock } from "./dir-lock";
import { initializeInChildProcess, isInitialized } from "./pglite-init";
import { pgliteStartParams } from "./pglite-settings";
import { startPgliteWorker } from "./pglite-worker";
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
  /**
   * Told when the embedded database's thread ends on its own (a crash): from then on every query fails and is
   * answered 503. Defaults to an error on the console; the server (serve.ts) exits so that its supervisor restarts it.
   */
  onEmbeddedExit?: (error: Error) => void;
  /** How the embedded database's background batches wait for the requests (decision 0139); the defaults serve. */
  foregroundFirst?: ForegroundFirstTiming;
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
    // PGlite runs PostgreSQL (WebAssembly) in a worker thread, served on a unix socket: a heavy query there never
    // holds up this thread's requests (ADR 0096). One connection: PGlite has one session, and a transaction keeps it;
    // the requests' queries take it before the background jobs' batches (decision 0139).
    const worker = await startPgliteWorker({
      dir,
      dataDir: options.dataDir,
      startParams: pgliteStartParams(),
      onExit: options.onEmbeddedExit ?? ((e: Error) => console.error(e.message)),
    });
    const pool = new ForegroundFirstPool({ ...worker.connection, max: 1, idleTimeoutMillis: 0 }, options.foregroundFirst);
    const onLost = options.onIdleError ?? ((e: Error) => console.warn(`Embedded database connection lost: ${e.message}`));
    pool.on("error", onLost);
    pool.on("connect", (client) => client.on("error", onLost));
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: "pglite",
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: async () => {
        try {
          await pool.end();
          await worker.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
