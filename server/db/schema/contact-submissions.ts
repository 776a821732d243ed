import { boolean, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns";

/** A reply as stored: the Message-ID lets later replies thread in the visitor's mail client. */
export type StoredReply = { message: string; sentAt: string; messageId: string };

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
  },
  (t) => [index("contact_created_idx").on(t.createdAt)],
);
