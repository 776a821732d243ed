import { randomUUID } from "node:crypto";
import pg from "pg";

/** The PostgreSQL channel every instance listens on; the payload is the id of the instance that changed content. */
export const CACHE_CHANNEL = "marine_algae_content_changed";
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

export type CacheSync = {
  /** Tells every other instance to clear its caches (sent once this instance's change is committed). */
  publish(): Promise<void>;
  /** Resolves true once the listener is connected (again), or false after `timeoutMs` when given. */
  ready(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
};

/**
 * Keeps the response caches of several instances on one PostgreSQL in step: a dedicated connection LISTENs on
 * CACHE_CHANNEL and clears this instance's cache (`onChange`) when another instance NOTIFYs. A dropped connection is
 * reopened with a growing delay, and the cache is cleared on reconnecting, since notifications sent meanwhile are lost.
 */
export function startCacheSync(options: { databaseUrl: string; onChange: () => void; log: Log }): CacheSync {
  const { databaseUrl, onChange, log } = options;
  const id = randomUUID();
  const sender = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  sender.on("error", (error) => log.warn({ err: error }, "cache sync: sender connection error"));
  let listener: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let connected = false;
  let waiters: ((connected: boolean) => void)[] = [];

  async function connect(): Promise<void> {
    if (closed) return;
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on("notification", (message) => {
      if (message.channel === CACHE_CHANNEL && message.payload !== id) onChange();
    });
    client.on("error", (error) => {
      log.warn({ err: error }, "cache sync: listener connection lost");
      lost(client);
    });
    client.on("end", () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
    } catch (error) {
      log.warn({ err: error, retryInMs: retryMs }, "cache sync: cannot listen yet");
      client.removeAllListeners("end");
      await client.end().catch(() => undefined);
      retry();
      return;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    listener = client;
    // Whatever changed while this instance was not listening is unknown: start from an empty cache.
    onChange();
    retryMs = RETRY_FIRST_MS;
    connected = true;
    for (const resolve of waiters) resolve(true);
    waiters = [];
  }

  function lost(client: pg.Client): void {
    if (listener !== client) return;
    listener = null;
    connected = false;
    client.removeAllListeners("end");
    client.end().catch(() => undefined);
    retry();
  }

  function retry(): void {
    if (closed) return;
    setTimeout(() => void connect(), retryMs).unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }

  void connect();

  return {
    async publish() {
      try {
        await sender.query("select pg_notify($1, $2)", [CACHE_CHANNEL, id]);
      } catch (error) {
        // The change itself is committed; the other instances' caches expire on their own within their lifetime.
        log.warn({ err: error }, "cache sync: could not notify the other instances");
      }
    },
    ready(timeoutMs) {
      if (connected) return Promise.resolve(true);
      return new Promise((resolve) => {
        waiters.push(resolve);
        if (timeoutMs !== undefined) setTimeout(() => resolve(false), timeoutMs).unref();
      });
    },
    async close() {
      closed = true;
      const client = listener;
      listener = null;
      if (client) {
        client.removeAllListeners("end");
        await client.end().catch(() => undefined);
      }
      await sender.end();
    },
  };
}
