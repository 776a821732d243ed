import { rmSync } from "node:fs";
import { afterAll, describe, expect, inject, it } from "vitest";
import { copyTemplate } from "../template-db";
import { contactLoad, type ServerProcess, startServer, storedSubjects, waitUntil } from "./server-process";

describe("fault: SIGTERM under load", () => {
  const dataDir = copyTemplate(inject("pgliteTemplate"));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("finishes the requests in flight, answers every request it processed, exits 0 without waiting for keep-alive connections, and loses nothing acknowledged", async () => {
    // Keep-alive far above the test's 300 s: an exit that waited for idle connections to time out would not finish in time.
    const first = await startServer({ DATA_DIR: dataDir, KEEP_ALIVE_TIMEOUT_MS: "600000" });
    server = first;
    // Keep-alive clients (fetch pools its connections): the shutdown must close them without cutting an answer.
    const load = contactLoad(() => first.url, "term", 6);
    await waitUntil("60 acknowledged messages", () => load.acknowledged.size >= 60);
    const code = await first.stop("SIGTERM");
    await load.stop();
    expect(code).toBe(0);

    server = await startServer({ DATA_DIR: dataDir });
    const stored = await storedSubjects(server.url);
    const lost = [...load.acknowledged].filter((s) => !stored.has(s)).length;
    // A message stored but never acknowledged would mean an answered request was cut on its way back.
    const termSubjects = [...stored].filter((s) => s.startsWith("term-"));
    const storedNotAcknowledged = termSubjects.filter((s) => !load.acknowledged.has(s)).length;
    const { cut, answered5xx, answeredThenCut, sent } = load.figures;
    console.log(
      `[fault SIGTERM under load] acknowledged=${load.acknowledged.size} lost=${lost} cut=${cut} answered5xx=${answered5xx} ` +
        `answeredThenCut=${answeredThenCut} storedNotAcknowledged=${storedNotAcknowledged} sent=${sent}`,
    );
    expect(lost).toBe(0);
    expect(answeredThenCut).toBe(0);
    expect(storedNotAcknowledged).toBe(0);
    expect(await server.stop()).toBe(0);
    server = undefined;
  }, 300_000);
});
