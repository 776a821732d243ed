import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { foldedSql } from "../text-fold";
import { categories } from "./categories";
import { createdAt, idColumn, imageUrl, seoColumns, updatedAt, versionColumn } from "./columns";

export const products = pgTable(
  "products",
  {
    _id: idColumn(),
    slug: text("slug").notNull().unique(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
    shortDescriptionFr: text("short_description_fr").notNull(),
    shortDescriptionEn: text("short_description_en").notNull(),
    mainImageUrl: imageUrl("main_image_url").notNull(),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories._id, { onDelete: "restrict" }),
    isActive: boolean("is_active").notNull().default(true),
    /** An active product is public from this time on (docs/product.md, "Product"); null: at once. */
    publishAt: timestamp("publish_at", { withTimezone: true, mode: "string" }),
    ...seoColumns(),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the admin list's search reads: the French name, the English name and the slug, folded (text-fold.ts), one
     * per line so a search never matches across two of them, kept by the database under a trigram index.
     */
    searchText: text("search_text").generatedAlwaysAs(foldedSql(sql`name_fr || chr(10) || name_en || chr(10) || slug`)),
    /**
     * The plain text of the product's content blocks (French then English of each, in order), written by the database
     * itself: a trigger on content_blocks (migration 0018, decision 0107) rewrites it on every block insert, update or
     * delete. Never written by the application.
     */
    blocksText: text("blocks_text").notNull().default(""),
    /**
     * What the public search reads (decision 0107): names, short descriptions and block texts, both languages, folded,
     * one field per line, under a trigram index. A new searched field (product facts) is one more term here.
     */
    siteSearchText: text("site_search_text").generatedAlwaysAs(
      foldedSql(
        sql`name_fr || chr(10) || name_en || chr(10) || short_description_fr || chr(10) || short_description_en || chr(10) || blocks_text`,
      ),
    ),
    /** The names alone, folded: a search whose every word is in them ranks first. */
    nameSearchText: text("name_search_text").generatedAlwaysAs(foldedSql(sql`name_fr || chr(10) || name_en`)),
  },
  (t) => [
    index("products_category_idx").on(t.categoryId, t.isActive),
    index("products_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("products_site_search_idx").using("gin", t.siteSearchText.op("gin_trgm_ops")),
    /** A category page (`/category/:slug?page=N`) reads its 24 rows in this order, without sorting the category. */
    index("products_category_name_idx").on(t.categoryId, t.isActive, t.nameFr, t.slug),
    /** The next scheduled change (services/schedule.ts): the first future publication. */
    index("products_publish_at_idx").on(t.publishAt),
  ],
);
