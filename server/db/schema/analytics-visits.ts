import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns";

/** No cookie, no raw IP: visitorHash is a daily-salted hash of IP + user agent. */
export const analyticsVisits = pgTable(
  "analytics_visits",
  {
    _id: idColumn(),
    pagePath: text("page_path").notNull(),
    referrer: text("referrer").notNull().default(""),
    visitorHash: text("visitor_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("visits_created_idx").on(t.createdAt)],
);
