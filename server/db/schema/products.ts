import { boolean, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
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
    ...seoColumns(),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_category_idx").on(t.categoryId, t.isActive),
    /** A category page (`/category/:slug?page=N`) reads its 24 rows in this order, without sorting the category. */
    index("products_category_name_idx").on(t.categoryId, t.isActive, t.nameFr, t.slug),
  ],
);
