import pg from "pg";

/** How long a version read may take before the cache is skipped for the requests waiting on it. */
const READ_TIMEOUT_MS = 1_000;

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

export type CacheCoherence = {
  /**
   * Resolves once the content version has been read by a query that started after this call, and the cache cleared
   * if it moved: true when the cache may answer, false when the version could not be read (the cache must then
   * neither answer nor store). Calls made while a read is running share the next one: one query per round trip.
   */
  sync(): Promise<boolean>;
  /** Moves the version on: called after a change is committed, before its answer leaves. */
  bump(): Promise<void>;
  /** Whether the last read succeeded (the /metrics gauge). */
  readonly healthy: boolean;
  close(): Promise<void>;
};

/**
 * Keeps the response caches of several instances on one PostgreSQL coherent (decision 0099): a change moves the
 * `content_version` sequence before its answer leaves, and an instance answers from its cache only after reading the
 * version with a query started after the request arrived, clearing the cache (`onChange`) when it moved. So a change
 * acknowledged on one instance is what every instance answers next, with no listener whose connection could be lost
 * unnoticed: while the database cannot be read, nothing is answered from the cache.
 */
export function startCacheCoherence(options: { databaseUrl: string; onChange: () => void; log: Log }): CacheCoherence {
  const { databaseUrl, onChange, log } = options;
  // Its own connection: version reads never wait behind the application's queries in the main pool.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 1,
    connectionTimeoutMillis: READ_TIMEOUT_MS,
    query_timeout: READ_TIMEOUT_MS,
  });
  pool.on("error", (error) => log.warn({ err: error }, "cache coherence: connection lost"));
  let known: string | null = null;
  let healthy = false;
  let current: Promise<boolean> | null = null;
  let queued: Promise<boolean> | null = null;

  async function read(): Promise<boolean> {
    try {
      const { rows } = await pool.query<{ version: string }>(
        "select last_value::text || ':' || is_called::text as version from content_version",
      );
      const version = rows[0]?.version ?? "";
      if (version !== known) {
        known = version;
        onChange();
      }
      if (!healthy) log.info({ event: "cache.coherent" }, "cache coherence: content version readable, cache in use");
      healthy = true;
      return true;
    } catch (error) {
      // Whatever changed meanwhile is unknown: the next successful read starts from an empty cache.
      known = null;
      if (healthy) log.warn({ err: error, event: "cache.incoherent" }, "cache coherence: content version unreadable, cache off");
      healthy = false;
      return false;
    }
  }

  function start(): Promise<boolean> {
    const running = read().finally(() => {
      if (current === running) current = null;
    });
    current = running;
    return running;
  }

  return {
    sync() {
      if (!current) return start();
      // A read already running may have started before this request arrived: wait for the next one.
      queued ??= current.then(() => {
        queued = null;
        return start();
      });
      return queued;
    },
    async bump() {
      // Twice: a connection the database dropped while idle fails its first query, and the pool then opens another.
      for (let attempt = 1; ; attempt++) {
        try {
          await pool.query("select nextval('content_version')");
          return;
        } catch (error) {
          if (attempt < 2) continue;
          // The change is committed. When the database is away, the other instances cannot read the version either
          // and clear their caches when they can again; otherwise they may keep an older answer for its lifetime (10 s).
          log.warn({ err: error, event: "cache.bump_failed" }, "cache coherence: could not move the content version");
          return;
        }
      }
    },
    get healthy() {
      return healthy;
    },
    close: () => pool.end(),
  };
}
