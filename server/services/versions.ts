import type { PageQuery } from "@shared/schemas/page";
import { VERSIONS, type VersionDetail, type VersionEntry, type VersionedType } from "@shared/schemas/versions";
import { and, eq, sql } from "drizzle-orm";
import type { ZodType } from "zod";
import { z } from "zod";
import type { Db } from "../db/client";
import { entityVersions, users } from "../db/schema/index";
import { dailyJob } from "../lib/daily-job";
import { HttpError, notFound } from "../lib/http-error";
import type { Page } from "../lib/keyset";
import { pagedList } from "../lib/paged-list";

/** Who made a write, as the route knows it (`actorOf(request)`); absent for writes of no administrator (seeds, tests). */
export type Actor = { userId: string; email: string };

/**
 * Stores the resource as it now is as version `version` of (`type`, `id`), in the caller's transaction
 * (docs/decisions/0106-version-restore.md). Every write of the versioned resources calls this one helper: through
 * `versionedUpdate`, `versionedSwitch` and `versionedCreate` (./versioned-write.ts), and the product block edits.
 * A version already stored is left as it is (a write that did not move the version stores nothing new).
 */
export async function recordVersion(
  executor: Db,
  entry: { type: VersionedType; id: string; version: number; snapshot: object; actor?: Actor | undefined },
): Promise<void> {
  await executor
    .insert(entityVersions)
    .values({
      entityType: entry.type,
      entityId: entry.id,
      version: entry.version,
      snapshot: JSON.parse(JSON.stringify(entry.snapshot)) as Record<string, unknown>,
      userId: entry.actor?.userId ?? null,
      email: entry.actor?.email ?? null,
    })
    .onConflictDoNothing();
}

/**
 * A stored snapshot read back as a resource's input: 422 `version.unusable` when it no longer passes the resource's
 * own validation (a rule tightened since, a value no longer accepted); `details.fields` names the refused fields.
 */
export function snapshotAsInput<T>(schema: ZodType<T>, snapshot: unknown): T {
  const parsed = schema.safeParse(snapshot);
  if (parsed.success) return parsed.data;
  const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.map(String).join(".")))];
  throw new HttpError(422, { code: "version.unusable" }, { details: { reason: "invalid", issues: parsed.error.issues.length, fields } });
}

/** Newest first: the version number is unique per entity, so it is the whole position. */
const newestVersionFirst = { keys: ["version"], direction: "desc" } as const;
const versionCursorSchema = z.tuple([z.number().int()]);
/** The author's name as their account now gives it (no foreign key: the account may be removed since). */
const authorName = sql<
  string | null
>`(select nullif(${users.signatureName}, '') from ${users} where ${users._id} = ${entityVersions.userId})`;
const entryColumns = {
  version: entityVersions.version,
  createdAt: entityVersions.createdAt,
  email: entityVersions.email,
  name: authorName,
};

const of = (type: VersionedType, id: string) => and(eq(entityVersions.entityType, type), eq(entityVersions.entityId, id));

/** The stored versions: listed page by page, read one by one, pruned to the newest `VERSIONS.keepPerEntity` daily. */
export function createVersionService(db: Db, log: { error(obj: object, msg: string): void }) {
  /** Deletes, per entity, the versions older than its newest `keepPerEntity`; idempotent. */
  async function prune(): Promise<number> {
    const deleted = await db
      .delete(entityVersions)
      .where(
        sql`${entityVersions._id} in (select id from (select id, row_number() over (partition by entity_type, entity_id order by version desc) as rank from entity_versions) ranked where rank > ${VERSIONS.keepPerEntity})`,
      )
      .returning({ id: entityVersions._id });
    return deleted.length;
  }

  return {
    prune,
    pruning: dailyJob("versions prune", prune, log),

    /** One page of an entity's versions, newest first (keyset on the version number, decision 0092). */
    list(type: VersionedType, id: string, query: PageQuery): Promise<Page<VersionEntry> & { total: number }> {
      return pagedList(
        db,
        { table: entityVersions, columns: entryColumns, order: newestVersionFirst, cursor: versionCursorSchema, where: of(type, id) },
        query,
      );
    },

    /** One stored version (404 `version` when it is not, or no longer, kept). */
    async get(type: VersionedType, id: string, version: number): Promise<Omit<VersionDetail, "current">> {
      const [row] = await db
        .select({
          version: entityVersions.version,
          createdAt: entityVersions.createdAt,
          email: entityVersions.email,
          name: authorName,
          snapshot: entityVersions.snapshot,
        })
        .from(entityVersions)
        .where(and(of(type, id), eq(entityVersions.version, version)))
        .limit(1);
      if (!row) throw notFound("version");
      return row;
    },
  };
}
export type VersionService = ReturnType<typeof createVersionService>;
