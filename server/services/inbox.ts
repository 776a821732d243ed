import { randomUUID } from "node:crypto";
import type { ContactData, ContactSubmission, InboxFilter, MailDelivery } from "@shared/schemas/contact";
import type { PageQuery } from "@shared/schemas/page";
import { and, count, desc, eq, getTableColumns, ne, not, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { contactSubmissions, mailOutbox, type StoredReply } from "../db/schema/index";
import { foldText } from "../db/text-fold";
import { type ChangeSink, fieldChanges } from "../lib/history-changes";
import { notFound } from "../lib/http-error";
import { type CreatedCursor, createdCursorSchema, decodeCursor, type Page, pageOf } from "../lib/keyset";
import type { Outbox } from "./mail/outbox";

type Row = Omit<typeof contactSubmissions.$inferSelect, "searchText">;
/** Every column but the search text, which only the database reads. */
const { searchText: _searchText, ...ROW_COLUMNS } = getTableColumns(contactSubmissions);

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

export function frenchDate(timestamp: string): string {
  const parts = Object.fromEntries(COMPANY_DATE_PARTS.formatToParts(new Date(timestamp)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

const toIso = (timestamp: string) => new Date(timestamp).toISOString();

type Deliveries = Map<string, MailDelivery>;
const SENT: MailDelivery = { status: "sent" };

export function toSubmission(row: Row, deliveries: Deliveries): ContactSubmission {
  return {
    _id: row._id,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    isRead: row.isRead,
    createdAt: toIso(row.createdAt),
    replies: row.replies.map((reply) => ({
      message: reply.message,
      sentAt: reply.sentAt,
      // Replies from before the outbox were recorded only once sent.
      delivery: (reply.outboxId && deliveries.get(reply.outboxId)) || SENT,
    })),
  };
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

export type InboxSearch = { q?: string | undefined; filter?: InboxFilter | undefined };

/** A LIKE pattern that finds `words` anywhere, with `\`, `%` and `_` taken literally. */
export function containsPattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Each word of `q` must be found (accents, case and ligatures aside) in the name, e-mail, subject or message: in the
 * stored folded text of the four, which a trigram index answers (decision 0093).
 */
function searchCondition(q: string): SQL | undefined {
  const words = q.split(/\s+/).filter(Boolean);
  return and(...words.map((word) => sql`${contactSubmissions.searchText} like ${containsPattern(foldText(word))} escape '\\'`));
}

const newestFirst = [desc(contactSubmissions.createdAt), desc(contactSubmissions._id)];
/** Rows after `position` in the newest-first order. */
const after = (position: CreatedCursor) =>
  sql`(${contactSubmissions.createdAt}, ${contactSubmissions._id}) < (${position[0]}::timestamptz, ${position[1]}::uuid)`;

const FILTERS: Record<InboxFilter, SQL> = {
  unread: not(contactSubmissions.isRead),
  replied: sql`jsonb_array_length(${contactSubmissions.replies}) > 0`,
  // A reply whose e-mail the outbox has not delivered: waiting for a (re)try, being sent, or failed for good.
  pending: sql`exists (select 1 from ${mailOutbox} where ${mailOutbox.submissionId} = ${contactSubmissions._id} and ${mailOutbox.kind} = 'reply' and ${ne(mailOutbox.status, "sent")})`,
};

export function createInboxService(db: Db, outbox: Outbox, companyMailbox: string) {
  async function findRow(id: string): Promise<Row> {
    const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions._id, id)).limit(1);
    if (!row) throw notFound("message");
    return row;
  }

  /** The submissions as the API gives them, with the delivery state of every reply (one query for all). */
  async function withDeliveries(rows: Row[]): Promise<ContactSubmission[]> {
    const ids = rows.flatMap((row) => row.replies.flatMap((reply) => (reply.outboxId ? [reply.outboxId] : [])));
    const deliveries = await outbox.states(ids);
    return rows.map((row) => toSubmission(row, deliveries));
  }

  async function one(row: Row): Promise<ContactSubmission> {
    const [submission] = await withDeliveries([row]);
    if (!submission) throw notFound("message");
    return submission;
  }

  /** Marks a message read or unread; its history line says whether that changed its status (never its content). */
  async function setRead(id: string, isRead: boolean, onChanges?: ChangeSink): Promise<ContactSubmission> {
    const [before, row] = await db.transaction(async (tx) => {
      const [stored] = await tx
        .select({ isRead: contactSubmissions.isRead })
        .from(contactSubmissions)
        .where(eq(contactSubmissions._id, id))
        .for("update");
      const [updated] = await tx.update(contactSubmissions).set({ isRead }).where(eq(contactSubmissions._id, id)).returning();
      return [stored, updated] as const;
    });
    if (!before || !row) throw notFound("message");
    onChanges?.(fieldChanges(before, { isRead }, ["isRead"]));
    return one(row);
  }

  return {
    /**
     * Stores the message and its notification to the company mailbox in one transaction, then wakes the outbox
     * worker: the visitor never waits for SMTP and a mail failure loses nothing (it is retried).
     * A filled honeypot gets the same answer, but nothing is stored or sent.
     */
    async submit(input: ContactData): Promise<ContactSubmission> {
      const { website, ...data } = input;
      if (website?.trim()) {
        const now = new Date().toISOString();
        return { _id: randomUUID(), ...data, isRead: false, createdAt: now, replies: [] };
      }
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx.insert(contactSubmissions).values(data).returning();
        if (!inserted) throw new Error("insert returned nothing");
        await outbox.enqueue(tx, {
          kind: "notification",
          submissionId: inserted._id,
          to: companyMailbox,
          replyTo: inserted.email,
          subject: `Nouveau message de contact : ${inserted.subject}`,
          text: notificationText(inserted),
        });
        return inserted;
      });
      outbox.wake();
      return toSubmission(row, new Map());
    },

    /**
     * One page of the inbox, newest first; `q` and `filter` narrow it (docs/product.md "Messages"). `total` counts
     * every message the search and filter match.
     */
    async list(search: InboxSearch & PageQuery): Promise<Page<ContactSubmission> & { total: number }> {
      const where = and(search.q ? searchCondition(search.q) : undefined, search.filter ? FILTERS[search.filter] : undefined);
      const position = search.cursor === undefined ? undefined : decodeCursor(search.cursor, createdCursorSchema);
      const [rows, [counted]] = await Promise.all([
        db
          .select(ROW_COLUMNS)
          .from(contactSubmissions)
          .where(and(where, position && after(position)))
          .orderBy(...newestFirst)
          .limit(search.limit + 1),
        db.select({ n: count() }).from(contactSubmissions).where(where),
      ]);
      const page = pageOf(rows, search.limit, (row) => [row.createdAt, row._id]);
      return { ...page, items: await withDeliveries(page.items), total: counted?.n ?? 0 };
    },

    /** Every message the search and filter match, newest first, read by pages so memory stays flat (CSV export). */
    async *each(search: InboxSearch, batch = 500): AsyncGenerator<ContactSubmission> {
      const where = and(search.q ? searchCondition(search.q) : undefined, search.filter ? FILTERS[search.filter] : undefined);
      let position: CreatedCursor | undefined;
      for (;;) {
        const rows = await db
          .select(ROW_COLUMNS)
          .from(contactSubmissions)
          .where(and(where, position && after(position)))
          .orderBy(...newestFirst)
          .limit(batch);
        for (const submission of await withDeliveries(rows)) yield submission;
        const last = rows.at(-1);
        if (!last || rows.length < batch) return;
        position = [last.createdAt, last._id];
      }
    },

    async latest(limit: number): Promise<ContactSubmission[]> {
      const rows = await db
        .select(ROW_COLUMNS)
        .from(contactSubmissions)
        .orderBy(...newestFirst)
        .limit(limit);
      return withDeliveries(rows);
    },

    async counts(): Promise<{ total: number; unread: number }> {
      const [row] = await db
        .select({ total: count(), unread: sql<number>`count(*) filter (where not ${contactSubmissions.isRead})`.mapWith(Number) })
        .from(contactSubmissions);
      return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
    },

    async get(id: string): Promise<ContactSubmission> {
      return one(await findRow(id));
    },

    markRead: (id: string, onChanges?: ChangeSink) => setRead(id, true, onChanges),

    markUnread: (id: string, onChanges?: ChangeSink) => setRead(id, false, onChanges),

    async remove(id: string): Promise<void> {
      const deleted = await db.delete(contactSubmissions).where(eq(contactSubmissions._id, id)).returning({ id: contactSubmissions._id });
      if (deleted.length === 0) throw notFound("message");
    },

    /**
     * Records the reply and its e-mail to the visitor (threaded after the earlier replies) in one transaction, then
     * tries to send it at once. A mail server that is down does not refuse the reply: it stays queued and the outbox
     * retries it. The append is one SQL statement, so concurrent replies are all kept.
     */
    async reply(id: string, replyMessage: string): Promise<{ submission: ContactSubmission; delivery: MailDelivery }> {
      const outboxId = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions._id, id)).limit(1).for("update");
        if (!row) throw notFound("message");
        const previous = row.replies.map((r) => r.messageId).filter(Boolean);
        const lastId = previous.at(-1);
        const mail = await outbox.enqueue(tx, {
          kind: "reply",
          submissionId: row._id,
          to: row.email,
          subject: `Re: ${row.subject}`,
          text: `${replyMessage}\n\n${quote(row)}\n`,
          ...(lastId ? { inReplyTo: lastId, references: previous } : {}),
        });
        const reply: StoredReply = {
          message: replyMessage,
          sentAt: new Date().toISOString(),
          messageId: mail.messageId,
          outboxId: mail._id,
        };
        await tx
          .update(contactSubmissions)
          .set({ replies: sql`${contactSubmissions.replies} || ${JSON.stringify([reply])}::jsonb`, isRead: true })
          .where(eq(contactSubmissions._id, id));
        return mail._id;
      });
      const delivery = await outbox.deliver(outboxId);
      return { submission: await one(await findRow(id)), delivery };
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
