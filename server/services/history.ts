import type { Role } from "@shared/roles";
import { ADMIN_SECURITY } from "@shared/schemas/admin-security";
import type { HistoryAction, HistoryEntry, HistoryType } from "@shared/schemas/history";
import type { HistoryChange } from "@shared/schemas/history-changes";
import type { PageQuery } from "@shared/schemas/page";
import { and, eq, getTableColumns, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { adminHistory, contactSubmissions } from "../db/schema/index";
import { dailyJob } from "../lib/daily-job";
import { createdCursorSchema, type Page } from "../lib/keyset";
import { newestFirst, pagedList } from "../lib/paged-list";

/** One admin change, as the security log sees it (see plugins/security-log.ts). */
export type AdminWrite = {
  userId: string;
  email: string;
  /** The author's role at the time. */
  role: Role;
  /** Declared by the route (`recorded(type, action)` in its config, see plugins/security-log.ts). */
  type: HistoryType;
  action: HistoryAction;
  method: string;
  /** The registered route with the prefix, e.g. `/api/products/:id`. */
  route: string;
  ids: Record<string, string>;
  label: string | null;
  /** What changed (field, before, after), as the service computed it; empty when it listed nothing. */
  changes: HistoryChange[];
};

/** The entity a write is about: the `id` in the path, else the created resource, else the first id in the path. */
function entityIdOf(ids: Record<string, string>): string | null {
  return ids.id ?? ids.created ?? Object.values(ids)[0] ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toEntry(row: typeof adminHistory.$inferSelect, subjects: ReadonlyMap<string, string>): HistoryEntry {
  return {
    _id: row._id,
    userId: row.userId,
    email: row.email,
    role: row.role,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    label: row.label,
    subject: row.entityType === "message" && row.entityId ? (subjects.get(row.entityId) ?? null) : null,
    changes: row.changes ?? [],
    createdAt: row.createdAt,
  };
}

export type HistoryFilter = { userId?: string | undefined; type?: HistoryType | undefined; role?: Role | undefined };

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

  /** The subjects of the page's messages that still exist, by id: one read by primary key for the whole page. */
  async function messageSubjects(rows: readonly (typeof adminHistory.$inferSelect)[]): Promise<Map<string, string>> {
    const ids = [
      ...new Set(rows.flatMap((row) => (row.entityType === "message" && row.entityId && UUID.test(row.entityId) ? [row.entityId] : []))),
    ];
    if (ids.length === 0) return new Map();
    const found = await db
      .select({ id: contactSubmissions._id, subject: contactSubmissions.subject })
      .from(contactSubmissions)
      .where(inArray(contactSubmissions._id, ids));
    return new Map(found.map((row) => [row.id, row.subject]));
  }

  return {
    prune,

    async record(write: AdminWrite): Promise<void> {
      const kind = { type: write.type, action: write.action };
      // A message's subject, its sender's name and address are personal data, and the history outlives the message
      // (erasure, retention): its line names it by id only. A change of one's own account (password, second factor)
      // is about that account.
      const label = kind.type === "message" ? null : (write.label ?? (kind.type === "account" ? write.email : null));
      await db.insert(adminHistory).values({
        userId: write.userId,
        email: write.email,
        role: write.role,
        action: kind.action,
        entityType: kind.type,
        entityId: entityIdOf(write.ids),
        label: label?.slice(0, 200) ?? null,
        changes: write.changes.length > 0 ? write.changes : null,
        method: write.method,
        route: write.route,
      });
    },

    /**
     * One page of the history, newest first, keyset on (created_at, id) (decision 0092), of the `readable` types only
     * (the reader's role's; all for an administrator); `userId`, `type` and `role` narrow it, and `total` counts every line they match.
     */
    async list(query: HistoryFilter & PageQuery, readable?: readonly HistoryType[]): Promise<Page<HistoryEntry> & { total: number }> {
      const where = and(
        readable ? inArray(adminHistory.entityType, [...readable]) : undefined,
        query.userId ? eq(adminHistory.userId, query.userId) : undefined,
        query.type ? eq(adminHistory.entityType, query.type) : undefined,
        query.role ? eq(adminHistory.role, query.role) : undefined,
      );
      const columns = getTableColumns(adminHistory);
      const page = await pagedList(db, { table: adminHistory, columns, order: newestFirst, cursor: createdCursorSchema, where }, query);
      const subjects = await messageSubjects(page.items);
      return { ...page, items: page.items.map((row) => toEntry(row, subjects)) };
    },

    /** Prunes now and then once a day. */
    pruning: dailyJob("history prune", prune, log),
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;
