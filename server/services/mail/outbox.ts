import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { MailDelivery } from "@shared/schemas/contact";
import { and, asc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type MailKind, mailOutbox, mailThreadIds, type OutboxAttachment } from "../../db/schema/index";
import { dailyJob } from "../../lib/daily-job";
import { isSealed, type Sealer } from "../../lib/encryption";
import type { Mailer } from "./types";

type Row = typeof mailOutbox.$inferSelect;
const DAY_MS = 86_400_000;
type Log = { error(obj: object, msg: string): void; info(obj: object, msg: string): void };

export type OutboxOptions = {
  /** Delay before the first retry; it doubles with each attempt up to `maxDelayMs`. */
  retryBaseMs?: number;
  maxDelayMs?: number;
  /** After this many failed attempts the mail is `failed` for good. */
  maxAttempts?: number;
  /** How long a claimed (`sending`) row stays reserved; past it, the row is considered abandoned and sent again. */
  leaseMs?: number;
  /** Longest sleep between two looks at the table (rows queued by other instances, retries that came due). */
  pollMs?: number;
  batchSize?: number;
  /** Sent mails are deleted this many days after they left (a reply's text stays with its message in the inbox). */
  sentRetentionDays?: number;
};

export const OUTBOX_DEFAULTS = {
  retryBaseMs: 30_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 12,
  // Longer than the mailer's worst case (10 s connect + 10 s greeting + 30 s socket timeouts).
  leaseMs: 2 * 60_000,
  pollMs: 30_000,
  batchSize: 10,
  sentRetentionDays: 30,
} satisfies Required<OutboxOptions>;

export type NewMail = {
  kind: MailKind;
  submissionId: string | null;
  to: string;
  subject: string;
  text: string;
  /** The HTML part (mail/templates), built from the same template as `text`. */
  html?: string;
  /** Files from the document store the mail carries. */
  attachments?: OutboxAttachment[];
  /** Chosen beforehand (`newMessageId()`) when something else must name the mail in the same transaction. */
  messageId?: string;
  /** The body carries a secret (an invitation link): it is stored encrypted and only the worker reads it. */
  secret?: boolean;
  replyTo?: string;
  inReplyTo?: string;
  references?: string[];
};

/** `<uuid@domain-of-the-company-mailbox>`: chosen once per outbox row, so a resend is recognisable as the same mail. */
export function newMessageId(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const domain = address.split("@")[1]?.trim() || "localhost";
  return `<${randomUUID()}@${domain}>`;
}

/** Why the SMTP server or the connection failed, on one short line (nodemailer never puts credentials in messages). */
export function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 300) || "erreur inconnue";
}

/** An SMTP 5xx answer is permanent (RFC 5321 §4.2.1): retrying would only be refused again. */
/** A body sealed with another data key (a restore without DATA_ENCRYPTION_KEY) can never be read: no retry helps. */
class UnreadableBody extends Error {
  constructor() {
    super("corps chiffré illisible : la clé de chiffrement des données a changé (DATA_ENCRYPTION_KEY)");
  }
}

function isPermanent(error: unknown): boolean {
  if (error instanceof UnreadableBody) return true;
  const code = typeof error === "object" && error !== null && "responseCode" in error ? Number(error.responseCode) : 0;
  return code >= 500 && code < 600;
}

export function deliveryOf(row: Pick<Row, "status" | "lastError">): MailDelivery {
  if (row.status === "sent") return { status: "sent" };
  if (row.status === "failed") return { status: "failed", error: row.lastError ?? "erreur inconnue" };
  return row.lastError ? { status: "pending", error: row.lastError } : { status: "pending" };
}

/**
 * The mail outbox: `enqueue` writes a mail inside the caller's transaction; the worker claims due rows with
 * `FOR UPDATE SKIP LOCKED` (so instances sharing one PostgreSQL never take the same row), marks them `sending` with a
 * lease, sends, then marks them `sent` or schedules a retry with exponential backoff.
 *
 * Delivery is at-least-once: if the process dies after the SMTP server accepted a mail but before the row says
 * `sent`, the lease runs out and the mail is sent again, with the same Message-ID so mail clients can tell.
 */
export type { OutboxAttachment };

/** Opens a stored file by its SHA-256 (the document store), for the attachments of a mail being sent. */
export type FileOpener = (hash: string) => Promise<{ stream: Readable } | null>;

