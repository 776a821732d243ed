import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { captureLog } from "../../test/log-capture";
import { inBackgroundLane } from "../db/background-lane";
import { atStart, type BackgroundJob, ONCE_AT_START, registerBackgroundJobs, startJobs, stopJobs } from "./background-jobs";

/** Jobs that write what happens to them into `events`; a start or stop of a name in `failing` throws. */
function recordedJobs(names: string[], failing: { start?: string; stop?: string[] } = {}) {
  const events: string[] = [];
  const jobs: BackgroundJob[] = names.map((name) => ({
    name,
    schedule: "every 1 s",
    async start() {
      // A start that takes a while: the next one waits for it.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (failing.start === name) throw new Error(`${name} cannot start`);
      events.push(`start ${name}`);
    },
    stop() {
      if (failing.stop?.includes(name)) throw new Error(`${name} cannot stop`);
      events.push(`stop ${name}`);
    },
  }));
  return { events, jobs };
}

describe("registerBackgroundJobs", () => {
  it("starts the jobs in order once the app is ready, logs one line naming them, and stops each in reverse on close", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({ logger: captureLog(lines) });
    const { events, jobs } = recordedJobs(["outbox", "pruning", "counting"]);
    registerBackgroundJobs(app, jobs);
    await app.ready();
    expect(events).toEqual(["start outbox", "start pruning", "start counting"]);
    expect(lines.filter((line) => line.msg === "background jobs started")).toEqual([
      expect.objectContaining({ level: 30, jobs: ["outbox", "pruning", "counting"] }),
    ]);
    await app.close();
    expect(events.slice(3)).toEqual(["stop counting", "stop pruning", "stop outbox"]);
  });

  it("fails the start at a start that throws, starts nothing after it, and still stops every job on close", async () => {
    const app = Fastify();
    const { events, jobs } = recordedJobs(["outbox", "sealing", "sweep"], { start: "sealing" });
    registerBackgroundJobs(app, jobs);
    await expect(app.ready()).rejects.toThrow("sealing cannot start");
    expect(events).toEqual(["start outbox"]);
    await app.close();
    expect(events.slice(1)).toEqual(["stop sweep", "stop sealing", "stop outbox"]);
  });
});

describe("startJobs", () => {
  it("runs a bulk job, and the timers it sets, in the background lane; another job and the caller stay out of it", async () => {
    const seen: Record<string, boolean> = {};
    let later: Promise<void> = Promise.resolve();
    const bulk: BackgroundJob = {
      ...atStart("sweep", async () => {
        seen.start = inBackgroundLane();
        later = new Promise((resolve) =>
          setTimeout(() => {
            seen.timer = inBackgroundLane();
            resolve();
          }, 1),
        );
      }),
      bulk: true,
    };
    const outbox = atStart("outbox", async () => {
      seen.outbox = inBackgroundLane();
    });
    await startJobs([bulk, outbox]);
    await later;
    expect(seen).toEqual({ start: true, timer: true, outbox: false });
    expect(inBackgroundLane()).toBe(false);
  });
});

describe("stopJobs", () => {
  it("tries every stop when some throw, then throws the first error", async () => {
    const { events, jobs } = recordedJobs(["a", "b", "c", "d"], { stop: ["c", "b"] });
    await expect(stopJobs(jobs)).rejects.toThrow("c cannot stop");
    expect(events).toEqual(["stop d", "stop a"]);
  });
});

describe("atStart", () => {
  it("is a one-off step: run at start, nothing to stop", async () => {
    let runs = 0;
    const step = atStart("sealing", async () => {
      runs += 1;
    });
    expect(step).toMatchObject({ name: "sealing", schedule: ONCE_AT_START });
    await step.start();
    await step.stop();
    expect(runs).toBe(1);
  });
});
