import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { foldedSql } from "../text-fold";
import { createdAt, idColumn } from "./columns";

/**
 * A reply as stored: the Message-ID lets later replies thread in the visitor's mail client; `outboxId` is its e-mail
 * in mail_outbox (absent on replies recorded before the outbox, which were all sent). `sentAt` is when it was written.
 */
export type StoredReply = { message: string; sentAt: string; messageId: string; outboxId?: string };

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    _id: idColumn(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    replies: jsonb("replies").$type<StoredReply[]>().notNull().default([]),
    createdAt: createdAt(),
    /**
     * What the inbox search reads: name, e-mail, subject and message, folded (text-fold.ts) and kept by the database
     * itself, under a trigram index, so a search never folds every row (decision 0093).
     */
    searchText: text("search_text").generatedAlwaysAs(foldedSql(sql`full_name || ' ' || email || ' ' || subject || ' ' || message`)),
  },
  (t) => [
    // Newest first, ties by id: the inbox's order and its pages' keyset.
    index("contact_created_idx").on(t.createdAt, t._id),
    // The privacy export and erasure of one address (exact, lower-cased match).
    index("contact_email_idx").on(sql`lower(${t.email})`),
    index("contact_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);
