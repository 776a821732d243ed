import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt } from "./columns";

export const categories = pgTable("categories", {
  _id: idColumn(),
  slug: text("slug").notNull().unique(),
  nameFr: text("name_fr").notNull(),
  nameEn: text("name_en").notNull(),
  descriptionFr: text("description_fr").notNull().default(""),
  descriptionEn: text("description_en").notNull().default(""),
  coverImageUrl: text("cover_image_url").notNull().default(""),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
