import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, onTestFailed } from "vitest";
import { createCluster, postgresBin } from "./postgres-cluster";
import { login, postContact, type ServerProcess, startServer, waitUntil } from "./server-process";

const bin = postgresBin();
const MESSAGE = /Service momentanément indisponible.*\/ Service temporarily unavailable/;

describe.skipIf(!bin)("fault: PostgreSQL stopped during requests", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "marine-faults-pgdown-"));
  let cluster: Awaited<ReturnType<typeof createCluster>> | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop("SIGKILL");
    cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 503 with a French/English message while it is down, stays alive, and works again once it is back", async () => {
    cluster = await createCluster(bin ?? "");
    const db = cluster;
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: db.url });
    const running = server;
    onTestFailed(() => console.log(`server output:\n${running.output().slice(-6000)}`));
    const token = await login(running.url);
    const inbox = () => fetch(`${running.url}/api/contact/submissions`, { headers: { authorization: `Bearer ${token}` } });
    expect((await postContact(running.url, "Avant l'arrêt")).status).toBe(201);
    expect((await inbox()).status).toBe(200);

    db.stop();
    const figures = { answered503: 0, other: 0 };
    for (const request of [() => postContact(running.url, "Pendant l'arrêt"), inbox, () => fetch(`${running.url}/category/pas-en-cache`)]) {
      const response = await request();
      const body = await response.text();
      if (response.status === 503) figures.answered503 += 1;
      else figures.other += 1;
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBeTruthy();
      expect(body).toMatch(MESSAGE);
    }
    const json = (await (await postContact(running.url, "Encore pendant l'arrêt")).json()) as { error: string };
    expect(json.error).toMatch(MESSAGE);
    expect(running.child.exitCode).toBeNull();

    db.start();
    await waitUntil("the API to answer again", async () => (await inbox()).status === 200);
    const after = await postContact(running.url, "Après le retour");
    expect(after.status).toBe(201);
    const subjects = ((await (await inbox()).json()) as { subject: string }[]).map((s) => s.subject).sort();
    expect(subjects).toEqual(["Après le retour", "Avant l'arrêt"]);
    console.log(
      `[fault PostgreSQL stopped] answered503=${figures.answered503} other=${figures.other} processAlive=${running.child.exitCode === null} recovered=true`,
    );
    expect(await running.stop()).toBe(0);
    server = undefined;
  }, 300_000);
});
