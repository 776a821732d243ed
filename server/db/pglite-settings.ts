import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * PostgreSQL memory settings for the embedded database. PGlite's WebAssembly heap grows to the high-water mark of
 * what PostgreSQL touches and never gives it back, so PostgreSQL's server defaults (128 MB of shared buffers, sized
 * for a dedicated machine) end up as resident memory of our process. A small site's whole database fits in a few MB.
 * Measurements: docs/decisions/0042-memory-on-the-embedded-database.md.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: "16MB",
  wal_buffers: "1MB",
  work_mem: "2MB",
  maintenance_work_mem: "16MB",
  temp_buffers: "2MB",
  effective_cache_size: "64MB",
} as const;

/** PGlite's own start parameters followed by ours (`-c name=value`, as on a postgres command line). */
export function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`])];
}

/** The PostgreSQL extensions the migrations create (`pg_trgm` for the inbox search); PGlite loads them on demand. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Where each of PGLITE_EXTENSIONS comes from, for the worker thread that loads them itself (pglite-worker.ts). */
export const PGLITE_EXTENSION_MODULES: Record<keyof typeof PGLITE_EXTENSIONS, string> = {
  pg_trgm: "@electric-sql/pglite/contrib/pg_trgm",
};
