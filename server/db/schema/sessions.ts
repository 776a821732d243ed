import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
    /** The absolute end of the session (`SESSION_MAX_HOURS` after sign-in). */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
    /** Last authenticated request (written at most once a minute): the idle timeout counts from it. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    /** Browser family and device class read from the user agent at sign-in (never the user agent itself). */
    browser: text("browser").notNull().default(""),
    device: text("device").notNull().default(""),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);
