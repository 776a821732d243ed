import type { PrivacyExport } from "@shared/schemas/privacy";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { adminHistory, contactSubmissions, mailOutbox } from "../db/schema/index";
import { csvChunks } from "../lib/csv";
import { SECURITY_DEFAULTS } from "../lib/security-config";
import { PRIVACY_CSV_HEADER } from "./privacy";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

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

describe("message retention", () => {
  it("deletes the messages older than the retention with their e-mails and keeps the younger ones", async () => {
    const { privacy, inbox } = ctx.app.services;
    const old = await submit("old@example.com", "Ancien");
    await inbox.reply(old, "Réponse ancienne");
    await age(old, DAYS + 1, { replies: true });
    const almost = await submit("almost@example.com", "Presque");
    await age(almost, DAYS - 1);
    const fresh = await submit("fresh@example.com", "Récent");
    // The notification, the buyer's confirmation and the reply.
    expect(await mailsOf([old])).toBe(3);

    expect(await privacy.purge()).toBe(1);

    expect(await existing([old, almost, fresh])).toEqual([almost, fresh].sort());
    expect(await mailsOf([old])).toBe(0);
    expect(await mailsOf([almost, fresh])).toBe(4);
  });

  it("keeps an old message whose last reply is younger than the retention: the conversation is still going on", async () => {
    const { privacy, inbox } = ctx.app.services;
    const ongoing = await submit("ongoing@example.com", "En cours");
    await inbox.reply(ongoing, "Réponse récente");
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
