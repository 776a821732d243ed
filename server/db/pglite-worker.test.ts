import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import pg from "pg";
import { afterEach, describe, expect, inject, it } from "vitest";
import { copyTemplate } from "../../test/template-db";
import { pgliteStartParams } from "./pglite-settings";
import { type PgliteWorker, startPgliteWorker } from "./pglite-worker";

describe("the embedded database's worker thread", () => {
  const dirs: string[] = [];
  const open: { worker: PgliteWorker; pool: pg.Pool }[] = [];
  afterEach(async () => {
    for (const { worker, pool } of open.splice(0)) {
      await pool.end().catch(() => {});
      await worker.close();
    }
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function start(onExit: (error: Error) => void = () => {}) {
    const dataDir = copyTemplate(inject("pgliteTemplate"));
    dirs.push(dataDir);
    const worker = await startPgliteWorker({ dir: path.join(dataDir, "pglite"), dataDir, startParams: pgliteStartParams(), onExit });
    const pool = new pg.Pool({ ...worker.connection, max: 1 });
    pool.on("error", () => {});
    open.push({ worker, pool });
    return { dataDir, worker, pool };
  }

  it("runs a heavy query while this thread keeps answering timers on time", async () => {
    const { pool } = await start();
    let done = false;
    const heavy = pool.query("select count(*)::int as n from generate_series(1, 3000000)").then((result) => {
      done = true;
      return result.rows[0];
    });
    const started = performance.now();
    await delay(20);
    const late = performance.now() - started - 20;
    expect(done).toBe(false);
    expect(late).toBeLessThan(50);
    expect(await heavy).toEqual({ n: 3_000_000 });
  });

  it("loads pg_trgm in the thread", async () => {
    const { pool } = await start();
    const result = await pool.query("select similarity('ulva lactuca', 'ulva') > 0 as similar");
    expect(result.rows[0]).toEqual({ similar: true });
  });

  it("tells the server when the thread ends on its own, and queries then fail to connect", async () => {
    const exits: Error[] = [];
    const { worker, pool } = await start((error) => exits.push(error));
    await pool.query("select 1");
    await worker.thread.terminate();
    expect(exits).toHaveLength(1);
    expect(exits[0]?.message).toMatch(/ended unexpectedly/);
    const failure = await pool.query("select 1").catch((error: unknown) => error);
    // What server/lib/unavailable.ts answers 503: the socket is gone with the thread (ENOENT on connect), or the pool's
    // idle connection broke with it (EPIPE, ECONNRESET), depending on whether the pool noticed before this query.
    expect(["ENOENT", "EPIPE", "ECONNRESET"], String(failure)).toContain((failure as { code?: unknown }).code);
  });

  it("removes its socket from the data directory when closed", async () => {
    const { dataDir, worker, pool } = await start();
    expect(existsSync(path.join(dataDir, ".s.PGSQL.5432"))).toBe(true);
    await pool.end();
    await worker.close();
    expect(existsSync(path.join(dataDir, ".s.PGSQL.5432"))).toBe(false);
  });
});
