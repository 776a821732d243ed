import { readdir, utimes, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestSmtp, type TestSmtp } from "../../../test/smtp";
import { createTestContext, TEST_DATA_KEY, type TestContext } from "../../../test/test-app";
import { mailOutbox } from "../../db/schema/index";
import { createSealer } from "../../lib/encryption";
import { emlFileName } from "./eml-files";
import { createMailer } from "./index";
import { createOutbox, type Outbox, type OutboxOptions } from "./outbox";

/** These mails carry no attachment. */
const noFiles = async () => null;
const FROM = "Marine Algae <contact@marine-algae.test>";
const quiet = { error: () => {}, info: () => {} };

let ctx: TestContext;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ withAdmin: false });
});
// Every worker looks at the whole table: each test stops its own before the next one queues anything.
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});
afterAll(() => ctx.close());

function worker(smtpUrl: string, options: OutboxOptions = {}): Outbox {
  const mailer = createMailer({ smtpUrl, from: FROM, outboxDir: path.join(ctx.dataDir, "eml") });
  const outbox = createOutbox(ctx.database.db, mailer, quiet, createSealer(TEST_DATA_KEY), noFiles, { pollMs: 200, ...options });
  opened.push(mailer, outbox);
  return outbox;
}

async function enqueue(outbox: Outbox, count: number, subject: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = await ctx.database.db.transaction((tx) =>
      outbox.enqueue(tx, { kind: "notification", submissionId: null, to: "company@example.com", subject: `${subject} ${i}`, text: "x" }),
    );
    ids.push(row._id);
  }
  return ids;
}

