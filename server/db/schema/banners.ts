import { boolean, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt, versionColumn } from "./columns";

export const banners = pgTable("banners", {
  _id: idColumn(),
  imageUrlFr: text("image_url_fr").notNull(),
  imageUrlEn: text("image_url_en").notNull(),
  imageUrlFrMobile: text("image_url_fr_mobile"),
  imageUrlEnMobile: text("image_url_en_mobile"),
  titleFr: text("title_fr").notNull(),
  titleEn: text("title_en").notNull(),
  descriptionFr: text("description_fr").notNull(),
  descriptionEn: text("description_en").notNull(),
  isDefault: boolean("is_default").notNull().default(false),
  isActive: boolean("is_active").notNull().default(false),
  version: versionColumn(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
