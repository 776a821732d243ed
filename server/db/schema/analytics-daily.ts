import { date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/** What a daily rollup row counts visits by (server/services/analytics-rollup.ts). */
export const ROLLUP_DIMENSIONS = ["total", "path", "lang", "device", "referrer", "utmSource", "utmCampaign"] as const;
export type RollupDimension = (typeof ROLLUP_DIMENSIONS)[number];

/**
 * Visits of one closed UTC day, counted by one dimension's value (`total` has one row, value ""). Kept for ever; raw
 * visits go after ANALYTICS_RAW_RETENTION_DAYS. `visitors` (exact unique visitors of the day) is on the `total` row.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension", { enum: ROLLUP_DIMENSIONS }).notNull(),
    value: text("value").notNull(),
    visits: integer("visits").notNull(),
    visitors: integer("visitors").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.dimension, t.value] }),
    // Covers what the statistics read (a dimension's values and visits over a range of days): index-only scans.
    index("analytics_daily_dimension_idx").on(t.dimension, t.day, t.value, t.visits),
  ],
);
