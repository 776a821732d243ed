import { mkdtempSync, rmSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PrivacyExport } from "@shared/schemas/privacy";
import { eq, inArray, ne, sql } from "drizzle-orm";
import { type AddressObject, simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { adminHistory, contactSubmissions, mailOutbox } from "../db/schema/index";
import { csvChunks } from "../lib/csv";
import { SECURITY_DEFAULTS } from "../lib/security-config";
import { emlFileName } from "./mail/eml-files";
import { createMailer } from "./mail/index";
import type { Mailer } from "./mail/types";
import { PRIVACY_CSV_HEADER } from "./privacy";

// No SMTP server: every e-mail is written as an .eml file to `outboxDir`, as on a server without SMTP_URL.
const outboxDir = mkdtempSync(path.join(tmpdir(), "marine-algae-privacy-outbox-"));
let mailer: Mailer;
let ctx: TestContext;
beforeAll(async () => {
  mailer = createMailer({ from: "Marine Algae <contact@marine-algae.test>", outboxDir });
  ctx = await createTestContext({ app: { mailer } });
});
afterAll(async () => {
  await ctx.close();
  await mailer.close();
  rmSync(outboxDir, { recursive: true, force: true });
});

const DAYS = SECURITY_DEFAULTS.messageRetentionDays;

async function submit(email: string, subject: string): Promise<string> {
  const sent = await ctx.app.services.inbox.submit({ fullName: "Visiteur", email, phone: "", subject, message: `Texte de ${subject}` });
  return sent._id;
}

/** Moves a message (and, with `replies`, its replies) `days` days into the past. */
async function age(id: string, days: number, { replies = false } = {}): Promise<void> {
  const db = ctx.database.db;
  await db
    .update(contactSubmissions)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(contactSubmissions._id, id));
  if (!replies) return;
  const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions._id, id));
  const sentAt = new Date(Date.now() - days * 86_400_000).toISOString();
  await db
    .update(contactSubmissions)
    .set({ replies: (row?.replies ?? []).map((reply) => ({ ...reply, sentAt })) })
    .where(eq(contactSubmissions._id, id));
}

const existing = async (ids: string[]) =>
  (await ctx.database.db.select({ id: contactSubmissions._id }).from(contactSubmissions).where(inArray(contactSubmissions._id, ids)))
    .map((row) => row.id)
    .sort();

const mailsOf = async (ids: string[]) =>
  (await ctx.database.db.select({ id: mailOutbox._id }).from(mailOutbox).where(inArray(mailOutbox.submissionId, ids))).length;

/** Stores `n` messages from `email` in one statement, `daysOld` days old. */
const storeMany = (n: number, email: string, daysOld: number) =>
  ctx.database.db.execute(sql`
    insert into contact_submissions (full_name, email, subject, message, created_at)
    select 'Masse', ${email}, 'Sujet ' || i, 'Message ' || i, now() - make_interval(days => ${daysOld})
    from generate_series(1, ${n}) as i`);

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let all = "";
  for await (const chunk of chunks) all += chunk;
  return all;
}

/** Waits until the outbox has sent (written) every e-mail, and gives the names of the .eml files. */
async function sentFiles(): Promise<string[]> {
  const db = ctx.database.db;
  await expect
    .poll(async () => (await db.select().from(mailOutbox).where(ne(mailOutbox.status, "sent"))).length, { timeout: 10_000 })
    .toBe(0);
  return (await readdir(outboxDir)).sort();
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) => object.value.map((entry) => entry.address?.toLowerCase()));

/** Whether an .eml file, read as a mail client reads it, names the address in To, From, Reply-To, subject or text. */
async function mentions(file: string, address: string): Promise<boolean> {
  const mail = await simpleParser(await readFile(path.join(outboxDir, file)));
  const named = [...addresses(mail.to), ...addresses(mail.from), ...addresses(mail.replyTo)].includes(address.toLowerCase());
  const inText = new RegExp(`(^|[^\\w.+-])${address.replace(/[.+]/g, "\\$&")}(?![\\w-]|\\.\\w)`, "i").test(
    `${mail.subject ?? ""}\n${mail.text ?? ""}`,
  );
  return named || inText;
}

