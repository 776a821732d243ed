import { type Fields, historyFieldsOf, type Resource, type ResourceAction } from "@shared/resources/define";
import type { VersionedType } from "@shared/schemas/versions";
import { eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ZodType, z } from "zod";
import type { Db } from "../db/client";
import { type ChangeSink, fieldChanges } from "../lib/history-changes";
import { type NotFoundItem, notFound } from "../lib/http-error";
import { columnsOf } from "../lib/resource-columns";
import { lockRow, updateRow, versionedCreate, versionedSwitch, versionedUpdate } from "./versioned-write";
import { type Actor, snapshotAsInput } from "./versions";

type ItemTable = PgTable & { _id: AnyPgColumn; version: AnyPgColumn; updatedAt: AnyPgColumn; isActive: AnyPgColumn };
type Item = { _id: string; version: number; isActive: boolean };

/**
 * The reads and writes of a resource written whole and switched on and off (partners, trade shows), from its declaration
 * (shared/resources) and its table: read one, create, replace with the edit check, restore a kept version, the active
 * switch, delete. Every write keeps its version and tells the history what changed (server/services/versioned-write.ts).
 * A service adds its own lists.
 */
export function itemWrites<T extends Item, Input extends ZodType<{ version?: number | undefined }>>(options: {
  db: Db;
  table: ItemTable;
  resource: Resource<Fields, readonly ResourceAction[], VersionedType, NotFoundItem>;
  type: VersionedType;
  /** The input schema (a restored snapshot must still pass it). */
  input: Input;
  /** The column a deleted item's history line keeps as its name. */
  label: AnyPgColumn;
}) {
  const { db, table, resource, type, input } = options;
  const columns = columnsOf(table, resource) as Record<string, AnyPgColumn>;
  const historyFields = historyFieldsOf<T>(resource);
  const rows = (found: unknown) => found as T | undefined;

  async function getById(id: string): Promise<T | null> {
    const [row] = await db.select(columns).from(table).where(eq(table._id, id)).limit(1);
    return rows(row) ?? null;
  }

  /** Replaces the fields; with `version`, only if the stored one is still that (else 409 with the stored item). */
  function update(id: string, data: z.output<Input>, onChanges?: ChangeSink, actor?: Actor): Promise<T> {
    const { version, ...set } = data;
    return versionedUpdate<T>({
      db,
      type,
      id,
      version,
      actor,
      onChanges,
      read: async (tx) => rows(await lockRow(tx, table, columns, id)),
      write: async (tx) => rows(await updateRow(tx, table, columns, id, version, set)),
      current: () => getById(id),
      changes: (before, after) => fieldChanges(before, after, historyFields),
    });
  }

  return {
    getById,
    update,

    /** Restores a kept version as a new one, through `update` (decision 0106). */
    restore(id: string, snapshot: unknown, seenVersion: number, onChanges?: ChangeSink, actor?: Actor): Promise<T> {
      return update(id, { ...snapshotAsInput(input, snapshot), version: seenVersion } as z.output<Input>, onChanges, actor);
    },

    create(data: z.output<Input>, actor?: Actor): Promise<T> {
      const { version: _version, ...values } = data;
      return versionedCreate<T>({
        db,
        type,
        actor,
        insert: async (tx) => rows((await tx.insert(table).values(values).returning(columns))[0]),
      });
    },

    /** The active switch: changes only `isActive`. */
    setActive(id: string, isActive: boolean, onChanges?: ChangeSink, actor?: Actor): Promise<T> {
      return versionedSwitch<{ isActive: boolean }, T>({
        db,
        type,
        id,
        actor,
        onChanges,
        read: async (tx) => (await lockRow(tx, table, { isActive: table.isActive }, id)) as { isActive: boolean } | undefined,
        write: async (tx) => rows(await updateRow(tx, table, columns, id, undefined, { isActive })),
        changes: (before, after) => fieldChanges(before, { isActive: after.isActive }, ["isActive"]),
      });
    },

    /** Answers the removed item's name, which its history line keeps. */
    async remove(id: string): Promise<string> {
      const [deleted] = await db.delete(table).where(eq(table._id, id)).returning({ label: options.label });
      if (!deleted) throw notFound(resource.notFound);
      return String(deleted.label);
    },
  };
}
