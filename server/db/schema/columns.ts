import { timestamp, uuid } from "drizzle-orm/pg-core";

/** Resources carry `_id` (SPEC §3); the column is `id`. */
export const idColumn = () => uuid("id").primaryKey().defaultRandom();
export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow();
