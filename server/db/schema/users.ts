import { bigint, boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns";

export const users = pgTable("users", {
  _id: idColumn(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
  lastLoginAt: timestamp("last_login_at", { withTimezone: true, mode: "string" }),
  /** Set for an account created with a one-time password: every admin route but the password change answers 403 until then. */
  mustChangePassword: boolean("must_change_password").notNull().default(false),
  /** Base32 TOTP secret once the second factor is confirmed; null when it is off. */
  totpSecret: text("totp_secret"),
  /** A secret being enrolled (shown as a QR code), not asked at sign-in until a code confirms it. */
  totpPendingSecret: text("totp_pending_secret"),
  /** The last accepted TOTP time step: a code of that step or an earlier one is refused (no replay). */
  totpLastStep: bigint("totp_last_step", { mode: "number" }),
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
