import type { Role } from "@shared/roles";
import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns";

export const users = pgTable("users", {
  _id: idColumn(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  /** What the account may do (shared/roles.ts, decision 0114); read at every request, so a change applies at the next one. */
  role: text("role").$type<Role>().notNull().default("admin"),
  createdAt: createdAt(),
  lastLoginAt: timestamp("last_login_at", { withTimezone: true, mode: "string" }),
  /** Set for an account created with a one-time password: every admin route but the password change answers 403 until then. */
  mustChangePassword: boolean("must_change_password").notNull().default(false),
  /** When a one-time password stops working (`ONE_TIME_PASSWORD_HOURS` after it was given); null for a chosen password. */
  passwordExpiresAt: timestamp("password_expires_at", { withTimezone: true, mode: "string" }),
  /** TOTP secret once the second factor is confirmed, encrypted with the data key (lib/encryption.ts); null when off. */
  totpSecret: text("totp_secret"),
  /** A secret being enrolled (shown as a QR code, encrypted like the other), not asked at sign-in until a code confirms it. */
  totpPendingSecret: text("totp_pending_secret"),
  /** The last accepted TOTP time step: a code of that step or an earlier one is refused (no replay). */
  totpLastStep: bigint("totp_last_step", { mode: "number" }),
  /** The signature of the replies this account sends (Mon compte); empty parts are left out. */
  signatureName: text("signature_name").notNull().default(""),
  signatureTitle: text("signature_title").notNull().default(""),
  signaturePhone: text("signature_phone").notNull().default(""),
});

/**
 * Sign-in attempt counters, shared by every instance (services/login-throttle.ts): one row per account-and-address
 * (`pair:<email>:<address hash>`) and one per account (`account:<email>`). An attempt is counted before the password is
 * checked, in the same statement that decides whether it may be checked at all.
 */
export const loginThrottle = pgTable("login_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  lastAt: timestamp("last_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
});

/** Addresses (keyed hashes) an account signed in from: the per-account ceiling never blocks them (the owner's own). */
export const loginAddresses = pgTable(
  "login_addresses",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users._id, { onDelete: "cascade" }),
    addressHash: text("address_hash").notNull(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressHash] })],
);
