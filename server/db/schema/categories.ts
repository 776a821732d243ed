import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { foldedSql } from "../text-fold";
import { createdAt, idColumn, imageUrl, seoColumns, updatedAt, versionColumn } from "./columns";

export const categories = pgTable(
  "categories",
  {
    _id: idColumn(),
    slug: text("slug").notNull().unique(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
    descriptionFr: text("description_fr").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    coverImageUrl: imageUrl("cover_image_url").notNull().default(""),
    /** Order of the menu, home cards, footer and sitemap; ties (rows before positions existed) by creation. */
    position: integer("position").notNull().default(0),
    ...seoColumns(),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What the public search reads (decision 0107): names and descriptions, both languages, folded. */
    siteSearchText: text("site_search_text").generatedAlwaysAs(
      foldedSql(sql`name_fr || chr(10) || name_en || chr(10) || description_fr || chr(10) || description_en`),
    ),
    /** A text written in one language only (shared/translation-gaps.ts), set by every write; null: not computed yet (decision 0121). */
    needsTranslation: boolean("needs_translation"),
  },
  (t) => [
    index("categories_site_search_idx").using("gin", t.siteSearchText.op("gin_trgm_ops")),
    index("categories_needs_translation_idx").on(t.position).where(sql`needs_translation`),
  ],
);
