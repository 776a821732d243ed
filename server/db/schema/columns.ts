import { integer, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Resources carry `_id` (docs/product.md, "Entities"); the column is `id`. */
export const idColumn = () => uuid("id").primaryKey().defaultRandom();
export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow();
/** Bumped by every update (`version + 1` in the UPDATE itself); a write based on an older one is refused. */
export const versionColumn = () => integer("version").notNull().default(1);
/** The optional meta title and description of a public page. */
export const seoColumns = () => ({
  metaTitleFr: text("meta_title_fr").notNull().default(""),
  metaTitleEn: text("meta_title_en").notNull().default(""),
  metaDescriptionFr: text("meta_description_fr").notNull().default(""),
  metaDescriptionEn: text("meta_description_en").notNull().default(""),
});
