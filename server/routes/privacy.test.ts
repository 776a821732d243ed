import { Writable } from "node:stream";
import type { ContactSubmission } from "@shared/schemas/contact";
import type { HistoryEntry } from "@shared/schemas/history";
import { ERASE_CONFIRM_MISMATCH, type PrivacyEraseResult, type PrivacyExport, type PrivacySummary } from "@shared/schemas/privacy";
import { validationApiText } from "@shared/validation-messages";
import { parse } from "csv-parse/sync";
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ADMIN, createTestContext, type TestContext } from "../../test/test-app";
import * as schema from "../db/schema/index";
import { adminHistory } from "../db/schema/index";
import { signFormTime } from "../lib/spam-rules";
import { UNAUTHENTICATED } from "../plugins/auth";
import { ADMIN_ADDRESS, ERASED_LABEL } from "../services/privacy";

/** Every line the app's logger writes. */
const logged: string[] = [];
const destination = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logged.push(chunk.toString());
    callback();
  },
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ app: { rateLimit: false, logger: { level: "info", stream: destination } } });
});
afterAll(() => ctx.close());

async function send(email: string, fields: Partial<{ fullName: string; subject: string; message: string }> = {}): Promise<string> {
  // A form rendered a minute ago, as a person sends it: the buyer gets a confirmation.
  const formToken = signFormTime("test-secret-test-secret-test-secret-0123", Date.now() - 60_000);
  const message = { fullName: "Marie Curie", email, phone: "+33 1 23", subject: "Ulva", message: "Bonjour", formToken, ...fields };
  const response = await ctx.call("POST", "/contact", message, false);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ContactSubmission>()._id;
}

async function reply(id: string, replyMessage: string): Promise<void> {
  const response = await ctx.call("POST", `/contact/${id}/reply`, { replyMessage });
  expect(response.statusCode, response.body).toBe(200);
}

const query = (email: string) => encodeURIComponent(email);

