import type { SettingsData } from "@shared/schemas/settings";
import { sql } from "drizzle-orm";
import { boolean, check, jsonb, pgTable } from "drizzle-orm/pg-core";
import { updatedAt, versionColumn } from "./columns";

/**
 * The site settings (issue 20): one row (`singleton` is always true), the whole document as JSON validated by
 * `settingsDataSchema`, versioned like the other resources. Written the first time it is read (services/settings.ts).
 */
export const siteSettings = pgTable(
  "site_settings",
  {
    singleton: boolean("singleton").primaryKey().default(true),
    data: jsonb("data").$type<SettingsData>().notNull(),
    version: versionColumn(),
    updatedAt: updatedAt(),
  },
  (table) => [check("site_settings_one_row", sql`${table.singleton}`)],
);
