import type { FastifyInstance } from "fastify";
import { inBackground } from "../db/background-lane";

/**
 * Work the server does on its own, beside the requests: a worker, a timer, a daily housekeeping task, or a step run
 * once at start. The app's jobs are declared in one list (services/background-jobs.ts), started in one `onReady` hook
 * and stopped in one `onClose` hook (`registerBackgroundJobs`), named in the start-up log and in /metrics.
 */
export type BackgroundJob = {
  /** Short kebab-case name: the `job` label of `background_job_info` in /metrics and of the start-up log line. */
  name: string;
  /** When it runs, for people: "at start, then every 24 h", "every 5 s", "once, at start". */
  schedule: string;
  /** Awaited before the next job starts; a throw stops the sequence and fails the app's start. */
  start(): Promise<void> | void;
  /** Awaited before the previous job stops. Safe without a start: it is called for every job on close. */
  stop(): Promise<void> | void;
  /**
   * Works through many rows in batches (a catch-up, a pruning, a sweep, a vacuum): started in the background lane, so
   * on the embedded database each batch lets the requests' queries go first (db/background-lane.ts). Not for work a
   * person waits for, such as a mail to send.
   */
  bulk?: true;
};

/** The schedule of a one-off step run at start (nothing runs afterwards, nothing to stop). */
export const ONCE_AT_START = "once, at start";

/** A step run once at start, in its place in the list (e.g. before the job that relies on it). */
export function atStart(name: string, run: () => Promise<void>): BackgroundJob {
  return { name, schedule: ONCE_AT_START, start: run, stop: () => {} };
}

/** Starts the jobs one after the other, in their order, each start awaited; a bulk one in the background lane. */
export async function startJobs(jobs: readonly BackgroundJob[]): Promise<void> {
  for (const job of jobs) await (job.bulk ? inBackground(() => job.start()) : job.start());
}

/**
 * Stops every job, the last started first, each stop awaited. A stop that throws does not keep the others from
 * stopping: the first error is thrown once all have been tried.
 */
export async function stopJobs(jobs: readonly BackgroundJob[]): Promise<void> {
  const errors: unknown[] = [];
  for (const job of [...jobs].reverse()) {
    try {
      await job.stop();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
}

/**
 * Starts the jobs once the app is ready (in order), then logs one line naming them; stops them all on close (in
 * reverse), after in-flight requests finished and before the caller closes the mailer and the database. Fastify runs
 * `onClose` hooks last registered first: a plugin registered after this call closes before the jobs stop.
 */
export function registerBackgroundJobs(app: FastifyInstance, jobs: readonly BackgroundJob[]): void {
  app.addHook("onReady", async () => {
    await startJobs(jobs);
    app.log.info({ jobs: jobs.map((job) => job.name) }, "background jobs started");
  });
  app.addHook("onClose", async () => stopJobs(jobs));
}
