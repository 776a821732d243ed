import { integer, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "./columns";

/**
 * Earlier versions of the editable resources (docs/decisions/0106-version-restore.md): one row per successful write
 * of a product, category, banner, partner, page or the settings, written in the write's transaction. `snapshot` is
 * the resource as its admin GET answers it (a product with its blocks); `version` is the resource's own version
 * after that write. Who wrote it is kept by id and e-mail (no foreign key: the account may be removed since).
 * Kept: the newest `VERSIONS.keepPerEntity` per entity; older ones are pruned by the daily job.
 */
export const entityVersions = pgTable(
  "entity_versions",
  {
    _id: idColumn(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    version: integer("version").notNull(),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    userId: uuid("user_id"),
    email: text("email"),
    createdAt: createdAt(),
  },
  (t) => [unique("entity_versions_entity_version_unique").on(t.entityType, t.entityId, t.version)],
);
