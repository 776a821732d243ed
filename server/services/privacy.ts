import {
  type ExportedMail,
  type ExportedMessage,
  PRIVACY,
  type PrivacyCounts,
  type PrivacyErased,
  type PrivacyExport,
  type PrivacySummary,
} from "@shared/schemas/privacy";
import { and, asc, count, desc, eq, inArray, isNotNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import {
  adminHistory,
  adminInvitations,
  contactSubmissions,
  inboundMails,
  loginThrottle,
  mailAttachments,
  mailOutbox,
  users,
} from "../db/schema/index";
import type { CsvCell } from "../lib/csv";
import { dailyJob } from "../lib/daily-job";
import { isSealed } from "../lib/encryption";
import { API_TEXTS } from "../lib/error-texts";
import { conflict } from "../lib/http-error";
import { frenchDate, requestSummary, toSubmission } from "./inbox";
import { DELIVERY_NAMES } from "./inbox-csv";
import { throttleRowsOf } from "./login-throttle";
import type { EmlFiles } from "./mail/eml-files";
import { deliveryOf } from "./mail/outbox";

export const ADMIN_ADDRESS = API_TEXTS["privacy.admin_address"];
/** What a history label naming an erased address becomes. */
export const ERASED_LABEL = "(adresse effacée)";
/** An invitation's body holds a sign-up link: a secret, never exported. */
export const SEALED_TEXT = "(contenu chiffré non exporté : lien d'invitation)";

/** Rows deleted per statement by the retention, so a large backlog never holds a long lock. */
const PURGE_BATCH = 1000;
/** Rows read per query by an export, so memory stays flat whatever one address sent. */
const EXPORT_BATCH = 500;

type Log = { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
type MessageRow = typeof contactSubmissions.$inferSelect;
type MailRow = typeof mailOutbox.$inferSelect;
/** Where a keyset page ends: rows are read in (createdAt, _id) order. */
type Cursor = { _id: string; createdAt: string };

const toIso = (timestamp: string) => new Date(timestamp).toISOString();
const isoOrNull = (timestamp: string | null) => (timestamp ? toIso(timestamp) : null);

/** Same address, case aside; on contact_submissions this is the expression of `contact_email_idx`. */
const sameAddress = (column: AnyPgColumn, email: string): SQL => sql`lower(${column}) = lower(${email})`;
const ofAddress = (email: string) => sameAddress(contactSubmissions.email, email);

/** E-mails to the address or about its messages (the company's notification has it as Reply-To). */
function mailsAbout(db: Db, email: string): SQL | undefined {
  const messages = db.select({ id: contactSubmissions._id }).from(contactSubmissions).where(ofAddress(email));
  return or(sameAddress(mailOutbox.to, email), sameAddress(mailOutbox.replyTo, email), inArray(mailOutbox.submissionId, messages));
}

const afterCursor = (createdAt: AnyPgColumn, id: AnyPgColumn, cursor: Cursor | null): SQL | undefined =>
  cursor ? sql`(${createdAt}, ${id}) > (${cursor.createdAt}::timestamptz, ${cursor._id}::uuid)` : undefined;

/** Every row `read` gives, one keyset page after another. */
async function* pages<T extends Cursor>(read: (cursor: Cursor | null) => Promise<T[]>): AsyncGenerator<T[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await read(cursor);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    cursor = last;
  }
}

function toMail(row: MailRow): ExportedMail {
  return {
    _id: row._id,
    kind: row.kind,
    to: row.to,
    replyTo: row.replyTo,
    subject: row.subject,
    text: isSealed(row.text) ? SEALED_TEXT : row.text,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: toIso(row.createdAt),
    sentAt: isoOrNull(row.sentAt),
  };
}

function toMessage(row: MessageRow, mails: MailRow[]): ExportedMessage {
  return { ...toSubmission(row, new Map(mails.map((mail) => [mail._id, deliveryOf(mail)]))), mails: mails.map(toMail) };
}

export const PRIVACY_CSV_HEADER = [
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
];

/** A message and each of its replies as spreadsheet rows, dates as read in Bizerte. */
function csvRows(message: ExportedMessage): CsvCell[][] {
  const { _id, fullName, email, phone, subject } = message;
  return [
    [
      "message",
      frenchDate(message.createdAt),
      _id,
      fullName,
      email,
      phone,
      subject,
      message.message,
      "",
      message.company,
      requestSummary({ ...message, company: "" }, "fr").join(" ; "),
    ],
    ...message.replies.map((reply) => [
      "réponse",
      frenchDate(reply.sentAt),
      _id,
      "",
      email,
      "",
      `Re: ${subject}`,
      reply.message,
      DELIVERY_NAMES[reply.delivery.status],
      "",
      "",
    ]),
  ];
}

/** An administrator's former address in the changes of history lines (an e-mail change) becomes `ERASED_LABEL`. */
async function eraseFromChanges(db: Db, email: string): Promise<void> {
  const names = (value: string) => sql`lower(c.value ->> ${value}) = lower(${email})`;
  const erased = (value: string) => sql`case when ${names(value)} then to_jsonb(${ERASED_LABEL}::text) else c.value -> ${value} end`;
  await db
    .update(adminHistory)
    .set({
      changes: sql`(select jsonb_agg(jsonb_build_object('field', c.value -> 'field', 'before', ${erased("before")}, 'after', ${erased("after")}) order by c.ordinality) from jsonb_array_elements(${adminHistory.changes}) with ordinality c)`,
    })
    .where(sql`exists (select 1 from jsonb_array_elements(${adminHistory.changes}) c where ${names("before")} or ${names("after")})`);
}

/**
 * Personal data of one e-mail address (GDPR): contact messages are deleted once older than the retention; an
 * administrator finds, exports and erases everything stored about one address. `emlFiles` is the mailer's folder of
 * written e-mails when there is no SMTP server (their copies go with their rows).
 */
export function createPrivacyService(db: Db, retentionDays: number, log: Log, emlFiles?: EmlFiles) {
  /**
   * Deletes conversations whose message and last reply are both older than the retention, with their e-mails (and,
   * without SMTP, the e-mails' .eml files), a batch per transaction; then clears labels that history lines of messages
   * kept from before they stopped storing any. Idempotent: instances sharing a database may all run it.
   */
  async function purge(): Promise<number> {
    const cutoff = sql`now() - make_interval(days => ${retentionDays})`;
    const lastReply = sql`(${contactSubmissions.replies} -> -1 ->> 'sentAt')::timestamptz`;
    const old = and(lt(contactSubmissions.createdAt, cutoff), sql`coalesce(${lastReply}, ${contactSubmissions.createdAt}) < ${cutoff}`);
    let deleted = 0;
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        // Locked, so a reply being added to one of them waits, and then finds it gone rather than adding an e-mail.
        const rows = await tx
          .select({ id: contactSubmissions._id })
          .from(contactSubmissions)
          .where(old)
          .limit(PURGE_BATCH)
          .for("update", { skipLocked: true });
        const ids = rows.map((row) => row.id);
        if (ids.length === 0) return { messages: 0, messageIds: [] };
        const mails = await tx
          .delete(mailOutbox)
          .where(inArray(mailOutbox.submissionId, ids))
          .returning({ messageId: mailOutbox.messageId });
        await tx.delete(contactSubmissions).where(inArray(contactSubmissions._id, ids));
        return { messages: ids.length, messageIds: mails.map((mail) => mail.messageId) };
      });
      await emlFiles?.remove(batch.messageIds);
      deleted += batch.messages;
      if (batch.messages < PURGE_BATCH) break;
    }
    await db
      .update(adminHistory)
      .set({ label: null })
      .where(and(eq(adminHistory.entityType, "message"), isNotNull(adminHistory.label)));
    if (deleted > 0) log.info({ event: "privacy.retention", deleted, retentionDays }, "old contact messages deleted");
    return deleted;
  }

  async function counts(email: string): Promise<PrivacyCounts> {
    const countOf = async (
      table: typeof users | typeof adminInvitations | typeof adminHistory | typeof mailOutbox,
      where: SQL | undefined,
    ) => (await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0;
    const [messages] = await db
      .select({
        n: count(),
        replies: sql<number>`coalesce(sum(jsonb_array_length(${contactSubmissions.replies})), 0)`.mapWith(Number),
      })
      .from(contactSubmissions)
      .where(ofAddress(email));
    return {
      messages: messages?.n ?? 0,
      replies: messages?.replies ?? 0,
      mails: await countOf(mailOutbox, mailsAbout(db, email)),
      administrators: await countOf(users, sameAddress(users.email, email)),
      invitations: await countOf(adminInvitations, sameAddress(adminInvitations.email, email)),
      historyEntries: await countOf(adminHistory, sameAddress(adminHistory.label, email)),
    };
  }

  async function* messages(email: string): AsyncGenerator<ExportedMessage[]> {
    const read = (cursor: Cursor | null) =>
      db
        .select()
        .from(contactSubmissions)
        .where(and(ofAddress(email), afterCursor(contactSubmissions.createdAt, contactSubmissions._id, cursor)))
        .orderBy(asc(contactSubmissions.createdAt), asc(contactSubmissions._id))
        .limit(EXPORT_BATCH);
    for await (const rows of pages(read)) {
      const mails = await db
        .select()
        .from(mailOutbox)
        .where(
          inArray(
            mailOutbox.submissionId,
            rows.map((row) => row._id),
          ),
        )
        .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox._id));
      const bySubmission = new Map<string, MailRow[]>();
      for (const mail of mails) {
        const id = mail.submissionId ?? "";
        bySubmission.set(id, [...(bySubmission.get(id) ?? []), mail]);
      }
      yield rows.map((row) => toMessage(row, bySubmission.get(row._id) ?? []));
    }
  }

  async function* historyEntries(email: string): AsyncGenerator<PrivacyExport["historyEntries"]> {
    const read = (cursor: Cursor | null) =>
      db
        .select()
        .from(adminHistory)
        .where(and(sameAddress(adminHistory.label, email), afterCursor(adminHistory.createdAt, adminHistory._id, cursor)))
        .orderBy(asc(adminHistory.createdAt), asc(adminHistory._id))
        .limit(EXPORT_BATCH);
    for await (const rows of pages(read)) {
      yield rows.map(({ _id, createdAt, action, entityType, entityId, label }) => ({
        _id,
        createdAt: toIso(createdAt),
        action,
        entityType,
        entityId,
        label,
      }));
    }
  }

  /** E-mails to the address that belong to none of its messages (an invitation to administer the site). */
  /** Mails imported from the mailbox: from the address, or in one of its conversations (decision 0115). */
  async function* receivedMails(email: string): AsyncGenerator<PrivacyExport["receivedMails"]> {
    const ofItsThreads = inArray(
      inboundMails.submissionId,
      db.select({ id: contactSubmissions._id }).from(contactSubmissions).where(ofAddress(email)),
    );
    const read = (cursor: Cursor | null) =>
      db
        .select()
        .from(inboundMails)
        .where(
          and(
            or(sameAddress(inboundMails.fromAddress, email), ofItsThreads),
            afterCursor(inboundMails.createdAt, inboundMails._id, cursor),
          ),
        )
        .orderBy(asc(inboundMails.createdAt), asc(inboundMails._id))
        .limit(EXPORT_BATCH);
    for await (const rows of pages(read)) {
      const files =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(mailAttachments)
              .where(
                inArray(
                  mailAttachments.inboundMailId,
                  rows.map((r) => r._id),
                ),
              );
      yield rows.map((row) => ({
        _id: row._id,
        submissionId: row.submissionId,
        kind: row.kind,
        fromAddress: row.fromAddress,
        fromName: row.fromName,
        subject: row.subject,
        text: row.fullText,
        sentAt: toIso(row.sentAt),
        attachments: files.filter((f) => f.inboundMailId === row._id).map((f) => f.fileName),
      }));
    }
  }

  async function* otherMails(email: string): AsyncGenerator<ExportedMail[]> {
    const notOfItsMessages = sql`not exists (select 1 from ${contactSubmissions} where ${contactSubmissions._id} = ${mailOutbox.submissionId} and ${ofAddress(email)})`;
    const read = (cursor: Cursor | null) =>
      db
        .select()
        .from(mailOutbox)
        .where(
          and(
            or(sameAddress(mailOutbox.to, email), sameAddress(mailOutbox.replyTo, email)),
            notOfItsMessages,
            afterCursor(mailOutbox.createdAt, mailOutbox._id, cursor),
          ),
        )
        .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox._id))
        .limit(EXPORT_BATCH);
    for await (const rows of pages(read)) yield rows.map(toMail);
  }

  /** The items of each batch as JSON array elements, commas included. */
  async function* jsonItems(batches: AsyncIterable<unknown[]>): AsyncGenerator<string> {
    let first = true;
    for await (const batch of batches) {
      yield (first ? "" : ",") + batch.map((item) => JSON.stringify(item)).join(",");
      first = false;
    }
  }

  return {
    purge,
    /** Deletes old messages now and then once a day. */
    retention: dailyJob("message retention", purge, log),

    counts,

    async summary(email: string, page: number): Promise<PrivacySummary> {
      const found = await counts(email);
      const rows = await db
        .select({
          _id: contactSubmissions._id,
          createdAt: contactSubmissions.createdAt,
          fullName: contactSubmissions.fullName,
          subject: contactSubmissions.subject,
          replies: sql<number>`jsonb_array_length(${contactSubmissions.replies})`.mapWith(Number),
        })
        .from(contactSubmissions)
        .where(ofAddress(email))
        .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions._id))
        .limit(PRIVACY.pageSize)
        .offset((page - 1) * PRIVACY.pageSize);
      return {
        email,
        counts: found,
        messages: {
          items: rows.map((row) => ({ ...row, createdAt: toIso(row.createdAt) })),
          page,
          pageSize: PRIVACY.pageSize,
          total: found.messages,
        },
      };
    },

    /** Everything stored about the address as one JSON document (a `PrivacyExport`), written as it is read. */
    async *exportJson(email: string): AsyncGenerator<string> {
      const administrators = await db.select().from(users).where(sameAddress(users.email, email)).orderBy(asc(users.createdAt));
      const invitations = await db
        .select()
        .from(adminInvitations)
        .where(sameAddress(adminInvitations.email, email))
        .orderBy(asc(adminInvitations.createdAt))
        .limit(EXPORT_BATCH);
      const head: Omit<PrivacyExport, "historyEntries" | "otherMails" | "messages" | "receivedMails"> = {
        email,
        exportedAt: new Date().toISOString(),
        administrators: administrators.map((u) => ({
          _id: u._id,
          email: u.email,
          createdAt: toIso(u.createdAt),
          lastLoginAt: isoOrNull(u.lastLoginAt),
          totpEnabled: u.totpSecret !== null,
        })),
        invitations: invitations.map((i) => ({
          _id: i._id,
          email: i.email,
          createdAt: toIso(i.createdAt),
          expiresAt: toIso(i.expiresAt),
          acceptedAt: isoOrNull(i.acceptedAt),
        })),
      };
      yield `${JSON.stringify(head).slice(0, -1)},"historyEntries":[`;
      yield* jsonItems(historyEntries(email));
      yield `],"otherMails":[`;
      yield* jsonItems(otherMails(email));
      yield `],"messages":[`;
      yield* jsonItems(messages(email));
      yield `],"receivedMails":[`;
      yield* jsonItems(receivedMails(email));
      yield "]}\n";
    },

    /** The address's messages and replies as spreadsheet rows, a batch at a time (see lib/csv.ts `csvChunks`). */
    async *csvBatches(email: string): AsyncGenerator<CsvCell[][]> {
      for await (const batch of messages(email)) yield batch.flatMap(csvRows);
    },

    /**
     * Erases the address in one transaction: its messages with their replies and e-mails, the other e-mails to it,
     * invitations to it; history lines naming it keep their place with the label made anonymous. An administrator's
     * address is refused: the account must be removed first (its history lines name it as their author). Then, without
     * SMTP, the .eml files of those e-mails and every other one naming the address (To, From, Reply-To, subject or text).
     */
    async erase(email: string): Promise<PrivacyErased> {
      const { erased, messageIds } = await db.transaction(async (tx) => {
        const [admin] = await tx.select({ id: users._id }).from(users).where(sameAddress(users.email, email)).limit(1);
        if (admin) throw conflict({ code: "privacy.admin_address" });
        const mails = await tx.delete(mailOutbox).where(mailsAbout(tx, email)).returning({ messageId: mailOutbox.messageId });
        // Its mails in other conversations; those of its own conversations go with them (cascade). Their files are
        // removed by the next document sweep once no row names them.
        const received = await tx
          .delete(inboundMails)
          .where(sameAddress(inboundMails.fromAddress, email))
          .returning({ id: inboundMails._id });
        const deleted = await tx
          .delete(contactSubmissions)
          .where(ofAddress(email))
          .returning({ replies: sql<number>`jsonb_array_length(${contactSubmissions.replies})`.mapWith(Number) });
        const invitations = await tx
          .delete(adminInvitations)
          .where(sameAddress(adminInvitations.email, email))
          .returning({ id: adminInvitations._id });
        await tx.delete(loginThrottle).where(throttleRowsOf(email));
        const history = await tx
          .update(adminHistory)
          .set({ label: ERASED_LABEL })
          .where(sameAddress(adminHistory.label, email))
          .returning({ id: adminHistory._id });
        await eraseFromChanges(tx, email);
        return {
          messageIds: mails.map((mail) => mail.messageId),
          erased: {
            messages: deleted.length,
            replies: deleted.reduce((sum, row) => sum + row.replies, 0),
            mails: mails.length + received.length,
            invitations: invitations.length,
            historyEntries: history.length,
          },
        };
      });
      if (emlFiles) {
        await emlFiles.remove(messageIds);
        await emlFiles.removeMentioning(email);
      }
      return erased;
    },
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;

/** The history label of an erasure: what was erased, never whose (the address would survive its own erasure). */
export function erasureLabel(erased: PrivacyErased): string {
  return `1 adresse effacée : ${erased.messages} message(s), ${erased.replies} réponse(s), ${erased.mails} e-mail(s)`;
}
