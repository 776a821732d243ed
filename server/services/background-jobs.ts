import { atStart, type BackgroundJob } from "../lib/background-jobs";
import { UPKEEP_HOUR_UTC } from "./db-upkeep";
import type { Services } from "./index";
import { OUTBOX_DEFAULTS } from "./mail/outbox";
import { FLUSH_MS } from "./redirects";

/** The schedule of a `dailyJob` (lib/daily-job.ts): a run at start, then one a day from then on. */
const DAILY = "at start, then every 24 h";

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** A housekeeping task of lib/daily-job.ts under its job name: batches of deletions, so bulk work. */
const daily = (name: string, job: { start(): void; stop(): void }): BackgroundJob => ({
  name,
  schedule: DAILY,
  start: () => job.start(),
  stop: () => job.stop(),
  bulk: true,
});

export type BackgroundJobOptions = {
  /** Logs what a job reports without failing the start (the media backfill). */
  log: { error(obj: object, msg: string): void };
  /** The mail outbox's polling interval when not the default (ServiceDeps.outbox.pollMs). */
  outboxPollMs?: number | undefined;
};

/**
 * Every background job of the server, in the order they start (they stop in reverse): started once the app is ready,
 * stopped on close, after in-flight requests finished and before the mailer and the database close (lib/background-jobs.ts).
 * Each start is awaited before the next; two are one-off steps at start, each placed before what relies on it.
 */
export function backgroundJobs(services: Services, { log, outboxPollMs = OUTBOX_DEFAULTS.pollMs }: BackgroundJobOptions): BackgroundJob[] {
  return [
    // Sends what is pending (from before a restart too), then wakes on each new mail and on a timer; sent mails past
    // their retention are pruned at start, then daily. Its stop waits for the mail being sent.
    {
      name: "mail-outbox",
      schedule: `on each new mail and at least every ${seconds(outboxPollMs)}; sent mails pruned ${DAILY}`,
      start: () => services.outbox.start(),
      stop: () => services.outbox.close(),
    },
    // Buyers' answers in the company mailbox join their threads: one instance polls (a lease), woken by IDLE and at
    // least every IMAP_POLL_SECONDS; a mailbox away is retried with back-off and never fails the start.
    ...(services.mailbox
      ? [
          {
            name: "mailbox-poll",
            schedule: "on IDLE news and at least every IMAP_POLL_SECONDS; back-off after a failure",
            start: () => services.mailbox?.start(),
            stop: () => services.mailbox?.stop(),
          } satisfies BackgroundJob,
        ]
      : []),
    // History rows older than a year.
    daily("history-pruning", services.history.pruning),
    // Versions beyond the newest VERSIONS.keepPerEntity of each entity.
    daily("versions-pruning", services.versions.pruning),
    // TOTP secrets left in clear by an earlier version are encrypted (a no-op once done); a failure fails the start.
    atStart("totp-secret-sealing", async () => {
      await services.auth.sealClearSecrets();
    }),
    // Stale sign-in counters.
    daily("sign-in-counter-pruning", services.auth.throttle.pruning),
    // Images stored or named before the media library existed get their row (idempotent; decision 0105), before the
    // image sweep looks at them. A failure is logged: the server starts.
    atStart("media-backfill", async () => {
      try {
        await services.media.backfill(services.storage.listObjects());
      } catch (error) {
        log.error({ err: error }, "media library: backfill failed");
      }
    }),
    // Uploaded images no content names any more are deleted after a grace period (image-sweep.ts).
    daily("image-sweep", services.images.sweeping),
    // Files uploaded for a reply never sent are dropped after a day (inbox-thread.ts), before the document sweep,
    // which removes stored files no product document nor conversation names (documents.ts).
    daily("reply-draft-pruning", services.threads.draftPruning),
    daily("document-sweep", services.documents.sweeping),
    // Contact messages older than MESSAGE_RETENTION_DAYS are deleted with their e-mails (privacy.ts).
    daily("message-retention", services.privacy.retention),
    // Closed days of visits are counted into the daily rollups, raw visits past VISIT_RETENTION_DAYS deleted. Its start
    // awaits the claim of a catch-up (analytics-rollup.ts); its stop waits for the step under way.
    {
      name: "analytics-rollup",
      schedule: `${DAILY}; again a minute after a failure`,
      start: () => services.analytics.rollup.housekeeping.start(),
      stop: () => services.analytics.rollup.housekeeping.stop(),
      bulk: true,
    },
    // The embedded database's tables of 1 MB or more: those never analyzed are analyzed at start, all are vacuumed and
    // analyzed one at a time every night (PGlite has no autovacuum); a no-op on PostgreSQL. Its stop waits for the
    // table under way (db-upkeep.ts).
    {
      name: "database-upkeep",
      schedule: `tables never analyzed at start; every night at ${String(UPKEEP_HOUR_UTC).padStart(2, "0")}:00 UTC`,
      start: () => services.upkeep.job.start(),
      stop: () => services.upkeep.job.stop(),
      bulk: true,
    },
    // Redirect hits and missing paths are counted in memory and written every few seconds, and once more on stop.
    {
      name: "redirect-hit-counting",
      schedule: `every ${seconds(FLUSH_MS)}, and at stop`,
      start: () => services.redirects.counting.start(),
      stop: () => services.redirects.counting.stop(),
    },
    // The missing-paths log is pruned to its most requested paths (redirects.ts).
    daily("missing-path-pruning", services.redirects.pruning),
  ];
}
