/**
 * PostgreSQL memory settings for the embedded database. PGlite's WebAssembly heap grows to the high-water mark of
 * what PostgreSQL touches and never gives it back, so PostgreSQL's server defaults (128 MB of shared buffers, sized
 * for a dedicated machine) end up as resident memory of our process. A small site's whole database fits in a few MB.
 * Measurements: docs/decisions/0042-memory-on-the-embedded-database.md; 8 MB of shared buffers, 10 MB less after a load,
 * doubled the 90-day report on a small site's three years of visits (decision 0140).
 */
export const PGLITE_SETTINGS = {
  shared_buffers: "16MB",
  wal_buffers: "1MB",
  work_mem: "2MB",
  maintenance_work_mem: "16MB",
  temp_buffers: "2MB",
  effective_cache_size: "64MB",
} as const;

/**
 * Our start parameters (`-c name=value`, as on a postgres command line). The worker thread and the initdb child put
 * PGlite's own defaults first; this thread never loads PGlite itself (issue 34: only the worker holds it).
 */
export function pgliteStartParams(): string[] {
  return Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
}

/**
 * The PostgreSQL extensions the migrations create (`pg_trgm` for the inbox search), by the module each comes from and
 * the name it exports; the worker thread (pglite-worker.ts) and the tests' template load them.
 */
export const PGLITE_EXTENSION_MODULES = {
  pg_trgm: "@electric-sql/pglite/contrib/pg_trgm",
} as const;
