import type { DashboardSummary } from "@shared/schemas/analytics";
import type { ContactSubmission, ReplyResult } from "@shared/schemas/contact";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { contactSubmissions, mailOutbox } from "../db/schema/index";

let ctx: TestContext;
let ipCounter = 0;

/** Each call comes from its own address, so the per-IP rate limit only bites where a test wants it to. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const VALID = {
  fullName: "Amira Ben Salah",
  email: "amira@example.com",
  phone: "+216 98 765 432",
  subject: "Demande de devis Ulva",
  message: "Bonjour,\nJe souhaite un devis pour 200 kg d'Ulva lactuca séchée.",
};

function postContact(payload: object, remoteAddress = freshIp()) {
  return ctx.app.inject({ method: "POST", url: "/api/contact", payload, remoteAddress });
}

async function createSubmission(overrides: Partial<typeof VALID> = {}): Promise<ContactSubmission> {
  const response = await postContact({ ...VALID, ...overrides });
  expect(response.statusCode).toBe(201);
  return response.json<ContactSubmission>();
}

/** Creates a message and waits until its notification reached the SMTP server, so later mail checks are not racing it. */
async function createNotified(overrides: Partial<typeof VALID> = {}): Promise<ContactSubmission> {
  const before = ctx.smtp.received.length;
  const submission = await createSubmission(overrides);
  await ctx.smtp.waitFor(before + 1);
  return submission;
}

async function storedRow(id: string) {
  const [row] = await ctx.database.db.select().from(contactSubmissions).where(eq(contactSubmissions._id, id));
  return row;
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.smtp.setRefuse(false));

describe("POST /api/contact", () => {
  it("stores the message, answers 201 with it, then notifies the company mailbox with Reply-To the visitor", async () => {
    const before = ctx.smtp.received.length;
    const submission = await createSubmission();
    expect(submission).toMatchObject({ ...VALID, isRead: false, replies: [] });
    expect(submission._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(submission.createdAt).toISOString()).toBe(submission.createdAt);
    expect(await storedRow(submission._id)).toMatchObject({ email: VALID.email, subject: VALID.subject });

    const mails = await ctx.smtp.waitFor(before + 1);
    const mail = mails[before];
    expect(mail?.envelopeTo).toEqual(["contact@marine-algae.test"]);
    expect(mail?.envelopeFrom).toBe("contact@marine-algae.test");
    expect(mail?.parsed.replyTo?.value[0]?.address).toBe(VALID.email);
    expect(mail?.parsed.subject).toContain(VALID.subject);
    expect(mail?.parsed.text).toContain("200 kg d'Ulva lactuca");
  });

  it("keeps the message, answers 201 and queues the notification for a retry when the SMTP server refuses it", async () => {
    ctx.smtp.setRefuse(true);
    const before = ctx.smtp.received.length;
    const submission = await createSubmission({ subject: "Envoyé pendant une panne SMTP" });
    expect(await storedRow(submission._id)).toMatchObject({ subject: "Envoyé pendant une panne SMTP" });
    const notification = async () =>
      (
        await ctx.database.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.submissionId, submission._id), eq(mailOutbox.kind, "notification")))
      )[0];
    await expect.poll(async () => (await notification())?.lastError, { timeout: 10_000 }).toContain("test refusal");
    expect(await notification()).toMatchObject({ status: "pending", attempts: 1 });
    expect(ctx.smtp.received.length).toBe(before);
  });

  it.each([
    ["a missing full name", { fullName: undefined }],
    ["a missing e-mail", { email: undefined }],
    ["a malformed e-mail", { email: "not-an-email" }],
    ["a whitespace-only message", { message: "   \n  " }],
    ["a whitespace-only subject", { subject: "   " }],
    ["a CR/LF in the subject (header injection)", { subject: "Devis\r\nBcc: evil@example.com" }],
    ["a CR/LF in the name (header injection)", { fullName: "x\r\nBcc: evil@example.com" }],
    ["a bad phone number", { phone: "call me <script>" }],
  ])("refuses %s with 400 and stores nothing", async (_label, override) => {
    const before = await ctx.database.db.$count(contactSubmissions);
    const response = await postContact({ ...VALID, ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty("error");
    expect(await ctx.database.db.$count(contactSubmissions)).toBe(before);
  });

  it("never lets a name with CR/LF produce a Bcc header in any mail", async () => {
    expect((await postContact({ ...VALID, fullName: "x\r\nBcc: evil@x.test" })).statusCode).toBe(400);
    expect((await postContact({ ...VALID, fullName: "x\nBcc: evil@x.test" })).statusCode).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const mail of ctx.smtp.received) {
      expect(mail.parsed.bcc).toBeUndefined();
      expect(mail.envelopeTo).not.toContain("evil@x.test");
      expect(mail.raw).not.toMatch(/^bcc:/im);
    }
  });

  it("answers 201 to a filled honeypot but stores and sends nothing", async () => {
    const before = await ctx.database.db.$count(contactSubmissions);
    const mailsBefore = ctx.smtp.received.length;
    const response = await postContact({ ...VALID, website: "http://spam.example" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ fullName: VALID.fullName, isRead: false, replies: [] });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await ctx.database.db.$count(contactSubmissions)).toBe(before);
    expect(ctx.smtp.received.length).toBe(mailsBefore);
  });

  it("drops unknown fields instead of storing them", async () => {
    const submission = await createSubmission({ ...({ isRead: true, replies: [{ message: "x" }] } as object) });
    expect(submission.isRead).toBe(false);
    expect(submission.replies).toEqual([]);
  });

  it("answers 429 after 5 messages from the same address within a minute", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await postContact({ ...VALID, subject: `Rafale ${i}` }, ip)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const stored = await ctx.database.db.$count(contactSubmissions);
    const limited = await postContact(VALID, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toHaveProperty("error");
    expect(await ctx.database.db.$count(contactSubmissions)).toBe(stored);
    expect((await postContact(VALID)).statusCode).toBe(201);
  });
});

