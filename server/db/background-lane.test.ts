import { rmSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { copyTemplate } from "../../test/template-db";
import { ForegroundFirstPool, inBackground } from "./background-lane";
import { pgliteStartParams } from "./pglite-settings";
import { type PgliteWorker, startPgliteWorker } from "./pglite-worker";

describe("the embedded database's one connection, requests first", () => {
  const open: { worker: PgliteWorker; pool: ForegroundFirstPool; dataDir: string }[] = [];
  afterEach(async () => {
    for (const { worker, pool, dataDir } of open.splice(0)) {
      await pool.end().catch(() => {});
      await worker.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  async function start(timing?: { graceMs: number; maxWaitMs: number }) {
    const dataDir = copyTemplate(inject("pgliteTemplate"));
    const worker = await startPgliteWorker({
      dir: path.join(dataDir, "pglite"),
      dataDir,
      startParams: pgliteStartParams(),
      onExit: () => {},
    });
    const pool = new ForegroundFirstPool({ ...worker.connection, max: 1 }, timing);
    pool.on("error", () => {});
    open.push({ worker, pool, dataDir });
    return pool;
  }

  it("lets a request's query asked after a background batch go before it, where a plain pool serves them in arrival order", async () => {
    const pool = await start();
    const order: string[] = [];
    const held = await pool.connect();
    const background = inBackground(() => pool.query("select 1")).then(() => order.push("background"));
    // The background checkout is asked first, while a request holds the connection (a transaction of its own).
    await new Promise((resolve) => setImmediate(resolve));
    const request = pool.query("select 2").then(() => order.push("request"));
    held.release();
    await Promise.all([background, request]);
    expect(order).toEqual(["request", "background"]);
  });

  it("still gives a background batch the connection when requests never leave it, after the longest wait", async () => {
    const pool = await start({ graceMs: 20, maxWaitMs: 50 });
    let backgroundDone = false;
    // Two request loops: one of them always holds or waits for the connection, so it is never quiet.
    const requests = async () => {
      let asked = 0;
      while (!backgroundDone && asked < 5_000) {
        await pool.query("select 1");
        asked += 1;
      }
      return asked;
    };
    const loops = Promise.all([requests(), requests()]);
    await new Promise((resolve) => setImmediate(resolve));
    await inBackground(() => pool.query("select 1"));
    backgroundDone = true;
    // Both loops were still asking when the background batch got through.
    for (const asked of await loops) expect(asked).toBeLessThan(5_000);
  });

  it("lets background checkouts in one at a time: a request asked after the first one's wait goes before the second", async () => {
    const pool = await start({ graceMs: 20, maxWaitMs: 50 });
    const order: string[] = [];
    const held = await pool.connect();
    const first = inBackground(() => pool.query("select 1")).then(() => order.push("first background"));
    const second = inBackground(() => pool.query("select 2")).then(() => order.push("second background"));
    // Past the longest wait (timers fire in the order they fall due): the first one now waits in the pool itself.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const request = pool.query("select 3").then(() => order.push("request"));
    held.release();
    await Promise.all([first, second, request]);
    expect(order).toEqual(["first background", "request", "second background"]);
  });

  it("answers transactions and callback checkouts in both lanes, and a failed checkout does not block the next", async () => {
    const pool = await start();
    const inTransaction = async () => {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const { rows } = await client.query<{ n: number }>("select 41 + 1 as n");
        await client.query("commit");
        return rows[0]?.n;
      } finally {
        client.release();
      }
    };
    expect(await Promise.all([inTransaction(), inBackground(inTransaction)])).toEqual([42, 42]);
    const viaCallback = await new Promise<number>((resolve, reject) =>
      pool.connect((error, client, done) => {
        if (error || !client) return reject(error);
        client.query<{ n: number }>("select 7 as n").then(
          (result) => {
            done();
            resolve(result.rows[0]?.n ?? 0);
          },
          (queryError: unknown) => {
            done();
            reject(queryError);
          },
        );
      }),
    );
    expect(viaCallback).toBe(7);
    await expect(pool.query("select * from no_such_table")).rejects.toThrow(/no_such_table/);
    expect((await inBackground(() => pool.query<{ n: number }>("select 3 as n"))).rows).toEqual([{ n: 3 }]);
  });
});
