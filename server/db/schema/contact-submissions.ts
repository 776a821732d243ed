import type { Application, QuantityUnit, RequestType } from "@shared/quote-request";
import type { ThreadState } from "@shared/thread-states";
import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { foldedSql } from "../text-fold";
import { createdAt, idColumn } from "./columns";
import { products } from "./products";

/**
 * A reply as stored: the Message-ID lets later replies thread in the visitor's mail client; `outboxId` is its e-mail
 * in mail_outbox (absent on replies recorded before the outbox, which were all sent). `sentAt` is when it was written;
 * `author` the e-mail of the account that wrote it (absent on replies from before it was recorded).
 */
export type StoredReply = { message: string; sentAt: string; messageId: string; outboxId?: string; author?: string };

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
    /** The form's language (the buyer's confirmation e-mail is written in it). */
    lang: text("lang").notNull().default("fr"),
    /**
     * The sample or quote request (decision 0108), every part optional. The product is kept by id and by its French
     * name at the time, so the message still says which product once the product is deleted (the id is then null).
     */
    productId: uuid("product_id").references(() => products._id, { onDelete: "set null" }),
    productName: text("product_name").notNull().default(""),
    requestType: text("request_type").$type<RequestType>(),
    application: text("application").$type<Application>(),
    quantity: doublePrecision("quantity"),
    quantityUnit: text("quantity_unit").$type<QuantityUnit>(),
    country: text("country"),
    company: text("company").notNull().default(""),
    /** Held in the "Spam" folder by the rules named in `spamReasons` (server/lib/spam-rules.ts); no mail was sent. */
    spam: boolean("spam").notNull().default(false),
    spamReasons: jsonb("spam_reasons").$type<string[]>().notNull().default([]),
    /** Where the conversation stands (shared/thread-states.ts); moved by replies, buyer answers and the team. */
    state: text("state").$type<ThreadState>().notNull().default("new"),
    /** A mail to the buyer bounced for good (a DSN came back): their address is marked undeliverable on the thread. */
    undeliverable: boolean("undeliverable").notNull().default(false),
    /**
     * The thread's number in the subjects of our mails (`[#A1B2C3]`): an answer whose client dropped the threading
     * headers still finds its thread by it. The ticket number the back office shows (the id's last 6 characters), so not unique: the buyer's address decides.
     */
    ref: text("ref").notNull().generatedAlwaysAs(sql`upper(right(id::text, 6))`),
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
    // The inbox's filters by product and by request type, each in the inbox's order; the folder is part of each.
    index("contact_product_idx").on(t.productId, t.createdAt, t._id),
    index("contact_request_type_idx").on(t.requestType, t.createdAt, t._id),
    // The "Spam" folder, small: only its rows are indexed.
    index("contact_spam_idx").on(t.createdAt, t._id).where(sql`${t.spam}`),
    // The inbox's filter by state, in its order.
    index("contact_state_idx").on(t.state, t.createdAt, t._id),
    index("contact_ref_idx").on(t.ref),
  ],
);
