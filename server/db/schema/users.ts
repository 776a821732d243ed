import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns";

export const users = pgTable("users", {
  _id: idColumn(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
});

/** Failed sign-ins (one row each), shared by every instance: the account lockout is computed from them (services/auth.ts). */
export const loginFailures = pgTable(
  "login_failures",
  {
    _id: idColumn(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("login_failures_email_idx").on(t.email, t.createdAt)],
);