export function createOutbox(db: Db, mailer: Mailer, log: Log, sealer: Sealer, openFile: FileOpener, options: OutboxOptions = {}) {
  const o = { ...OUTBOX_DEFAULTS, ...options };
  let closed = false;
  let started = false;
  let running: Promise<void> | null = null;
  let wakeAgain = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Mails the SMTP server accepted whose `sent` mark could not be written yet (database unreachable). */
  const unrecorded = new Set<string>();

  const due = or(
    and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, sql`now()`)),
    and(eq(mailOutbox.status, "sending"), lte(mailOutbox.leaseUntil, sql`now()`)),
  );

  /** Reserves up to one batch of due rows (or the one row `id`) for this process, in one short transaction. */
  function claim(id?: string): Promise<Row[]> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: mailOutbox._id })
        .from(mailOutbox)
        .where(id ? and(eq(mailOutbox._id, id), due) : due)
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(id ? 1 : o.batchSize)
        .for("update", { skipLocked: true });
      if (rows.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({
          status: "sending",
          attempts: sql`${mailOutbox.attempts} + 1`,
          leaseUntil: sql`now() + make_interval(secs => ${o.leaseMs / 1000})`,
        })
        .where(
          inArray(
            mailOutbox._id,
            rows.map((r) => r.id),
          ),
        )
        .returning();
    });
  }

  function openBody(sealed: string): string {
    try {
      return sealer.open(sealed);
    } catch {
      throw new UnreadableBody();
    }
  }

  /** What a mail's log lines carry: the contact message it belongs to links them to the request that stored it. */
  const mailFields = (row: Row) => ({ outboxId: row._id, kind: row.kind, submissionId: row.submissionId });

  /** The mail's files, opened as streams; a file gone from the store fails the try (retried, then failed for good). */
  async function attachmentsOf(row: Row) {
    return Promise.all(
      row.attachments.map(async (file) => {
        const opened = await openFile(file.hash);
        if (!opened) throw new Error(`pièce jointe introuvable : ${file.fileName}`);
        return { filename: file.fileName, contentType: file.contentType, content: opened.stream };
      }),
    );
  }

  async function sendOne(row: Row): Promise<void> {
    try {
      await mailer.send({
        to: row.to,
        subject: row.subject,
        text: isSealed(row.text) ? openBody(row.text) : row.text,
        ...(row.html ? { html: isSealed(row.html) ? openBody(row.html) : row.html } : {}),
        ...(row.attachments.length > 0 ? { attachments: await attachmentsOf(row) } : {}),
        messageId: row.messageId,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        ...(row.inReplyTo ? { inReplyTo: row.inReplyTo, references: row.references } : {}),
      });
    } catch (error) {
      const giveUp = isPermanent(error) || row.attempts >= o.maxAttempts;
      const delayMs = Math.min(o.retryBaseMs * 2 ** (row.attempts - 1), o.maxDelayMs);
      log.error({ err: error, ...mailFields(row), attempts: row.attempts, giveUp }, "e-mail delivery failed");
      await db
        .update(mailOutbox)
        .set({
          status: giveUp ? "failed" : "pending",
          lastError: reasonOf(error),
          leaseUntil: null,
          nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
        })
        .where(eq(mailOutbox._id, row._id));
      return;
    }
    try {
      await markSent(row._id);
      log.info({ ...mailFields(row), attempts: row.attempts, event: "mail.sent" }, "e-mail sent");
    } catch (error) {
      // Database gone: remember it, and record it before claiming anything else. Only if this process dies first (or
      // the outage outlasts the lease) is the mail sent again: at-least-once.
      unrecorded.add(row._id);
      throw error;
    }
  }

  function markSent(id: string) {
    return db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: sql`now()`, leaseUntil: null, lastError: null })
      .where(eq(mailOutbox._id, id));
  }

  async function recordSent(): Promise<void> {
    for (const id of [...unrecorded]) {
      await markSent(id);
      unrecorded.delete(id);
    }
  }

  /** Hands claimed rows back at once (shutdown), rather than letting their lease run out. */
  async function release(rows: Row[]): Promise<void> {
    if (rows.length === 0) return;
    await db
      .update(mailOutbox)
      .set({ status: "pending", leaseUntil: null, attempts: sql`${mailOutbox.attempts} - 1` })
      .where(
        and(
          eq(mailOutbox.status, "sending"),
          inArray(
            mailOutbox._id,
            rows.map((r) => r._id),
          ),
        ),
      );
  }

  async function drain(): Promise<void> {
    await recordSent();
    while (!closed) {
      const rows = await claim();
      if (rows.length === 0) return;
      for (const [index, row] of rows.entries()) {
        if (closed) {
          await release(rows.slice(index));
          return;
        }
        await sendOne(row);
      }
    }
  }

  /** Milliseconds until the next row comes due (a retry or an expired lease), at most `pollMs`. */
  async function nextWait(): Promise<number> {
    const [row] = await db
      .select({
        at: sql<
          string | null
        >`min(case when ${mailOutbox.status} = 'pending' then ${mailOutbox.nextAttemptAt} else ${mailOutbox.leaseUntil} end)`,
      })
      .from(mailOutbox)
      .where(inArray(mailOutbox.status, ["pending", "sending"]));
    if (!row?.at) return o.pollMs;
    return Math.max(0, Math.min(o.pollMs, new Date(row.at).getTime() - Date.now() + 50));
  }

  function schedule(ms: number): void {
    clearTimeout(timer);
    if (closed) return;
    timer = setTimeout(wake, ms);
    timer.unref();
  }

  function wake(): void {
    if (closed || !started) return;
    if (running) {
      wakeAgain = true;
      return;
    }
    clearTimeout(timer);
    running = (async () => {
      try {
        await drain();
        if (!closed) schedule(wakeAgain ? 0 : await nextWait());
      } catch (error) {
        // Typically the database is unreachable: look again later.
        log.error({ err: error }, "mail outbox: cannot reach the queue, retrying later");
        schedule(o.pollMs);
      }
    })().finally(() => {
      running = null;
      if (wakeAgain && !closed) {
        wakeAgain = false;
        wake();
      }
    });
  }

  /**
   * Deletes sent mails older than the retention, so the table holds what is still to send and the recent past. An
   * inbox reply whose row is gone reads as sent (`inbox.ts`). Without SMTP, their .eml files go too, and so does any
   * file written before the retention (a mail whose row went with its message, or one named before files were named
   * by Message-ID). Idempotent: instances sharing a database may all run it.
   */
  async function prune(): Promise<number> {
    const deleted = await db
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.status, "sent"), lt(mailOutbox.sentAt, sql`now() - make_interval(days => ${o.sentRetentionDays})`)))
      .returning({ messageId: mailOutbox.messageId });
    const files = mailer.emlFiles;
    if (files) {
      await files.remove(deleted.map((row) => row.messageId));
      await files.removeOlderThan(new Date(Date.now() - o.sentRetentionDays * DAY_MS));
    }
    return deleted.length;
  }

  const pruning = dailyJob("mail outbox prune", prune, log);

  return {
    /** A Message-ID for a mail about to be queued (see `NewMail.messageId`). */
    newMessageId: () => newMessageId(mailer.from),

    /**
     * Writes a mail to send; pass the transaction of what it belongs to. Call `wake()` once it is committed. A mail of
     * a thread has its Message-ID recorded with it, so the buyer's answer finds the thread (decision 0115).
     */
    async enqueue(tx: Db, mail: NewMail): Promise<Row> {
      const seal = (body: string) => (mail.secret ? sealer.seal(body) : body);
      const [row] = await tx
        .insert(mailOutbox)
        .values({
          kind: mail.kind,
          submissionId: mail.submissionId,
          messageId: mail.messageId ?? newMessageId(mailer.from),
          to: mail.to,
          subject: mail.subject,
          text: seal(mail.text),
          html: mail.html === undefined ? null : seal(mail.html),
          attachments: mail.attachments ?? [],
          replyTo: mail.replyTo ?? null,
          inReplyTo: mail.inReplyTo ?? null,
          references: mail.references ?? [],
        })
        .returning();
      if (!row) throw new Error("outbox insert returned nothing");
      if (mail.submissionId)
        await tx
          .insert(mailThreadIds)
          .values({ messageId: row.messageId, submissionId: mail.submissionId, ours: true })
          .onConflictDoNothing();
      return row;
    },

    /** Tries one mail now (the admin waits for the answer); a mail another worker holds is left to it. */
    async deliver(id: string): Promise<MailDelivery> {
      if (!closed) {
        const [row] = await claim(id);
        if (row) await sendOne(row);
      }
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox._id, id)).limit(1);
      return row ? deliveryOf(row) : { status: "pending" };
    },

    /** Delivery state of each given outbox row. */
    async states(ids: string[]): Promise<Map<string, MailDelivery>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: mailOutbox._id, status: mailOutbox.status, lastError: mailOutbox.lastError })
        .from(mailOutbox)
        // One array parameter, not one per id: a page of messages may hold thousands of replies, and PostgreSQL
        // refuses more than 65,535 parameters in a statement.
        .where(sql`${mailOutbox._id} = any(${sql.param(ids)}::uuid[])`);
      return new Map(rows.map((row) => [row.id, deliveryOf(row)]));
    },

    prune,

    /**
     * Starts the worker: it sends what is pending (from before a restart too), then wakes on `wake()` and on a timer.
     * Old sent mails are pruned now and daily.
     */
    start(): void {
      if (started || closed) return;
      started = true;
      wake();
      pruning.start();
    },

    wake,

    /** Stops taking rows and waits for the mail being sent; call before closing the mailer and the database. */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      pruning.stop();
      await running;
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