describe("admin inbox", () => {
  it.each([
    ["GET", "/api/contact/submissions"],
    ["PATCH", "/api/contact/00000000-0000-4000-8000-000000000000/read"],
    ["DELETE", "/api/contact/00000000-0000-4000-8000-000000000000"],
    ["POST", "/api/contact/00000000-0000-4000-8000-000000000000/reply"],
  ] as const)("%s %s answers 401 without a token", async (method, url) => {
    const response = await ctx.app.inject({ method, url, payload: method === "POST" ? { replyMessage: "x" } : undefined });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty("error");
  });

  it("lists submissions newest first without the stored Message-IDs", async () => {
    const first = await createSubmission({ subject: "Plus ancien" });
    const second = await createSubmission({ subject: "Plus récent" });
    const response = await ctx.app.inject({ method: "GET", url: "/api/contact/submissions", headers: ctx.auth });
    expect(response.statusCode).toBe(200);
    const list = response.json<ContactSubmission[]>();
    const ids = list.map((s) => s._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      [
        ...["_id", "createdAt", "email", "fullName", "isRead", "message", "phone", "replies", "subject"],
        // The sample or quote request and the spam folder (decision 0108).
        ...["lang", "productId", "productName", "requestType", "application", "quantity", "quantityUnit", "country", "company"],
        ...["spam", "spamReasons"],
        // The conversation (decision 0115).
        ...["state", "ref", "undeliverable"],
      ].sort(),
    );
    for (let i = 1; i < list.length; i++) expect((list[i - 1]?.createdAt ?? "") >= (list[i]?.createdAt ?? "")).toBe(true);
  });

  it("marks a message read and returns it; 404 for an unknown id, 400 for a malformed one", async () => {
    const submission = await createSubmission();
    const response = await ctx.app.inject({ method: "PATCH", url: `/api/contact/${submission._id}/read`, headers: ctx.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json<ContactSubmission>()).toMatchObject({ _id: submission._id, isRead: true });
    expect((await storedRow(submission._id))?.isRead).toBe(true);

    const unknown = await ctx.app.inject({
      method: "PATCH",
      url: "/api/contact/00000000-0000-4000-8000-000000000000/read",
      headers: ctx.auth,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await ctx.app.inject({ method: "PATCH", url: "/api/contact/not-a-uuid/read", headers: ctx.auth });
    expect(malformed.statusCode).toBe(400);
  });

  it("deletes a message with 204, then 404 when deleted again", async () => {
    const submission = await createSubmission();
    const response = await ctx.app.inject({ method: "DELETE", url: `/api/contact/${submission._id}`, headers: ctx.auth });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(await storedRow(submission._id)).toBeUndefined();
    const again = await ctx.app.inject({ method: "DELETE", url: `/api/contact/${submission._id}`, headers: ctx.auth });
    expect(again.statusCode).toBe(404);
  });
});

describe("POST /api/contact/:id/reply", () => {
  const reply = (id: string, payload: object) =>
    ctx.app.inject({ method: "POST", url: `/api/contact/${id}/reply`, headers: ctx.auth, payload });

  it("e-mails the visitor from the company mailbox, quoting the message, records the Message-ID and marks it read", async () => {
    const submission = await createNotified({ subject: "Prix du Posidonia", message: "Quel est le prix ?\nMerci." });
    const before = ctx.smtp.received.length;
    const response = await reply(submission._id, { replyMessage: "  Bonjour, le prix est de 12 €/kg.  " });
    expect(response.statusCode).toBe(200);
    const updated = response.json<{ data: { submission: ContactSubmission } }>().data.submission;
    expect(updated).toMatchObject({ _id: submission._id, isRead: true });
    expect(updated.replies).toHaveLength(1);
    expect(updated.replies[0]?.message).toBe("Bonjour, le prix est de 12 €/kg.");
    expect(Object.keys(updated.replies[0] ?? {}).sort()).toEqual(["delivery", "message", "sentAt"]);
    expect(updated.replies[0]?.delivery).toEqual({ status: "sent" });
    expect(response.json<ReplyResult>().data.delivery).toEqual({ status: "sent" });

    const mails = await ctx.smtp.waitFor(before + 1);
    const mail = mails.find((m) => m.envelopeTo.includes(VALID.email) && m.parsed.subject?.startsWith("Re: Prix du Posidonia"));
    expect(mail).toBeDefined();
    // The thread's number closes the subject, and the HTML part carries the same reply, escaped, with the logo.
    expect(mail?.parsed.subject).toBe(`Re: Prix du Posidonia [#${updated.ref}]`);
    expect(mail?.parsed.html).toContain("Bonjour, le prix est de 12 €/kg.");
    expect(mail?.parsed.html).toContain("/mail-logo.png");
    expect(mail?.envelopeFrom).toBe("contact@marine-algae.test");
    expect(mail?.parsed.from?.value[0]?.address).toBe("contact@marine-algae.test");
    const text = mail?.parsed.text ?? "";
    expect(text.startsWith("Bonjour, le prix est de 12 €/kg.")).toBe(true);
    expect(text).toMatch(/Le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, Amira Ben Salah a écrit :/);
    expect(text).toContain("> Quel est le prix ?\n> Merci.");

    const stored = await storedRow(submission._id);
    expect(stored?.replies[0]?.messageId).toBe(mail?.parsed.messageId);
    expect(stored?.isRead).toBe(true);
  });

  it("threads a second reply after the first with In-Reply-To and References", async () => {
    const submission = await createSubmission({ subject: "Suivi commande" });
    expect((await reply(submission._id, { replyMessage: "Première réponse" })).statusCode).toBe(200);
    const second = await reply(submission._id, { replyMessage: "Deuxième réponse" });
    expect(second.statusCode).toBe(200);
    expect(second.json<{ data: { submission: ContactSubmission } }>().data.submission.replies.map((r) => r.message)).toEqual([
      "Première réponse",
      "Deuxième réponse",
    ]);

    const stored = await storedRow(submission._id);
    const [firstId, secondId] = (stored?.replies ?? []).map((r) => r.messageId);
    expect(firstId).toMatch(/^<.+@marine-algae\.test>$/);
    expect(secondId).not.toBe(firstId);
    // Sent by the request or, if the worker took it first, by the worker: wait for it to arrive.
    await expect.poll(() => ctx.smtp.received.some((m) => m.parsed.messageId === secondId)).toBe(true);
    const secondMail = ctx.smtp.received.find((m) => m.parsed.messageId === secondId);
    expect(secondMail?.parsed.inReplyTo).toBe(firstId);
    expect(secondMail?.parsed.references).toBe(firstId);
  });

  it("still shows a reply as sent, and threads the next one after it, once its e-mail's outbox row has been pruned", async () => {
    const submission = await createSubmission({ subject: "Ancienne demande" });
    expect((await reply(submission._id, { replyMessage: "Réponse d'il y a deux mois" })).statusCode).toBe(200);
    const firstId = (await storedRow(submission._id))?.replies[0]?.messageId;
    const replyRows = and(eq(mailOutbox.submissionId, submission._id), eq(mailOutbox.kind, "reply"));
    // Sent by the request or, if the worker took it first, by the worker.
    await expect.poll(async () => (await ctx.database.db.select().from(mailOutbox).where(replyRows))[0]?.status).toBe("sent");
    await ctx.database.db.update(mailOutbox).set({ sentAt: sql`now() - interval '60 days'` }).where(replyRows);
    expect(await ctx.app.services.outbox.prune()).toBeGreaterThanOrEqual(1);
    expect(await ctx.database.db.select().from(mailOutbox).where(replyRows)).toEqual([]);

    const inbox = await ctx.app.inject({ method: "GET", url: "/api/contact/submissions", headers: ctx.auth });
    const shown = inbox.json<ContactSubmission[]>().find((row) => row._id === submission._id);
    expect(shown?.replies.map((r) => [r.message, r.delivery])).toEqual([["Réponse d'il y a deux mois", { status: "sent" }]]);

    const second = await reply(submission._id, { replyMessage: "Suite" });
    expect(second.statusCode).toBe(200);
    const secondId = (await storedRow(submission._id))?.replies[1]?.messageId;
    await expect.poll(() => ctx.smtp.received.find((m) => m.parsed.messageId === secondId)?.parsed.inReplyTo).toBe(firstId);
  });

  it("keeps both replies when two are sent at the same time", async () => {
    const submission = await createSubmission({ subject: "Concurrence" });
    const responses = await Promise.all([reply(submission._id, { replyMessage: "A" }), reply(submission._id, { replyMessage: "B" })]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    const stored = await storedRow(submission._id);
    expect(stored?.replies.map((r) => r.message).sort()).toEqual(["A", "B"]);
  });

  it.each([
    ["an empty reply", { replyMessage: "" }],
    ["a whitespace-only reply", { replyMessage: "  \n\t " }],
    ["a missing reply", {}],
  ])("refuses %s with 400 and the message the admin screen shows", async (_label, payload) => {
    const submission = await createNotified();
    const response = await reply(submission._id, payload);
    expect(response.statusCode).toBe(400);
    const text = "Veuillez saisir votre réponse avant d'envoyer l'email. / Please write your reply before sending the email.";
    expect(response.json()).toEqual({
      error: text,
      code: "validation",
      details: [{ path: "replyMessage", message: text, messageCode: "reply.empty" }],
    });
    expect((await storedRow(submission._id))?.replies).toEqual([]);
    // Every mail is queued in the outbox before the answer (the SMTP server's count also saw another test's reply
    // arriving late): no reply to this message was queued.
    const queued = await ctx.database.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "reply"), like(mailOutbox.subject, `%[#${submission.ref}]%`)));
    expect(queued).toEqual([]);
  });

  it("records the reply as queued, with the reason, when the SMTP server refuses it for now (4xx)", async () => {
    const submission = await createNotified({ subject: "Panne passagère" });
    ctx.smtp.setRefuse(true, 451);
    const response = await reply(submission._id, { replyMessage: "Réponse retardée" });
    expect(response.statusCode).toBe(200);
    const { submission: updated, delivery } = response.json<ReplyResult>().data;
    expect(delivery.status).toBe("pending");
    expect(delivery.error).toContain("test refusal");
    expect(updated.replies.map((r) => [r.message, r.delivery.status])).toEqual([["Réponse retardée", "pending"]]);
    const [mail] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, submission._id));
    expect(mail).toBeDefined();
  });

  it("records the reply as failed with the server's reason when the SMTP server refuses it for good (5xx)", async () => {
    const submission = await createNotified({ subject: "Panne" });
    ctx.smtp.setRefuse(true, 550);
    const response = await reply(submission._id, { replyMessage: "Réponse refusée ?" });
    expect(response.statusCode).toBe(200);
    const { submission: updated, delivery } = response.json<ReplyResult>().data;
    expect(delivery.status).toBe("failed");
    expect(delivery.error).toContain("test refusal");
    expect(updated.replies).toEqual([{ message: "Réponse refusée ?", sentAt: expect.any(String), delivery }]);
    const stored = await storedRow(submission._id);
    expect(stored?.isRead).toBe(true);
    const mails = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, submission._id));
    const mail = mails.find((m) => m._id === stored?.replies[0]?.outboxId);
    expect(mail).toMatchObject({ status: "failed", attempts: 1, kind: "reply", messageId: stored?.replies[0]?.messageId });
    // The list shows the same state.
    const listed = (await ctx.call("GET", "/contact/submissions")).json<ContactSubmission[]>().find((m) => m._id === submission._id);
    expect(listed?.replies[0]?.delivery).toEqual(delivery);
  });

  it("answers 404 for an unknown message without queueing anything to send", async () => {
    // Counted in the outbox, not on the SMTP server: mails of earlier tests may still be arriving there.
    const queued = async () => (await ctx.database.db.select({ id: mailOutbox._id }).from(mailOutbox)).length;
    const before = await queued();
    const response = await reply("00000000-0000-4000-8000-000000000000", { replyMessage: "Bonjour" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "Message introuvable / Message not found", code: "not_found", params: { item: "message" } });
    expect(await queued()).toBe(before);
  });
});

