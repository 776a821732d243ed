import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";

/** Creates the database files (PostgreSQL's initdb) and shuts down cleanly; run by `node -e` in a child process. */
const INIT_SCRIPT = `
const { pglite, dir, startParams } = JSON.parse(process.env.PGLITE_INIT);
const { PGlite } = require(pglite);
PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...startParams] }).then((db) => db.close()).catch((error) => {
  console.error(error);
  process.exit(1);
});`;

/** Whether `dir` already holds a PostgreSQL data directory. */
export function isInitialized(dir: string): boolean {
  return existsSync(path.join(dir, "PG_VERSION"));
}

/**
 * Creates a new embedded database in a short-lived child process. Done in this process, PGlite's initdb leaves two
 * more WebAssembly instances and their memories (~250 MB resident) that are not given back while the database stays
 * open; the child's memory goes back to the system when it exits. Measured in
 * docs/decisions/0042-memory-on-the-embedded-database.md.
 */
export async function initializeInChildProcess(dir: string, startParams: string[]): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  await promisify(execFile)(process.execPath, ["--liftoff-only", "-e", INIT_SCRIPT], {
    env: { ...process.env, NODE_OPTIONS: "", PGLITE_INIT: JSON.stringify({ pglite, dir, startParams }) },
  });
  if (!isInitialized(dir)) throw new Error(`The embedded database could not be created in ${dir}`);
}
