import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, onTestFailed } from "vitest";
import { createCluster, postgresBin } from "./postgres-cluster";
import { login, type ServerProcess, startServer, waitUntil } from "./server-process";

const bin = postgresBin();

describe.skipIf(!bin)("fault: PostgreSQL restarted under two instances", () => {
  const dirs = [
    mkdtempSync(path.join(tmpdir(), "marine-faults-coherence-a-")),
    mkdtempSync(path.join(tmpdir(), "marine-faults-coherence-b-")),
  ];
  let cluster: Awaited<ReturnType<typeof createCluster>> | undefined;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop("SIGKILL")));
    cluster?.destroy();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("never answers from a cache while the database is away, and after it is back answers each change the other instance acknowledged", async () => {
    cluster = await createCluster(bin ?? "");
    const db = cluster;
    const a = await startServer({ DATA_DIR: dirs[0] ?? "", DATABASE_URL: db.url });
    servers.push(a);
    const b = await startServer({ DATA_DIR: dirs[1] ?? "", DATABASE_URL: db.url });
    servers.push(b);
    onTestFailed(() => console.log(`A:\n${a.output().slice(-4000)}\nB:\n${b.output().slice(-4000)}`));
    const tokens = new Map([
      [a, await login(a.url)],
      [b, await login(b.url)],
    ]);
    const names = async (instance: ServerProcess) => {
      const response = await fetch(`${instance.url}/api/categories`);
      return response.status === 200 ? ((await response.json()) as { nameFr: string }[]).map((c) => c.nameFr) : response.status;
    };
    const write = (instance: ServerProcess, id: string | null, nameFr: string) =>
      fetch(`${instance.url}/api/categories${id ? `/${id}` : ""}`, {
        method: id ? "PUT" : "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${tokens.get(instance)}` },
        body: JSON.stringify({ slug: "restart", nameFr, nameEn: nameFr }),
      });
    const created = await write(a, null, "Avant");
    expect(created.status).toBe(201);
    const { _id } = (await created.json()) as { _id: string };
    // Both caches hold the current list.
    for (const instance of [a, b, a, b]) expect(await names(instance)).toEqual(["Avant"]);

    db.stop();
    // The cached list is not served while the database (and so every other instance's changes) cannot be seen.
    expect(await names(b)).toBe(503);
    expect(await names(a)).toBe(503);
    db.start();
    await waitUntil("A to answer again", async () => (await names(a)) !== 503);

    // Straight after the restart, and then alternating: each change acknowledged by one is what the other answers next.
    const stale: string[] = [];
    for (let round = 0; round < 40; round++) {
      const [writer, reader] = round % 2 === 0 ? [a, b] : [b, a];
      const name = `Après ${round}`;
      const renamed = await write(writer, _id, name);
      expect(renamed.status).toBe(200);
      const seen = await names(reader);
      if (Array.isArray(seen) ? seen[0] !== name : true) stale.push(`round ${round}: ${JSON.stringify(seen)}, expected ${name}`);
      await names(reader); // cached again for the next round
    }
    expect(stale).toEqual([]);
  }, 300_000);
});
