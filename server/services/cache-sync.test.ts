import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { copyPostgresTemplate } from "../../test/postgres-db";
import { CACHE_CHANNEL, type CacheSync, startCacheSync } from "./cache-sync";

const postgresTemplate = inject("postgresTemplate");
const log = { info: () => undefined, warn: () => undefined };

describe.skipIf(!postgresTemplate)("cache sync over PostgreSQL LISTEN/NOTIFY", () => {
  let database: Awaited<ReturnType<typeof copyPostgresTemplate>>;
  let admin: pg.Client;
  const syncs: CacheSync[] = [];

  beforeAll(async () => {
    database = await copyPostgresTemplate(postgresTemplate);
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    for (const sync of syncs) await sync.close();
    await admin?.end();
    await database?.drop();
  });

  function start(onChange: () => void) {
    const sync = startCacheSync({ databaseUrl: database.url, onChange, log });
    syncs.push(sync);
    return sync;
  }

  it("clears the other instance's cache when one publishes, and not the publisher's own twice", async () => {
    const clearedA = vi.fn();
    const clearedB = vi.fn();
    const a = start(clearedA);
    const b = start(clearedB);
    await Promise.all([a.ready(), b.ready()]);
    clearedA.mockClear();
    clearedB.mockClear();
    await a.publish();
    await expect.poll(() => clearedB.mock.calls.length).toBe(1);
    expect(clearedA).not.toHaveBeenCalled();
  });

  it("reconnects a listener whose connection was cut, clears on reconnecting, and hears notifications again", async () => {
    const cleared = vi.fn();
    const sync = start(cleared);
    await sync.ready();
    cleared.mockClear();
    // Only this file's database: another test file's servers listen on the same cluster at the same time.
    const listeners = async () =>
      (await admin.query("select pid from pg_stat_activity where query = $1 and datname = current_database()", [`LISTEN ${CACHE_CHANNEL}`]))
        .rows as { pid: number }[];
    const before = await listeners();
    expect(before.length).toBeGreaterThan(0);
    for (const { pid } of before) await admin.query("select pg_terminate_backend($1)", [pid]);

    // Reconnected: a missed notification cannot be known, so the cache was cleared once more.
    await expect.poll(() => cleared.mock.calls.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await sync.ready();
    cleared.mockClear();
    await admin.query("select pg_notify($1, 'another-instance')", [CACHE_CHANNEL]);
    await expect.poll(() => cleared.mock.calls.length).toBe(1);
  });
});