describe("message retention", () => {
  it("deletes the messages older than the retention with their e-mails and keeps the younger ones", async () => {
    const { privacy, inbox } = ctx.app.services;
    const old = await submit("old@example.com", "Ancien");
    await inbox.reply(old, { replyMessage: "Réponse ancienne" });
    await age(old, DAYS + 1, { replies: true });
    const almost = await submit("almost@example.com", "Presque");
    await age(almost, DAYS - 1);
    const fresh = await submit("fresh@example.com", "Récent");
    // At least the notification and the reply (the buyer's confirmation goes only to plausible buyers).
    expect(await mailsOf([old])).toBeGreaterThanOrEqual(2);
    const kept = await mailsOf([almost, fresh]);

    const oldFiles = (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, old))).map((mail) =>
      emlFileName(mail.messageId),
    );
    const files = await sentFiles();
    expect(files).toEqual(expect.arrayContaining(oldFiles));

    expect(await privacy.purge()).toBe(1);

    expect(await existing([old, almost, fresh])).toEqual([almost, fresh].sort());
    expect(await mailsOf([old])).toBe(0);
    expect(await mailsOf([almost, fresh])).toBe(kept);
    // The .eml files of the deleted e-mails went with them; the others stay.
    expect(await readdir(outboxDir)).toEqual(files.filter((file) => !oldFiles.includes(file)));
  });

  it("keeps an old message whose last reply is younger than the retention: the conversation is still going on", async () => {
    const { privacy, inbox } = ctx.app.services;
    const ongoing = await submit("ongoing@example.com", "En cours");
    await inbox.reply(ongoing, { replyMessage: "Réponse récente" });
    await age(ongoing, DAYS + 30);
    await privacy.purge();
    expect(await existing([ongoing])).toEqual([ongoing]);
  });

  it("works through a backlog larger than one batch and deletes all of it", async () => {
    await storeMany(2_500, "backlog@example.com", DAYS + 10);
    expect(await ctx.app.services.privacy.purge()).toBe(2_500);
    expect((await ctx.app.services.privacy.counts("backlog@example.com")).messages).toBe(0);
  });

  it("clears the labels that history lines of messages kept from earlier versions", async () => {
    const [row] = await ctx.database.db
      .insert(adminHistory)
      .values({
        email: "admin@test.local",
        action: "update",
        entityType: "message",
        label: "client@example.com",
        method: "PATCH",
        route: "/api/contact/:id/read",
      })
      .returning();
    await ctx.app.services.privacy.purge();
    const [after] = await ctx.database.db
      .select()
      .from(adminHistory)
      .where(eq(adminHistory._id, row?._id ?? ""));
    expect(after?.label).toBeNull();
  });
});

describe("export of one address", () => {
  it("reads every message of an address in batches, each exactly once, as JSON and as CSV", async () => {
    await storeMany(1_200, "Prolific@Example.com", 1);
    const { privacy } = ctx.app.services;
    const exported = JSON.parse(await text(privacy.exportJson("prolific@example.com"))) as PrivacyExport;
    expect(exported.messages).toHaveLength(1_200);
    expect(new Set(exported.messages.map((m) => m._id)).size).toBe(1_200);
    const csv = await text(csvChunks(PRIVACY_CSV_HEADER, privacy.csvBatches("PROLIFIC@example.com")));
    expect(csv.trim().split("\r\n")).toHaveLength(1 + 1_200);
  });
});

describe("erasure of one address, with the e-mails written as .eml files", () => {
  it("removes every file written for or naming the address, whatever its name, and keeps the other addresses' files", async () => {
    const { privacy, inbox } = ctx.app.services;
    const erased = "Erase.Me@example.com";
    const mine = await submit(erased, "Effacez-moi");
    await inbox.reply(mine, { replyMessage: "Bonjour, voici notre réponse à votre demande." });
    const other = await submit("keep@example.com", "Gardez-moi");
    // Another buyer's reply that names the address in its text: it mentions the erased address too.
    await inbox.reply(other, { replyMessage: `Votre collègue ${erased.toLowerCase()} nous a déjà écrit ; voici le prix.` });
    // A longer address that contains the erased one is another person's.
    await submit("xerase.me@example.com.tn", "Autre personne");
    const files = await sentFiles();
    // A file named before files were named by Message-ID, its text quoted-printable: found by reading it.
    const legacy = "2026-10-01T08-00-00-000Z-0a1b2c3d.eml";
    const mailsOfMessage = (id: string) => ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, id));
    const mineFiles = (await mailsOfMessage(mine)).map((mail) => emlFileName(mail.messageId));
    const otherReply = (await mailsOfMessage(other)).find((mail) => mail.kind === "reply");
    await writeFile(path.join(outboxDir, legacy), await readFile(path.join(outboxDir, mineFiles[0] ?? "")));
    const before = [...files, legacy].sort();
    const naming: string[] = [];
    for (const file of before) if (await mentions(file, erased)) naming.push(file);
    // Its own e-mails, the other buyer's reply naming it, and the old file: what a mail client shows names it.
    expect(naming).toEqual([...mineFiles, emlFileName(otherReply?.messageId ?? ""), legacy].sort());

    await privacy.erase(erased);

    const after = await readdir(outboxDir);
    for (const file of after) expect(await mentions(file, erased), file).toBe(false);
    expect(after.sort()).toEqual(before.filter((file) => !naming.includes(file)));
  });
});
