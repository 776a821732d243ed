import { boolean, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn, imageUrl, updatedAt, versionColumn } from "./columns";

export const banners = pgTable("banners", {
  _id: idColumn(),
  imageUrlFr: imageUrl("image_url_fr").notNull(),
  imageUrlEn: imageUrl("image_url_en").notNull(),
  imageUrlFrMobile: imageUrl("image_url_fr_mobile"),
  imageUrlEnMobile: imageUrl("image_url_en_mobile"),
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
