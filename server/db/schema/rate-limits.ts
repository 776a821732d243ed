import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Per-IP request counters of the rate-limited routes, shared by every instance on the database. */
export const rateLimits = pgTable("rate_limits", {
  /** `<METHOD> <route> <client key>`, e.g. `POST /api/contact 203.0.113.7`. */
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  /** End of the current window: the next request after it starts a new count. */
  resetAt: timestamp("reset_at", { withTimezone: true, mode: "date" }).notNull(),
});
