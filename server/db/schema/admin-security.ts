import type { Role } from "@shared/roles";
import type { HistoryChange } from "@shared/schemas/history-changes";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns";
import { users } from "./users";

/** Single-use recovery codes of the TOTP second factor, stored as argon2 hashes. */
export const totpRecoveryCodes = pgTable(
  "totp_recovery_codes",
  {
    _id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users._id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "string" }),
    createdAt: createdAt(),
  },
  (t) => [index("totp_recovery_codes_user_idx").on(t.userId)],
);

/**
 * Invitations of new administrators: the link carries the token, only its SHA-256 is stored; valid 48 h, used once.
 * Deleted with their inviter: a removed administrator's pending invitations stop working.
 */
export const adminInvitations = pgTable("admin_invitations", {
  _id: idColumn(),
  email: text("email").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  invitedBy: uuid("invited_by").references(() => users._id, { onDelete: "cascade" }),
  /** The role the account gets when the invitation is accepted. */
  role: text("role").$type<Role>().notNull().default("admin"),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
  acceptedAt: timestamp("accepted_at", { withTimezone: true, mode: "string" }),
});

/**
 * History of admin changes, one row per successful admin write (written where the security log writes its line).
 * The author's e-mail is copied so the row still reads after the account is removed; rows older than 1 year are pruned.
 */
export const adminHistory = pgTable(
  "admin_history",
  {
    _id: idColumn(),
    userId: uuid("user_id"),
    email: text("email").notNull(),
    /** The author's role when they made the change (rows from before roles: administrators). */
    role: text("role").$type<Role>().notNull().default("admin"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    label: text("label"),
    /** What the write changed (field, before, after); null when nothing is listed, and on rows from before 0084. */
    changes: jsonb("changes").$type<HistoryChange[]>(),
    method: text("method").notNull(),
    route: text("route").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_history_created_idx").on(t.createdAt),
    index("admin_history_user_idx").on(t.userId, t.createdAt),
    index("admin_history_type_idx").on(t.entityType, t.createdAt),
    index("admin_history_role_idx").on(t.role, t.createdAt),
  ],
);
