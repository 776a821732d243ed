import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Stored images no content refers to, and since when (server/services/image-sweep.ts). An image is deleted only
 * after it has stayed here, unreferenced at every sweep, for the grace period; an upload of it clears its mark.
 */
export const imageOrphans = pgTable("image_orphans", {
  url: text("url").primaryKey(),
  since: timestamp("since", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
});
