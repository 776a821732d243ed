import { randomUUID } from "node:crypto";
import { count, desc, eq, sql } from "drizzle-orm";
import type { ContactData, ContactSubmission } from "../../shared/schemas/contact";
import type { Db } from "../db/client";
import { contactSubmissions, type StoredReply } from "../db/schema/index";
import { HttpError, notFound } from "../lib/http-error";
import type { Mailer } from "./mail/types";

type Log = { error(obj: object, msg: string): void };
type Row = typeof contactSubmissions.$inferSelect;

/** Dates in e-mails are written as the company reads them, in Bizerte: dd/mm/yyyy hh:mm. */
const COMPANY_DATE_PARTS = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Africa/Tunis",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function frenchDate(timestamp: string): string {
  const parts = Object.fromEntries(COMPANY_DATE_PARTS.formatToParts(new Date(timestamp)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

const toIso = (timestamp: string) => new Date(timestamp).toISOString();

function toSubmission(row: Row): ContactSubmission {
  return {
    _id: row._id,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    isRead: row.isRead,
    createdAt: toIso(row.createdAt),
    replies: row.replies.map((reply) => ({ message: reply.message, sentAt: reply.sentAt })),
  };
}

/** `<uuid@domain-of-the-company-mailbox>`: a Message-ID we choose, so replies can reference each other. */
function newMessageId(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const domain = address.split("@")[1]?.trim() || "localhost";
  return `<${randomUUID()}@${domain}>`;
}

function quote(submission: Row): string {
  const header = `Le ${frenchDate(submission.createdAt)}, ${submission.fullName} a écrit :`;
  const lines = submission.message.split(/\r?\n/).map((line) => (line ? `> ${line}` : ">"));
  return [header, ...lines].join("\n");
}

function notificationText(row: Row): string {
  return [
    "Nouveau message reçu depuis le formulaire de contact du site.",
    "",
    `Nom : ${row.fullName}`,
    `E-mail : ${row.email}`,
    `Téléphone : ${row.phone || "-"}`,
    `Sujet : ${row.subject}`,
    "",
    row.message,
    "",
    "Répondez depuis l'espace d'administration (Messages de Contact) ou directement à cet e-mail.",
  ].join("\n");
}

/** Why the SMTP server or the connection failed, on one short line (no credentials: nodemailer never puts them in messages). */
function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 300) || "erreur inconnue";
}

export function createInboxService(db: Db, mailer: Mailer, log: Log) {
  async function findRow(id: string): Promise<Row> {
    const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions._id, id)).limit(1);
    if (!row) throw notFound("Message");
    return row;
  }

  function notifyCompany(row: Row): void {
    mailer
      .send({
        to: mailer.from,
        replyTo: row.email,
        subject: `Nouveau message de contact : ${row.subject}`,
        text: notificationText(row),
      })
      .catch((error: unknown) => log.error({ err: error, submissionId: row._id }, "contact notification e-mail failed"));
  }

  return {
    /**
     * Stores the message first, then notifies the company mailbox in the background: the visitor never waits for
     * SMTP and a mail failure loses nothing. A filled honeypot gets the same answer, but nothing is stored or sent.
     */
    async submit(input: ContactData): Promise<ContactSubmission> {
      const { website, ...data } = input;
      if (website?.trim()) {
        const now = new Date().toISOString();
        return { _id: randomUUID(), ...data, isRead: false, createdAt: now, replies: [] };
      }
      const [row] = await db.insert(contactSubmissions).values(data).returning();
      if (!row) throw new Error("insert returned nothing");
      notifyCompany(row);
      return toSubmission(row);
    },

    async list(): Promise<ContactSubmission[]> {
      const rows = await db.select().from(contactSubmissions).orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions._id));
      return rows.map(toSubmission);
    },

    async latest(limit: number): Promise<ContactSubmission[]> {
      const rows = await db
        .select()
        .from(contactSubmissions)
        .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions._id))
        .limit(limit);
      return rows.map(toSubmission);
    },

    async counts(): Promise<{ total: number; unread: number }> {
      const [row] = await db
        .select({ total: count(), unread: sql<number>`count(*) filter (where not ${contactSubmissions.isRead})`.mapWith(Number) })
        .from(contactSubmissions);
      return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
    },

    async get(id: string): Promise<ContactSubmission> {
      return toSubmission(await findRow(id));
    },

    async markRead(id: string): Promise<ContactSubmission> {
      const [row] = await db.update(contactSubmissions).set({ isRead: true }).where(eq(contactSubmissions._id, id)).returning();
      if (!row) throw notFound("Message");
      return toSubmission(row);
    },

    async remove(id: string): Promise<void> {
      const deleted = await db.delete(contactSubmissions).where(eq(contactSubmissions._id, id)).returning({ id: contactSubmissions._id });
      if (deleted.length === 0) throw notFound("Message");
    },

    /**
     * E-mails the visitor from the company mailbox, threaded after the earlier replies, and records the reply only
     * once the SMTP server accepted it. The append is one SQL statement, so concurrent replies are all kept.
     */
    async reply(id: string, replyMessage: string): Promise<ContactSubmission> {
      const row = await findRow(id);
      const previous = row.replies.map((r) => r.messageId).filter(Boolean);
      const messageId = newMessageId(mailer.from);
      const lastId = previous.at(-1);
      try {
        await mailer.send({
          to: row.email,
          subject: `Re: ${row.subject}`,
          text: `${replyMessage}\n\n${quote(row)}\n`,
          messageId,
          ...(lastId ? { inReplyTo: lastId, references: previous } : {}),
        });
      } catch (error) {
        throw new HttpError(502, `L'envoi de l'e-mail a échoué: ${reasonOf(error)} / Sending the e-mail failed`);
      }
      const reply: StoredReply = { message: replyMessage, sentAt: new Date().toISOString(), messageId };
      const [updated] = await db
        .update(contactSubmissions)
        .set({ replies: sql`${contactSubmissions.replies} || ${JSON.stringify([reply])}::jsonb`, isRead: true })
        .where(eq(contactSubmissions._id, id))
        .returning();
      if (!updated) throw notFound("Message");
      return toSubmission(updated);
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
