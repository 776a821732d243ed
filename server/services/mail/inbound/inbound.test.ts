import type { ContactSubmission, MailboxStatus, Thread, ThreadEntry } from "@shared/schemas/contact";
import type { PrivacyExport } from "@shared/schemas/privacy";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestImap, type TestImap } from "../../../../test/imap-server";
import {
  appleMailReply,
  dsnBounce,
  forgedReply,
  gmailReply,
  htmlOnlyReply,
  hugeAttachment,
  mailBomb,
  malformedMime,
  noMessageId,
  outlookReply,
  outOfOffice,
  type ReplyShape,
  replyWithPdf,
} from "../../../../test/mail-shapes";
import { createTestContext, type TestContext } from "../../../../test/test-app";
import { contactSubmissions, inboundMails, mailboxCursor } from "../../../db/schema/index";
import { createInboundImporter } from "./importer";
import { createMailboxPoller, parseImapUrl } from "./poller";

const POLL = { pollMs: 250, leaseMs: 4_000, backoffMs: 100, maxBackoffMs: 500 };
const BUYER = "amira@example.com";
let imap: TestImap;
let ctx: TestContext;
let sequence = 0;

beforeAll(async () => {
  imap = await startTestImap();
  ctx = await createTestContext({ app: { mailbox: { config: parseImapUrl(imap.url), options: POLL } } });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await imap?.stop();
});

/** A buyer's message answered by the team: the thread, and the Message-ID of our reply the buyer answers. */
async function answeredThread(email = BUYER): Promise<{ submission: ContactSubmission; replyId: string }> {
  sequence += 1;
  const posted = await ctx.app.inject({
    method: "POST",
    url: "/api/contact",
    remoteAddress: `10.9.${Math.floor(sequence / 250)}.${sequence % 250}`,
    payload: { fullName: "Amira Ben Salah", email, phone: "", subject: `Devis Ulva ${sequence}`, message: "Bonjour,\nUn devis SVP." },
  });
  expect(posted.statusCode).toBe(201);
  const submission = posted.json<ContactSubmission>();
  expect((await ctx.call("POST", `/contact/${submission._id}/reply`, { replyMessage: "Voici notre offre." })).statusCode).toBe(200);
  const [row] = await ctx.database.db.select().from(contactSubmissions).where(eq(contactSubmissions._id, submission._id));
  const replyId = row?.replies[0]?.messageId ?? "";
  expect(replyId).toMatch(/^<.+>$/);
  return { submission, replyId };
}

const threadOf = async (id: string) => (await ctx.call("GET", `/contact/${id}/thread`)).json<Thread>();
const inbound = async (id: string) =>
  (await threadOf(id)).entries.filter((e): e is Extract<ThreadEntry, { direction: "in" }> => e.direction === "in");
const submissionOf = async (id: string) => {
  const [row] = await ctx.database.db.select().from(contactSubmissions).where(eq(contactSubmissions._id, id));
  return row;
};

/** Waits until the thread holds `count` imported mails (the poll runs every 250 ms, IDLE wakes it sooner). */
async function imported(id: string, count = 1) {
  await expect.poll(async () => (await inbound(id)).length, { timeout: 20_000, interval: 100 }).toBe(count);
  return inbound(id);
}

const shape = (replyId: string, subject: string, extra: Partial<ReplyShape> = {}): ReplyShape => ({
  from: `Amira Ben Salah <${BUYER}>`,
  to: "Marine Algae <contact@marine-algae.test>",
  subject: `Re: ${subject}`,
  inReplyTo: replyId,
  references: replyId,
  ...extra,
});