const rowsOf = (ids: string[]) => ctx.database.db.select().from(mailOutbox).where(inArray(mailOutbox._id, ids));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe("mail outbox", () => {
  it("tells the delivery of 70,000 mails in one call, past PostgreSQL's 65,535 parameters per statement", async () => {
    const outbox = worker("smtp://127.0.0.1:1");
    const [known] = await enqueue(outbox, 1, "states");
    const unknown = Array.from({ length: 70_000 }, () => crypto.randomUUID());
    const states = await outbox.states([...unknown, known as string]);
    expect(states.size).toBe(1);
    expect(states.get(known as string)?.status).toBe("pending");
    // Every worker looks at the whole table: the next tests must not send this one.
    await ctx.database.db.delete(mailOutbox).where(inArray(mailOutbox._id, [known as string]));
  });

  it("sends mails queued before the worker started, and two workers on one database send each mail exactly once", async () => {
    const smtp = await startTestSmtp();
    opened.push(smtp);
    const first = worker(smtp.url, { batchSize: 3 });
    const second = worker(smtp.url, { batchSize: 3 });
    const ids = await enqueue(first, 24, "Concurrence");
    first.start();
    second.start();
    await expect.poll(async () => (await rowsOf(ids)).filter((r) => r.status === "sent").length, { timeout: 20_000 }).toBe(24);
    const rows = await rowsOf(ids);
    const received = smtp.received.map((m) => m.parsed.messageId);
    for (const row of rows) expect(received.filter((id) => id === row.messageId)).toHaveLength(1);
    expect(smtp.received).toHaveLength(24);
    expect(rows.every((r) => r.attempts === 1 && r.sentAt !== null && r.lastError === null)).toBe(true);
  });

  it("keeps a mail pending with the reason while the SMTP server is unreachable, then sends it with the same Message-ID", async () => {
    const port = await freePort();
    const outbox = worker(`smtp://127.0.0.1:${port}`, { retryBaseMs: 100, maxDelayMs: 400 });
    const [id = ""] = await enqueue(outbox, 1, "Panne");
    outbox.start();
    await expect.poll(async () => (await rowsOf([id]))[0]?.attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const [waiting] = await rowsOf([id]);
    expect(waiting?.status).toMatch(/pending|sending/);
    expect(waiting?.lastError).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await startTestSmtp(port);
    opened.push(smtp);
    await smtp.waitFor(1);
    await expect.poll(async () => (await rowsOf([id]))[0]?.status, { timeout: 10_000 }).toBe("sent");
    expect(smtp.received.map((m) => m.parsed.messageId)).toEqual([waiting?.messageId]);
  });

  it("gives up after maxAttempts and keeps the last reason (failed)", async () => {
    const port = await freePort();
    const outbox = worker(`smtp://127.0.0.1:${port}`, { retryBaseMs: 50, maxDelayMs: 50, maxAttempts: 3 });
    const [id = ""] = await enqueue(outbox, 1, "Abandon");
    outbox.start();
    await expect.poll(async () => (await rowsOf([id]))[0]?.status, { timeout: 10_000 }).toBe("failed");
    const [row] = await rowsOf([id]);
    expect(row?.attempts).toBe(3);
    expect(row?.lastError).toBeTruthy();
  });

  it("sends again a mail whose claim was abandoned (its process died while sending): at-least-once", async () => {
    const smtp = await startTestSmtp();
    opened.push(smtp);
    const outbox = worker(smtp.url);
    const [id = ""] = await enqueue(outbox, 1, "Reprise");
    await ctx.database.db
      .update(mailOutbox)
      .set({ status: "sending", attempts: 1, leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox._id, id));
    outbox.start();
    await expect.poll(async () => (await rowsOf([id]))[0]?.status, { timeout: 10_000 }).toBe("sent");
    expect((await rowsOf([id]))[0]?.attempts).toBe(2);
    expect(smtp.received).toHaveLength(1);
  });

  it("leaves a mail another worker still holds (lease not expired) alone", async () => {
    const smtp = await startTestSmtp();
    opened.push(smtp);
    const outbox = worker(smtp.url);
    const [id = ""] = await enqueue(outbox, 1, "Tenu");
    await ctx.database.db
      .update(mailOutbox)
      .set({ status: "sending", attempts: 1, leaseUntil: sql`now() + interval '1 hour'` })
      .where(eq(mailOutbox._id, id));
    expect(await outbox.deliver(id)).toEqual({ status: "pending" });
    expect(smtp.received).toHaveLength(0);
    await ctx.database.db.delete(mailOutbox).where(eq(mailOutbox._id, id));
  });

  it("works without SMTP_URL: the mail is written as an .eml file and marked sent", async () => {
    const mailer = createMailer({ from: FROM, outboxDir: path.join(ctx.dataDir, "eml-only") });
    const outbox = createOutbox(ctx.database.db, mailer, quiet, createSealer(TEST_DATA_KEY), noFiles);
    opened.push(mailer, outbox);
    const [id = ""] = await enqueue(outbox, 1, "Fichier");
    expect(await outbox.deliver(id)).toEqual({ status: "sent" });
  });
});

describe("mail outbox retention", () => {
  const age = (ids: string[], set: PgUpdateSetSource<typeof mailOutbox>) =>
    ctx.database.db.update(mailOutbox).set(set).where(inArray(mailOutbox._id, ids));

  it("deletes sent mails older than the retention and keeps recent, pending and failed ones", async () => {
    const outbox = worker("smtp://127.0.0.1:1", { sentRetentionDays: 30 });
    const [oldSent = "", recentSent = "", oldPending = "", oldFailed = ""] = await enqueue(outbox, 4, "Rétention");
    await age([oldSent], { status: "sent", sentAt: sql`now() - interval '31 days'` });
    await age([recentSent], { status: "sent", sentAt: sql`now() - interval '29 days'` });
    // Never due while this test runs, so no worker touches it.
    await age([oldPending], { createdAt: sql`now() - interval '90 days'`, nextAttemptAt: sql`now() + interval '1 day'` });
    await age([oldFailed], { status: "failed", lastError: "refusé", createdAt: sql`now() - interval '90 days'` });

    expect(await outbox.prune()).toBe(1);
    const kept = (await rowsOf([oldSent, recentSent, oldPending, oldFailed])).map((row) => row._id).sort();
    expect(kept).toEqual([recentSent, oldPending, oldFailed].sort());
    expect(await outbox.prune()).toBe(0);
    await ctx.database.db.delete(mailOutbox).where(inArray(mailOutbox._id, kept));
  });

  it("without SMTP, deletes the .eml files of the mails it prunes, and any file written before the retention", async () => {
    const dir = path.join(ctx.dataDir, "eml-prune");
    const mailer = createMailer({ from: FROM, outboxDir: dir });
    const outbox = createOutbox(ctx.database.db, mailer, quiet, createSealer(TEST_DATA_KEY), noFiles, { sentRetentionDays: 30 });
    opened.push(mailer, outbox);
    const [oldSent = "", recentSent = ""] = await enqueue(outbox, 2, "Fichiers");
    for (const id of [oldSent, recentSent]) expect(await outbox.deliver(id)).toEqual({ status: "sent" });
    await age([oldSent], { sentAt: sql`now() - interval '31 days'` });
    // Files no row names (named before files were named by Message-ID): one 31 days old, one recent.
    const stale = path.join(dir, "2026-10-01T08-00-00-000Z-0a1b2c3d.eml");
    const recentStray = path.join(dir, "2026-11-20T08-00-00-000Z-4e5f6a7b.eml");
    for (const file of [stale, recentStray]) await writeFile(file, "To: someone@example.com\n\nx\n");
    const monthAgo = new Date(Date.now() - 31 * 86_400_000);
    await utimes(stale, monthAgo, monthAgo);

    expect(await outbox.prune()).toBe(1);
    const [recent] = await rowsOf([recentSent]);
    expect((await readdir(dir)).sort()).toEqual([emlFileName(recent?.messageId ?? ""), path.basename(recentStray)].sort());
    await ctx.database.db.delete(mailOutbox).where(inArray(mailOutbox._id, [recentSent]));
  });

  it("prunes when the worker starts", async () => {
    const outbox = worker("smtp://127.0.0.1:1");
    const [id = ""] = await enqueue(outbox, 1, "Ancienne");
    await age([id], { status: "sent", sentAt: sql`now() - interval '400 days'` });
    outbox.start();
    await expect.poll(async () => (await rowsOf([id])).length, { timeout: 10_000 }).toBe(0);
  });
});

describe("mail outbox shutdown", () => {
  it("close() waits for the mail being sent and takes nothing more", async () => {
    const smtp: TestSmtp = await startTestSmtp();
    opened.push(smtp);
    const outbox = worker(smtp.url);
    outbox.start();
    const ids = await enqueue(outbox, 3, "Arrêt");
    outbox.wake();
    await outbox.close();
    const rows = await rowsOf(ids);
    // Whatever was claimed was finished or handed back: nothing stays reserved by a stopped worker.
    expect(rows.filter((r) => r.status === "sending")).toHaveLength(0);
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(smtp.received.filter((m) => m.parsed.subject?.startsWith("Arrêt")).length);
  });
});
