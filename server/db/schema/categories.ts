import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn, imageUrl, seoColumns, updatedAt, versionColumn } from "./columns";

export const categories = pgTable("categories", {
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
});
