import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns";
import { contactSubmissions } from "./contact-submissions";
import { productDocuments } from "./product-documents";
import { products } from "./products";

/** What an imported mail is to its thread (decision 0115): the buyer's answer, an automatic reply, or a delivery failure. */
export const INBOUND_KINDS = ["reply", "auto_reply", "bounce"] as const;
export type InboundKind = (typeof INBOUND_KINDS)[number];

/**
 * A mail from the company mailbox that answers one of our threads, imported once: its Message-ID (or `sha256:<hash>`
 * of its source when it has none) is unique, so a fetch repeated after a crash, a restart or by a second instance
 * inserts nothing.
 */
export const inboundMails = pgTable(
  "inbound_mails",
  {
    _id: idColumn(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => contactSubmissions._id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull().unique(),
    kind: text("kind", { enum: INBOUND_KINDS }).notNull(),
    fromAddress: text("from_address").notNull(),
    fromName: text("from_name").notNull().default(""),
    /** Not the thread's buyer address: shown as "from another address" (a colleague, or a forged thread header). */
    fromOtherAddress: boolean("from_other_address").notNull().default(false),
    subject: text("subject").notNull().default(""),
    /** The new text alone, quoted history stripped (what the thread shows). */
    text: text("body_text").notNull(),
    /** The whole text as received (HTML-only mails as text), one click away in the thread. */
    fullText: text("full_text").notNull(),
    /** The `Date` header when plausible, else when it was imported. */
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "string" }).notNull(),
    /** For a bounce: the Message-ID of our mail that could not be delivered. */
    bouncedMessageId: text("bounced_message_id"),
    /** Why a part of it was not imported: "too_large" or "unreadable" (InboundNotice); empty when complete. */
    notice: text("notice").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("inbound_mails_submission_idx").on(t.submissionId, t.sentAt),
    // The privacy export and erasure of one address (exact, lower-cased match).
    index("inbound_mails_from_idx").on(sql`lower(${t.fromAddress})`),
  ],
);

/**
 * Every Message-ID of a thread, ours (notification, confirmation, replies) and the buyer's, so an answer finds its
 * thread by `In-Reply-To` or `References` with one index lookup, after the outbox pruned its rows too.
 */
export const mailThreadIds = pgTable(
  "mail_thread_ids",
  {
    messageId: text("message_id").primaryKey(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => contactSubmissions._id, { onDelete: "cascade" }),
    /** Sent by us: a mail with this Message-ID in the mailbox is our own copy, never imported. */
    ours: boolean("ours").notNull(),
  },
  (t) => [index("mail_thread_ids_submission_idx").on(t.submissionId)],
);

/**
 * A file of a thread: attached to a buyer's mail, or to one of our replies (a product document or a file uploaded for
 * the reply). The bytes are in the document store under their SHA-256 (`contentHash`), kept while a row names them.
 */
export const mailAttachments = pgTable(
  "mail_attachments",
  {
    _id: idColumn(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => contactSubmissions._id, { onDelete: "cascade" }),
    inboundMailId: uuid("inbound_mail_id").references(() => inboundMails._id, { onDelete: "cascade" }),
    /** The Message-ID of our reply that carried it. */
    replyMessageId: text("reply_message_id"),
    documentId: uuid("document_id").references(() => productDocuments._id, { onDelete: "set null" }),
    productId: uuid("product_id").references(() => products._id, { onDelete: "set null" }),
    /** Null when the file was not kept (over the size cap): its name and size still say what it was. */
    contentHash: text("content_hash"),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_attachments_submission_idx").on(t.submissionId),
    index("mail_attachments_inbound_idx").on(t.inboundMailId),
    index("mail_attachments_hash_idx").on(t.contentHash),
  ],
);

/**
 * Where the poll of the company mailbox stands (one row per mailbox): the UIDVALIDITY it last saw and the highest UID
 * it finished, so it resumes after an outage or a restart without skipping anything; and the lease that makes one
 * instance the poller (`holder` until `leaseUntil`), taken over once it lapses (a process killed with `kill -9`).
 */
export const mailboxCursor = pgTable("mailbox_cursor", {
  mailbox: text("mailbox").primaryKey(),
  uidValidity: bigint("uid_validity", { mode: "number" }).notNull().default(0),
  lastUid: bigint("last_uid", { mode: "number" }).notNull().default(0),
  holder: text("holder"),
  leaseUntil: timestamp("lease_until", { withTimezone: true, mode: "string" }),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true, mode: "string" }),
  lastError: text("last_error"),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true, mode: "string" }),
  imported: bigint("imported", { mode: "number" }).notNull().default(0),
});
