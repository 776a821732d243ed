import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { HttpError, type NotFoundItem, notFound } from "./http-error";

/**
 * Versions of products, categories, banners and partners (docs/decisions/0049-edit-conflicts-by-version.md): every write
 * sets the next version in the UPDATE itself; a write based on an old version is refused with 409 and the stored item.
 */
type Versioned = { _id: AnyPgColumn; version: AnyPgColumn };

/** What every write of a versioned row sets besides its fields: the next version and the update time. */
export const nextVersion = (table: Pick<Versioned, "version">) => ({
  version: sql`${table.version} + 1`,
  updatedAt: new Date().toISOString(),
});

/** The row `id`; with `version`, only while the stored version is still that one. */
export const atVersion = (table: Versioned, id: string, version: number | undefined): SQL | undefined =>
  version === undefined ? eq(table._id, id) : and(eq(table._id, id), eq(table.version, version));

/** 409 of a write based on an old version: the admin's form gets the stored entity to reload from. */
export const editConflict = (current: unknown) =>
  new HttpError(409, { code: "edit_conflict" }, { details: { reason: "version", current } });

/** After a versioned UPDATE matched no row: 404 when the item is gone, else 409 with the stored one. */
export function refusedWrite(current: unknown, entity: NotFoundItem): never {
  if (current === null || current === undefined) throw notFound(entity);
  throw editConflict(current);
}

/** Thrown inside a transaction when the stored version differs; caught outside it to answer with `editConflict`. */
export class StaleVersion extends Error {
  constructor() {
    super("stale version");
    this.name = "StaleVersion";
  }
}
