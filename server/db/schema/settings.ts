import { pgTable, text } from "drizzle-orm/pg-core";

/** Small server-side key/value facts (e.g. the daily analytics salt). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
