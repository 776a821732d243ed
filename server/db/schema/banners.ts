import { boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, idColumn, imageUrl, updatedAt, versionColumn } from "./columns";

export const banners = pgTable(
  "banners",
  {
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
    /** The window in which the banner may be shown (docs/product.md, "Banner"); either end open when null. */
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "string" }),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "string" }),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    /** The next scheduled change (services/schedule.ts) is the first future start or end: read from these. */
    index("banners_starts_at_idx").on(t.startsAt),
    index("banners_ends_at_idx").on(t.endsAt),
  ],
);
