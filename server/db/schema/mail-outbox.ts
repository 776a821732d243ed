import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns";
import { contactSubmissions } from "./contact-submissions";

export type OutboxAttachment = { hash: string; fileName: string; contentType: string };

/** pending → sending → sent; back to pending after a failure, failed once retries are over or the server refused for good. */
export const MAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const MAIL_KINDS = ["notification", "reply", "invitation", "confirmation"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * Every e-mail, written in the same transaction as what it belongs to, then delivered by the outbox worker.
 * The Message-ID is chosen when the row is written, so a resend after a crash carries the same one.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    _id: idColumn(),
    kind: text("kind", { enum: MAIL_KINDS }).notNull(),
    submissionId: uuid("submission_id").references(() => contactSubmissions._id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull().unique(),
    to: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("body_text").notNull(),
    /** The HTML part (mail/templates); null for mails queued before it existed, sent as text only. */
    html: text("body_html"),
    /** Files carried by the mail, read from the document store when it is sent. */
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    inReplyTo: text("in_reply_to"),
    references: jsonb("references").$type<string[]>().notNull().default([]),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    /** While `sending`: after this time the claim is considered abandoned (its process died) and the row is taken again. */
    leaseUntil: timestamp("lease_until", { withTimezone: true, mode: "string" }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "string" }),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt), index("mail_outbox_submission_idx").on(t.submissionId)],
);
