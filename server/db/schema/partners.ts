import { boolean, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn, imageUrl, updatedAt, versionColumn } from "./columns";

export const partners = pgTable("partners", {
  _id: idColumn(),
  name: text("name").notNull(),
  logoUrl: imageUrl("logo_url").notNull(),
  websiteUrl: text("website_url").notNull(),
  orderIndex: integer("order_index").notNull().default(0),
  isActive: boolean("is_active").notNull().default(true),
  version: versionColumn(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