async function summary(email: string, page = 1): Promise<PrivacySummary> {
  const response = await ctx.call("GET", `/privacy/summary?email=${query(email)}&page=${page}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PrivacySummary>();
}

async function exportJson(email: string): Promise<PrivacyExport> {
  const response = await ctx.call("GET", `/privacy/export?email=${query(email)}&format=json`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="donnees-personnelles-\d{4}-\d{2}-\d{2}\.json"$/);
  expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
  return response.json<PrivacyExport>();
}

const anyRows = z.object({ rows: z.array(z.unknown()) });

/** The whole database as text: what an erased address must no longer appear in. */
/** Every row of every table of the schema, as lower-cased text. */
async function everything(): Promise<string> {
  const tables = Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table).name);
  const parts = await Promise.all(
    tables.map(async (table) => JSON.stringify(anyRows.parse(await ctx.database.db.execute(sql.raw(`select * from ${table}`))).rows)),
  );
  return parts.join("\n").toLowerCase();
}

describe("privacy API", () => {
  it("answers 401 to an anonymous caller on every privacy route", async () => {
    for (const [method, url, body] of [
      ["GET", "/privacy/summary?email=a%40example.com", undefined],
      ["GET", "/privacy/export?email=a%40example.com", undefined],
      ["POST", "/privacy/erase", { email: "a@example.com", confirm: "a@example.com" }],
    ] as const) {
      const response = await ctx.call(method, url, body, false);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ error: UNAUTHENTICATED, code: "auth.required" });
    }
  });

  it("answers 400 to a missing or malformed address, an unknown format or page", async () => {
    for (const url of [
      "/privacy/summary",
      "/privacy/summary?email=not-an-address",
      `/privacy/summary?email=${"a".repeat(250)}%40example.com`,
      "/privacy/summary?email=a%40example.com&page=0",
      "/privacy/export?email=",
      "/privacy/export?email=a%40example.com&format=xml",
    ]) {
      const response = await ctx.call("GET", url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ error: string }>().error, url).toEqual(expect.any(String));
    }
    const erase = await ctx.call("POST", "/privacy/erase", { email: "nope", confirm: "nope" });
    expect(erase.statusCode).toBe(400);
  });

  it("finds an address whatever its case: counts, and the messages newest first, a page at a time", async () => {
    const email = "Paged.Person@Example.org";
    for (let i = 1; i <= 23; i++) await send(email, { subject: `Sujet ${i}` });
    await send("someone.else@example.org");
    const first = await summary("paged.person@example.ORG");
    expect(first.email).toBe("paged.person@example.org");
    expect(first.counts).toEqual({ messages: 23, replies: 0, mails: 46, administrators: 0, invitations: 0, historyEntries: 0 });
    expect(first.messages.total).toBe(23);
    expect(first.messages.items).toHaveLength(20);
    expect(first.messages.items[0]).toMatchObject({ subject: "Sujet 23", fullName: "Marie Curie", replies: 0 });
    const second = await summary(email, 2);
    expect(second.messages.items.map((m) => m.subject)).toEqual(["Sujet 3", "Sujet 2", "Sujet 1"]);
  });

  it("exports as JSON the address's messages with their replies and e-mails, and nothing of another address", async () => {
    const id = await send("Jane.Doe@Example.com", { subject: "Demande de prix", message: "Quel est le prix du Codium ?" });
    await reply(id, "Le prix est de 12 € le kilo.");
    await send("jane.doe@example.com.other.org", { message: "OTHER-ADDRESS-SECRET" });
    await send("john@example.com", { message: "OTHER-PERSON-SECRET" });

    const exported = await exportJson("jane.doe@example.com");
    expect(exported.email).toBe("jane.doe@example.com");
    expect(exported.messages).toHaveLength(1);
    const [message] = exported.messages;
    expect(message).toMatchObject({
      _id: id,
      email: "Jane.Doe@Example.com",
      subject: "Demande de prix",
      message: "Quel est le prix du Codium ?",
    });
    expect(message?.replies).toEqual([
      { message: "Le prix est de 12 € le kilo.", sentAt: expect.any(String), delivery: { status: "sent" } },
    ]);
    expect(message?.mails.map((m) => m.kind).sort()).toEqual(["confirmation", "notification", "reply"]);
    expect(message?.mails.find((m) => m.kind === "reply")?.to).toBe("Jane.Doe@Example.com");
    expect(exported).toMatchObject({ administrators: [], invitations: [], historyEntries: [], otherMails: [] });
    const text = JSON.stringify(exported);
    expect(text).not.toContain("OTHER-ADDRESS-SECRET");
    expect(text).not.toContain("OTHER-PERSON-SECRET");
  });

  it("exports as CSV for Excel one row per message and per reply, with formulas neutralised", async () => {
    const id = await send("formula@example.com", { fullName: '=HYPERLINK("http://evil")', subject: "+33 prix", message: "@SUM(A1)" });
    await reply(id, "-2 réponses");
    await send("not-formula@example.com", { message: "OTHER-PERSON-SECRET" });

    const response = await ctx.call("GET", "/privacy/export?email=FORMULA%40example.com&format=csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="donnees-personnelles-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.body).not.toContain("OTHER-PERSON-SECRET");
    const rows = parse(response.body.slice(1), { delimiter: ";" }) as string[][];
    expect(rows[0]).toEqual([
      "Type",
      "Date",
      "Identifiant du message",
      "Nom",
      "E-mail",
      "Téléphone",
      "Sujet",
      "Texte",
      "Envoi",
      "Société",
      "Demande",
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      "message",
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
      id,
      `'=HYPERLINK("http://evil")`,
      "formula@example.com",
      "'+33 1 23",
      "'+33 prix",
      "'@SUM(A1)",
      "",
      "",
      "",
    ]);
    expect(rows[2]).toEqual([
      "réponse",
      expect.any(String),
      id,
      "",
      "formula@example.com",
      "",
      "Re: +33 prix",
      "'-2 réponses",
      "envoyée",
      "",
      "",
    ]);
  });

  it("refuses an erasure whose confirmation is not the same address with 400, and erases nothing", async () => {
    await send("keep.me@example.com");
    const before = await summary("keep.me@example.com");
    for (const confirm of ["keep.me@example.co", "", undefined]) {
      const response = await ctx.call("POST", "/privacy/erase", { email: "keep.me@example.com", confirm });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(validationApiText(ERASE_CONFIRM_MISMATCH));
    }
    expect(await summary("keep.me@example.com")).toEqual(before);
  });

  it("erases messages, replies, e-mails and invitations of the address, makes history labels anonymous, and leaves others alone", async () => {
    const email = "erase.me@example.com";
    const first = await send("Erase.Me@example.com", { subject: "Premier", message: "ERASED-MESSAGE-BODY" });
    await reply(first, "ERASED-REPLY-BODY");
    await send(email, { subject: "Second" });
    const invited = await ctx.call("POST", "/users", { email, mode: "invitation" });
    expect(invited.statusCode, invited.body).toBe(201);
    const kept = await send("kept@example.com", { message: "KEPT-BODY" });
    // Someone tried to sign in with the address: the lockout's counters name it too.
    const guess = await ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: "a-guess" } });
    expect(guess.statusCode).toBe(401);
    expect((await summary(email)).counts).toEqual({
      messages: 2,
      replies: 1,
      // Each message's notification and the buyer's confirmation, and the reply.
      mails: 6,
      administrators: 0,
      invitations: 1,
      historyEntries: 1,
    });

    const response = await ctx.call("POST", "/privacy/erase", { email: "ERASE.me@example.com", confirm: " erase.me@example.com " });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PrivacyEraseResult>()).toEqual({
      erased: { messages: 2, replies: 1, mails: 6, invitations: 1, historyEntries: 1 },
    });

    expect((await summary(email)).counts).toEqual({
      messages: 0,
      replies: 0,
      mails: 0,
      administrators: 0,
      invitations: 0,
      historyEntries: 0,
    });
    const stored = await everything();
    for (const trace of ["erase.me@example.com", "erased-message-body", "erased-reply-body"]) expect(stored).not.toContain(trace);
    expect(stored).toContain("kept-body");
    expect((await ctx.call("GET", `/contact/submissions`)).json<ContactSubmission[]>().map((s) => s._id)).toContain(kept);

    const invitationLine = await ctx.database.db.select().from(adminHistory).where(sql`${adminHistory.action} = 'invite'`);
    expect(invitationLine.map((line) => line.label)).toEqual([ERASED_LABEL]);
  });

  it("records the erasure in the history without the erased address", async () => {
    await send("history.erase@example.com");
    const response = await ctx.call("POST", "/privacy/erase", { email: "history.erase@example.com", confirm: "history.erase@example.com" });
    expect(response.statusCode).toBe(200);
    await expect.poll(async () => (await ctx.call("GET", "/history?type=privacy")).json<HistoryEntry[]>().length).toBeGreaterThanOrEqual(1);
    const [line] = (await ctx.call("GET", "/history?type=privacy")).json<HistoryEntry[]>();
    expect(line).toMatchObject({ action: "erase", entityType: "privacy", email: ADMIN.email, entityId: null });
    expect(line?.label).toBe("1 adresse effacée : 1 message(s), 0 réponse(s), 2 e-mail(s)");
    expect(await everything()).not.toContain("history.erase@example.com");
  });

  it("refuses with 409 to erase an administrator's address, and erases nothing", async () => {
    await send(ADMIN.email.toUpperCase(), { message: "ADMIN-OWN-MESSAGE" });
    const response = await ctx.call("POST", "/privacy/erase", { email: ADMIN.email, confirm: ADMIN.email });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: ADMIN_ADDRESS, code: "privacy.admin_address" });
    expect((await summary(ADMIN.email)).counts).toMatchObject({ messages: 1, administrators: 1 });
    expect((await exportJson(ADMIN.email)).administrators).toEqual([
      expect.objectContaining({ email: ADMIN.email, totpEnabled: false, createdAt: expect.any(String) }),
    ]);
  });

  it("stores no sender, subject or address in the history line of a message read, replied to or deleted", async () => {
    const id = await send("private.sender@example.com", { fullName: "Nom Privé", subject: "Sujet privé" });
    expect((await ctx.call("PATCH", `/contact/${id}/read`)).statusCode).toBe(200);
    await reply(id, "Réponse");
    expect((await ctx.call("DELETE", `/contact/${id}`)).statusCode).toBe(204);
    const lines = await ctx.database.db.select().from(adminHistory).where(sql`${adminHistory.entityId} = ${id}`);
    expect(lines.map((line) => line.action).sort()).toEqual(["delete", "mark-read", "reply"]);
    for (const line of lines) expect(line.label).toBeNull();
  });

  it("keeps the searched address out of the access log of the summary and export reads", async () => {
    await summary("logged.lookup@example.com");
    await exportJson("logged.lookup@example.com");
    expect(logged.join("\n")).not.toContain("logged.lookup");
    expect(logged.join("\n")).toContain("/api/contact");
  });
});
