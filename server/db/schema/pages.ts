import type { RichDoc } from "@shared/schemas/rich-text";
import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn, seoColumns, updatedAt, versionColumn } from "./columns";

/**
 * Editable bilingual pages (decision 0102): legal notice, privacy policy and any page the admins add, each at
 * `/page/<slug>` with a slug per language. `key` names the pages the site links to by purpose (the contact form's
 * privacy notice, the footer), whatever their slugs become; such a page can be edited and switched off, not deleted.
 */
export const pages = pgTable(
  "pages",
  {
    _id: idColumn(),
    key: text("key").unique(),
    slugFr: text("slug_fr").notNull().unique(),
    slugEn: text("slug_en").notNull().unique(),
    titleFr: text("title_fr").notNull(),
    titleEn: text("title_en").notNull(),
    bodyFr: jsonb("body_fr").$type<RichDoc>().notNull(),
    bodyEn: jsonb("body_en").$type<RichDoc>().notNull(),
    ...seoColumns(),
    isActive: boolean("is_active").notNull().default(true),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** A text written in one language only (shared/translation-gaps.ts), set by every write; null: not computed yet (decision 0121). */
    needsTranslation: boolean("needs_translation"),
  },
  (t) => [index("pages_needs_translation_idx").on(t.createdAt, t._id).where(sql`needs_translation`)],
);