describe("inbox service helpers", () => {
  it("counts all and unread messages and returns the latest ones", async () => {
    const { inbox } = ctx.app.services;
    const fresh = await createSubmission({ subject: "Le plus récent" });
    const counts = (await ctx.call("GET", "/analytics/summary")).json<DashboardSummary>();
    expect(counts.totalMessages).toBe(await ctx.database.db.$count(contactSubmissions));
    expect(counts.unreadMessages).toBe(await ctx.database.db.$count(contactSubmissions, eq(contactSubmissions.isRead, false)));
    const latest = await inbox.latest(2);
    expect(latest).toHaveLength(2);
    expect(latest[0]?._id).toBe(fresh._id);
  });

  it("writes the notification to the outbox with the message; a refused one is kept as failed with the reason", async () => {
    ctx.smtp.setRefuse(true, 550);
    const submission = await ctx.app.services.inbox.submit(VALID);
    expect(await storedRow(submission._id)).toBeDefined();
    const notification = async () =>
      (
        await ctx.database.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.submissionId, submission._id), eq(mailOutbox.kind, "notification")))
      )[0];
    await expect.poll(async () => (await notification())?.status, { timeout: 10_000 }).toBe("failed");
    expect(await notification()).toMatchObject({ kind: "notification", to: ctx.mailer.from, replyTo: VALID.email });
    expect((await notification())?.lastError).toContain("test refusal");
  });
});
