import { rmSync } from "node:fs";
import { afterAll, describe, expect, inject, it } from "vitest";
import { copyTemplate } from "../template-db";
import { contactLoad, type ServerProcess, startServer, storedSubjects, waitUntil } from "./server-process";

const ROUNDS = 3;
/** Acknowledged messages to reach in each round before the kill. */
const PER_ROUND = 40;

describe("fault: kill -9 of the server while contact messages are acknowledged", () => {
  const dataDir = copyTemplate(inject("pgliteTemplate"));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps every acknowledged message across three kills, and the killed process's lock does not stop the restart", async () => {
    const acknowledged = new Set<string>();
    const totals = { sent: 0, answered5xx: 0, cut: 0, answeredThenCut: 0, lost: 0 };
    for (let round = 1; round <= ROUNDS; round++) {
      server = await startServer({ DATA_DIR: dataDir });
      const current = server;
      if (round > 1) {
        const stored = await storedSubjects(current.url);
        totals.lost = [...acknowledged].filter((s) => !stored.has(s)).length;
        expect(totals.lost).toBe(0);
      }
      const load = contactLoad(() => current.url, `kill-${round}`);
      await waitUntil(`${PER_ROUND} acknowledged messages`, () => load.acknowledged.size >= PER_ROUND);
      // The kill lands while the clients keep posting: some requests are cut, none acknowledged may be lost.
      current.child.kill("SIGKILL");
      await current.exited;
      await load.stop();
      for (const subject of load.acknowledged) acknowledged.add(subject);
      totals.sent += load.figures.sent;
      totals.answered5xx += load.figures.answered5xx;
      totals.cut += load.figures.cut;
      totals.answeredThenCut += load.figures.answeredThenCut;
    }
    server = await startServer({ DATA_DIR: dataDir });
    const stored = await storedSubjects(server.url);
    totals.lost = [...acknowledged].filter((s) => !stored.has(s)).length;
    console.log(
      `[fault kill -9 x${ROUNDS}] acknowledged=${acknowledged.size} lost=${totals.lost} cut=${totals.cut} ` +
        `answered5xx=${totals.answered5xx} sent=${totals.sent}`,
    );
    expect(totals.lost).toBe(0);
    expect(acknowledged.size).toBeGreaterThanOrEqual(ROUNDS * PER_ROUND);
    expect(await server.stop()).toBe(0);
    server = undefined;
  }, 600_000);
});
