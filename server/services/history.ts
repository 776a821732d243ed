import { ADMIN_SECURITY, type HistoryEntry, type HistoryPage, type HistoryType } from "@shared/schemas/admin-security";
import { and, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { adminHistory } from "../db/schema/index";
import { dailyJob } from "../lib/daily-job";

/** One admin change, as the security log sees it (see plugins/security-log.ts). */
export type AdminWrite = {
  userId: string;
  email: string;
  method: string;
  /** The registered route with the prefix, e.g. `/api/products/:id`. */
  route: string;
  ids: Record<string, string>;
  label: string | null;
  /** `mode` of the answer when it has one (adding an admin by invitation). */
  mode?: string;
};

/** Writes that change nothing worth a history line (a sign-in step, a preview link, starting the QR code). */
const NOT_CHANGES = new Set([
  "/api/auth/login",
  "/api/auth/login/totp",
  "/api/auth/logout",
  "/api/auth/totp/setup",
  "/api/products/:id/preview",
]);

const TYPE_OF_SEGMENT: Record<string, HistoryType> = {
  products: "product",
  categories: "category",
  banners: "banner",
  partners: "partner",
  contact: "message",
  upload: "image",
  users: "user",
  auth: "account",
  privacy: "privacy",
};

const SPECIAL_ACTIONS: Record<string, { type: HistoryType; action: string }> = {
  "POST /api/auth/password": { type: "account", action: "password.change" },
  "POST /api/auth/totp/enable": { type: "account", action: "totp.enable" },
  "POST /api/auth/totp/disable": { type: "account", action: "totp.disable" },
  "POST /api/auth/totp/recovery-codes": { type: "account", action: "totp.codes" },
  "POST /api/auth/email": { type: "account", action: "email.change" },
  "POST /api/auth/register": { type: "user", action: "create" },
  "DELETE /api/auth/sessions/:id": { type: "account", action: "session.end" },
  "POST /api/auth/sessions/end-others": { type: "account", action: "session.end-others" },
  // Not a removal of the administrator: only their sessions end (the label is their e-mail).
  "DELETE /api/users/:id/sessions": { type: "user", action: "session.end-all" },
  "POST /api/privacy/erase": { type: "privacy", action: "erase" },
};

/** Type and action of a write from its method and route; null when it is not a change. */
export function classifyWrite(
  write: Pick<AdminWrite, "method" | "route" | "mode">,
): { type: HistoryType | "other"; action: string } | null {
  if (NOT_CHANGES.has(write.route)) return null;
  const special = SPECIAL_ACTIONS[`${write.method} ${write.route}`];
  if (special) return special;
  const segments = write.route.replace(/^\/api\//, "").split("/");
  const type = TYPE_OF_SEGMENT[segments[0] ?? ""] ?? "other";
  if (write.method === "DELETE") return { type, action: "delete" };
  if (write.method === "PUT" || write.method === "PATCH") return { type, action: "update" };
  if (write.mode === "invitation") return { type, action: "invite" };
  const last = segments.at(-1) ?? "";
  // A POST on a collection creates; a POST on a named sub-route is that action (e.g. `reply`).
  if (last.startsWith(":") || !segments.some((s) => s.startsWith(":"))) return { type, action: "create" };
  return { type, action: last };
}

/** The entity a write is about: the `id` in the path, else the created resource, else the first id in the path. */
function entityIdOf(ids: Record<string, string>): string | null {
  return ids.id ?? ids.created ?? Object.values(ids)[0] ?? null;
}

function toEntry(row: typeof adminHistory.$inferSelect): HistoryEntry {
  return {
    _id: row._id,
    userId: row.userId,
    email: row.email,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    label: row.label,
    createdAt: row.createdAt,
  };
}

/** The history of admin changes: written per admin write, read page by page, pruned after a year. */
export function createHistoryService(db: Db, log: { error(obj: object, msg: string): void }) {
  /** Deletes rows older than the retention; idempotent, so instances sharing a database may all run it. */
  async function prune(): Promise<number> {
    const deleted = await db
      .delete(adminHistory)
      .where(lt(adminHistory.createdAt, sql`now() - ${`${ADMIN_SECURITY.historyRetentionDays} days`}::interval`))
      .returning({ id: adminHistory._id });
    return deleted.length;
  }

  return {
    prune,

    async record(write: AdminWrite): Promise<void> {
      const kind = classifyWrite(write);
      if (!kind) return;
      // A message's subject, its sender's name and address are personal data, and the history outlives the message
      // (erasure, retention): its line names it by id only. A change of one's own account (password, second factor)
      // is about that account.
      const label = kind.type === "message" ? null : (write.label ?? (kind.type === "account" ? write.email : null));
      await db.insert(adminHistory).values({
        userId: write.userId,
        email: write.email,
        action: kind.action,
        entityType: kind.type,
        entityId: entityIdOf(write.ids),
        label: label?.slice(0, 200) ?? null,
        method: write.method,
        route: write.route,
      });
    },

    async list(query: { userId?: string; type?: string; before?: string; limit: number }): Promise<HistoryPage> {
      const where: SQL[] = [];
      if (query.userId) where.push(eq(adminHistory.userId, query.userId));
      if (query.type) where.push(eq(adminHistory.entityType, query.type));
      if (query.before) where.push(lt(adminHistory.createdAt, query.before));
      const rows = await db
        .select()
        .from(adminHistory)
        .where(and(...where))
        .orderBy(desc(adminHistory.createdAt), desc(adminHistory._id))
        .limit(query.limit + 1);
      const items = rows.slice(0, query.limit).map(toEntry);
      return { items, nextBefore: rows.length > query.limit ? (items.at(-1)?.createdAt ?? null) : null };
    },

    /** Prunes now and then once a day. */
    pruning: dailyJob("history prune", prune, log),
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;