describe("buyers' answers imported from the company mailbox (IMAP, decision 0115)", () => {
  it.each([
    ["a Gmail reply", gmailReply],
    ["an Outlook reply", outlookReply],
    ["an Apple Mail reply", appleMailReply],
  ])("joins %s to its thread by In-Reply-To, quoted history stripped, the thread waiting for us", async (_name, build) => {
    const { submission, replyId } = await answeredThread();
    await imap.append(build(shape(replyId, submission.subject)));
    const [entry] = await imported(submission._id);
    expect(entry).toMatchObject({ kind: "reply", fromAddress: BUYER, fromOtherAddress: false });
    expect(entry?.text).toContain("Pouvez-vous nous envoyer le devis pour 200 kg ?");
    expect(entry?.text).not.toContain("Voici notre proposition");
    expect(entry?.fullText).toContain("Voici notre proposition");
    expect(await submissionOf(submission._id)).toMatchObject({ state: "waiting_us", isRead: false });
  });

  it("shows an HTML-only answer as text: no script, no tracking image, no remote address loaded", async () => {
    const { submission, replyId } = await answeredThread();
    await imap.append(htmlOnlyReply(shape(replyId, submission.subject)));
    const [entry] = await imported(submission._id);
    expect(entry?.text).toContain("Pouvez-vous nous envoyer le devis");
    for (const hostile of ["<script", "onerror", "tracker.example", "javascript:"]) expect(entry?.fullText).not.toContain(hostile);
  });

  it("keeps an attached PDF, named without its folders, served only as a sandboxed download to a signed-in account", async () => {
    const { submission, replyId } = await answeredThread();
    await imap.append(await replyWithPdf(shape(replyId, submission.subject)));
    const [entry] = await imported(submission._id);
    expect(entry?.attachments.length).toBeGreaterThan(0);
    for (const file of entry?.attachments ?? []) expect(file.fileName).not.toMatch(/[\\/]|^\./);
    const pdf = entry?.attachments.find((file) => file.contentType === "application/pdf");
    expect(pdf?.stored).toBe(true);
    const url = `/api/contact/${submission._id}/attachments/${pdf?._id}`;
    const download = await ctx.app.inject({ method: "GET", url, headers: ctx.auth });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(download.headers).toMatchObject({ "x-content-type-options": "nosniff", "content-security-policy": "sandbox" });
    expect(download.headers["content-disposition"]).toMatch(/^attachment;/);
    expect((await ctx.app.inject({ method: "GET", url })).statusCode).toBe(401);
    // Another thread's id does not open it.
    const other = await answeredThread();
    expect((await ctx.call("GET", `/contact/${other.submission._id}/attachments/${pdf?._id}`)).statusCode).toBe(404);
  });

  it("shows an out-of-office in the thread without moving its state", async () => {
    const { submission, replyId } = await answeredThread();
    await imap.append(outOfOffice(shape(replyId, submission.subject)));
    const [entry] = await imported(submission._id);
    expect(entry?.kind).toBe("auto_reply");
    expect(await submissionOf(submission._id)).toMatchObject({ state: "waiting_customer" });
  });

  it("attaches a delivery failure to the reply that bounced and marks the buyer's address undeliverable", async () => {
    const { submission, replyId } = await answeredThread("nobody@example.com");
    await imap.append(
      dsnBounce({
        ...shape(replyId, submission.subject),
        from: "Mail Delivery Subsystem <mailer-daemon@mx.example>",
        inReplyTo: undefined,
        references: undefined,
        originalMessageId: replyId,
        failedRecipient: "nobody@example.com",
      } as ReplyShape & { originalMessageId: string; failedRecipient: string }),
    );
    const [entry] = await imported(submission._id);
    expect(entry?.kind).toBe("bounce");
    expect(await submissionOf(submission._id)).toMatchObject({ undeliverable: true, state: "waiting_customer" });
    const listed = (await ctx.call("GET", `/contact/${submission._id}/thread`)).json<Thread>();
    const ours = listed.entries.find((e) => e.direction === "out");
    expect(ours?.direction === "out" && ours.delivery.status).toBe("failed");
    const summary = (await ctx.call("GET", "/analytics/summary")).json<{ undeliverable: number }>();
    expect(summary.undeliverable).toBeGreaterThan(0);
  });

  it("marks an answer with the thread's headers from another address as such (a forged In-Reply-To)", async () => {
    const { submission, replyId } = await answeredThread();
    await imap.append(forgedReply(shape(replyId, submission.subject, { from: "Mallory <mallory@evil.example>" })));
    const [entry] = await imported(submission._id);
    expect(entry).toMatchObject({ fromAddress: "mallory@evil.example", fromOtherAddress: true });
  });

  it("finds the thread by the number in the subject when the client dropped the threading headers, and imports a mail without Message-ID once", async () => {
    const { submission } = await answeredThread();
    const subject = `${submission.subject} [#${submission.ref}]`;
    await imap.append(noMessageId({ ...shape("", subject), inReplyTo: undefined, references: undefined }));
    const [entry] = await imported(submission._id);
    expect(entry?.kind).toBe("reply");
  });

  it("leaves a mail that answers none of our threads in the mailbox, a stranger's guess of a thread number too, and never imports our own mails", async () => {
    const before = await ctx.database.db.$count(inboundMails);
    const stranger = gmailReply({ from: "someone@example.org", to: "contact@marine-algae.test", subject: "Partenariat ?" });
    await imap.append(stranger);
    const guessed = await answeredThread();
    await imap.append(
      noMessageId({ from: "spray@evil.example", to: "contact@marine-algae.test", subject: `Re: hello [#${guessed.submission.ref}]` }),
    );
    const { submission, replyId } = await answeredThread();
    // Our own reply, as a copy of it would land in the company mailbox (Cc, or a mailbox that keeps what it sends).
    const ours = ctx.smtp.received.find((m) => m.parsed.messageId === replyId);
    expect(ours).toBeDefined();
    await imap.append(ours?.raw ?? "");
    await imap.append(gmailReply(shape(replyId, submission.subject)));
    await imported(submission._id);
    expect(await ctx.database.db.$count(inboundMails)).toBe(before + 1);
    expect(await inbound(guessed.submission._id)).toEqual([]);
    expect(ctx.app.services.mailbox?.health.unmatched).toBeGreaterThan(0);
  });

  it("puts a buyer's imported mails in the export of their address, and erasing a stranger's address removes its mail from the thread it joined", async () => {
    const { submission, replyId } = await answeredThread();
    await imap.append(gmailReply(shape(replyId, submission.subject)));
    await imap.append(forgedReply(shape(replyId, submission.subject, { from: "Eve <eve@elsewhere.example>" })));
    await imported(submission._id, 2);
    const exported = (await ctx.call("GET", `/privacy/export?email=${BUYER}`)).json<PrivacyExport>();
    expect(exported.receivedMails.some((m) => m.fromAddress === BUYER && m.text.includes("Pouvez-vous"))).toBe(true);
    const strangers = (await ctx.call("GET", "/privacy/export?email=eve@elsewhere.example")).json<PrivacyExport>();
    expect(strangers.receivedMails.map((m) => m.submissionId)).toEqual([submission._id]);
    const erased = await ctx.call("POST", "/privacy/erase", { email: "eve@elsewhere.example", confirm: "eve@elsewhere.example" });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await inbound(submission._id)).map((m) => m.fromAddress)).toEqual([BUYER]);
  });

  it("goes on past a 25 MB mail, a mail bomb and malformed MIME, importing each answer with a notice", async () => {
    const { submission, replyId } = await answeredThread();
    const base = shape(replyId, submission.subject);
    await imap.append(hugeAttachment({ ...base, messageId: "<huge@example.com>" }, 25 * 1024 * 1024));
    await imap.append(mailBomb({ ...base, messageId: "<bomb@example.com>" }));
    await imap.append(malformedMime({ ...base, messageId: "<malformed@example.com>" }));
    await imap.append(gmailReply({ ...base, messageId: "<after@example.com>" }));
    const entries = await imported(submission._id, 4);
    const huge = entries.find((e) => e.notice === "too_large");
    expect(huge?.attachments).toEqual([]);
    expect(entries.some((e) => e.text.includes("Pouvez-vous nous envoyer le devis"))).toBe(true);
  }, 90_000);

  it("imports each mail once across a restart of the poll and a second instance polling the same mailbox", async () => {
    const { submission, replyId } = await answeredThread();
    const poller = ctx.app.services.mailbox;
    if (!poller) throw new Error("mailbox poll off");
    await poller.stop();
    const second = createMailboxPoller(
      ctx.database.db,
      createInboundImporter(ctx.database.db, ctx.storage),
      parseImapUrl(imap.url),
      QUIET,
      POLL,
    );
    for (let i = 0; i < 3; i++)
      await imap.append(gmailReply(shape(replyId, submission.subject, { messageId: `<twice-${i}@example.com>` })));
    poller.start();
    second.start();
    await imported(submission._id, 3);
    await second.stop();
    await poller.stop();
    // From the stored cursor again: nothing new.
    await ctx.database.db.update(mailboxCursor).set({ holder: null, leaseUntil: null });
    poller.start();
    await expect.poll(async () => (await status()).lastSuccessAt !== null).toBe(true);
    expect(await inbound(submission._id)).toHaveLength(3);
    const [cursor] = await ctx.database.db.select().from(mailboxCursor);
    expect(cursor?.lastUid).toBeGreaterThan(0);
  });

  it("is told of a new mail by IDLE, long before its poll interval comes round", async () => {
    const poller = ctx.app.services.mailbox;
    if (!poller) throw new Error("mailbox poll off");
    await poller.stop();
    const idle = createMailboxPoller(ctx.database.db, createInboundImporter(ctx.database.db, ctx.storage), parseImapUrl(imap.url), QUIET, {
      ...POLL,
      pollMs: 10 * 60_000,
    });
    try {
      idle.start();
      await expect.poll(() => idle.health.lastSuccessAt, { timeout: 20_000 }).not.toBeNull();
      const { submission, replyId } = await answeredThread();
      await imap.append(gmailReply(shape(replyId, submission.subject)));
      // The client opens IDLE once its connection is quiet; the server then tells of the new mail at once.
      await expect.poll(async () => (await inbound(submission._id)).length, { timeout: 60_000, interval: 200 }).toBe(1);
    } finally {
      await idle.stop();
      poller.start();
    }
  }, 90_000);

  it("retries a mailbox that went away with back-off, says so in its status and /metrics-facing health, and keeps /readyz up", async () => {
    await imap.pause();
    await expect.poll(async () => (await status()).lastError, { timeout: 20_000 }).not.toBeNull();
    expect(ctx.app.services.mailbox?.health.errors).toBeGreaterThan(0);
    expect((await ctx.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    await imap.resume();
    const { submission, replyId } = await answeredThread();
    await imap.append(gmailReply(shape(replyId, submission.subject)));
    await imported(submission._id);
    await expect.poll(async () => (await status()).lastError, { timeout: 20_000 }).toBeNull();
  }, 60_000);
});

const QUIET = { error() {}, info() {}, warn() {} };
const status = async () => (await ctx.call("GET", "/contact/mailbox")).json<MailboxStatus>();
