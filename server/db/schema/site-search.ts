import { date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * Public searches of one UTC day, by folded term (decision 0107): how many were answered, and how many of them found
 * nothing. Nothing about who searched: no visitor, no IP, no time finer than the day; a term that looks personal
 * (an e-mail, a phone number, a long run of digits) is never stored (server/services/site-search.ts).
 */
export const siteSearchDaily = pgTable(
  "site_search_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    term: text("term").notNull(),
    searches: integer("searches").notNull().default(0),
    empty: integer("empty").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.term] }), index("site_search_daily_day_idx").on(t.day, t.term, t.searches, t.empty)],
);
