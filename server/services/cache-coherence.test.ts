import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { copyPostgresTemplate } from "../../test/postgres-db";
import { type CacheCoherence, startCacheCoherence } from "./cache-coherence";

const postgresTemplate = inject("postgresTemplate");
const log = { info: () => undefined, warn: () => undefined };

describe.skipIf(!postgresTemplate)("cache coherence through the content version", () => {
  let database: Awaited<ReturnType<typeof copyPostgresTemplate>>;
  let admin: pg.Client;
  const started: CacheCoherence[] = [];

  beforeAll(async () => {
    database = await copyPostgresTemplate(postgresTemplate);
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    for (const coherence of started) await coherence.close();
    await admin?.end();
    await database?.drop();
  });

  function start(onChange: () => void, databaseUrl = database.url) {
    const coherence = startCacheCoherence({ databaseUrl, onChange, log });
    started.push(coherence);
    return coherence;
  }

  it("clears an instance's cache on its first read after another instance moved the version, and only then", async () => {
    const clearedA = vi.fn();
    const clearedB = vi.fn();
    const a = start(clearedA);
    const b = start(clearedB);
    expect(await a.sync()).toBe(true);
    expect(await b.sync()).toBe(true);
    clearedB.mockClear();
    expect(await b.sync()).toBe(true);
    expect(clearedB).not.toHaveBeenCalled();

    await a.bump();
    expect(await b.sync()).toBe(true);
    expect(clearedB).toHaveBeenCalledTimes(1);
    expect(b.healthy).toBe(true);
  });

  it("answers every caller with a read that started after its call: a burst arriving just after a bump sees it, clearing once", async () => {
    const cleared = vi.fn();
    const reader = start(cleared);
    const writer = start(() => undefined);
    await reader.sync();
    cleared.mockClear();
    // A burst while a read is running: the callers that came after it started wait for the next read, which sees the bump.
    const first = reader.sync();
    await writer.bump();
    const burst = Array.from({ length: 50 }, () => reader.sync());
    expect(await first).toBe(true);
    expect(await Promise.all(burst)).toEqual(Array(50).fill(true));
    expect(cleared).toHaveBeenCalledTimes(1);
  });

  it("says the cache may not answer while the database cannot be read, and starts from an empty cache on a first successful read", async () => {
    const cleared = vi.fn();
    const unreachable = start(cleared, "postgres://postgres@127.0.0.1:1/nowhere");
    expect(await unreachable.sync()).toBe(false);
    expect(unreachable.healthy).toBe(false);
    expect(cleared).not.toHaveBeenCalled();

    // Reading again: what happened meanwhile is unknown, so the first successful read starts from an empty cache.
    const coherence = start(cleared);
    expect(await coherence.sync()).toBe(true);
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(coherence.healthy).toBe(true);
  });
});
