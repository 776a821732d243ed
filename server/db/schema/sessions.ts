import { index, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns";
import { users } from "./users";

/**
 * One row per signed-in admin session; its id is the token's `jti`. Signing out deletes the row, changing the password
 * deletes the account's other rows: a token whose row is gone is refused at once, on every instance.
 */
export const sessions = pgTable(
  "sessions",
  {
    _id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users._id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);
