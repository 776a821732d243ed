import { boolean, date, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt, versionColumn } from "./columns";

/** Trade shows (shared/resources/trade-shows.ts): the home page reads the active ones not ended, by first day. */
export const tradeShows = pgTable(
  "trade_shows",
  {
    _id: idColumn(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
    cityFr: text("city_fr").notNull(),
    cityEn: text("city_en").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    booth: text("booth").notNull().default(""),
    websiteUrl: text("website_url").notNull().default(""),
    isActive: boolean("is_active").notNull().default(true),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("trade_shows_starts_on_idx").on(t.startsOn, t._id), index("trade_shows_ends_on_idx").on(t.endsOn)],
);
