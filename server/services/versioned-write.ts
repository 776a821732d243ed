import { RESOURCES } from "@shared/resources/index";
import type { HistoryChange } from "@shared/schemas/history-changes";
import type { VersionedType } from "@shared/schemas/versions";
import { eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable, PgUpdateSetSource, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Db } from "../db/client";
import { atVersion, editConflict, nextVersion, StaleVersion } from "../lib/edit-conflict";
import type { ChangeSink } from "../lib/history-changes";
import { notFound } from "../lib/http-error";
import { type Actor, recordVersion } from "./versions";

/**
 * The writes of the versioned resources (products, categories, banners, partners, pages, certifications, the settings),
 * written once: the edit check by version (docs/decisions/0049-edit-conflicts-by-version.md) and the versions kept in
 * the write's transaction (docs/decisions/0106-version-restore.md). Each service says how it reads, writes and
 * snapshots its item; the order of the steps, the answers (404, 409 with the stored item) and the versions are here.
 */

/** Runs `work` in one transaction: a service's own (a table lock, its error answers) or `db.transaction`. */
export type Transaction = <T>(work: (tx: Db) => Promise<T>) => Promise<T>;

type Versioned = { version: number };

type Common<Item extends Versioned> = {
  db: Db;
  /** Instead of `db.transaction`: banners lock their table, products answer a taken slug. */
  transaction?: Transaction | undefined;
  type: VersionedType;
  /** The item's id, under which its versions are kept (the settings' is `SETTINGS_VERSION_ID`). */
  id: string;
  /** What a version keeps of the item: the item itself unless it has computed fields (a certification's status). */
  snapshot?: ((item: Item) => object) | undefined;
  /** Who writes, kept with the new version. */
  actor?: Actor | undefined;
  /** Gets `changes(before, after)` once the write committed, for the history row. */
  onChanges?: ChangeSink | undefined;
  changes?: ((before: Item, after: Item) => HistoryChange[]) | undefined;
};

/** A missing item: 404 naming it (the settings always exist: read, or created by the read). */
const missing = (type: VersionedType) =>
  type === "settings" ? new Error("site settings row missing") : notFound(RESOURCES[type].notFound);

const transactionOf = (options: { db: Db; transaction?: Transaction | undefined }): Transaction =>
  options.transaction ?? ((work) => options.db.transaction(work));

/** Keeps `item` as version `item.version` of (`type`, `id`), in the write's transaction (a version kept already stays). */
const keep = <Item extends Versioned>(tx: Db, options: Pick<Common<Item>, "type" | "snapshot">, id: string, item: Item, actor?: Actor) =>
  recordVersion(tx, { type: options.type, id, version: item.version, snapshot: options.snapshot?.(item) ?? item, actor });

/**
 * Replaces an item, in one transaction: reads the stored item (`read`, which locks it), refuses a stale `version`,
 * keeps the version being replaced when it is not kept yet (an item written before versions were kept, with no
 * author), writes (`write`: the UPDATE with `nextVersion`, and any other rows of the item: blocks, slug redirects),
 * keeps the written item as a version with `actor`. Then tells `onChanges` what changed and answers the written item.
 *
 * Refused: 404 when the item is missing; 409 `edit_conflict` with the stored item (`current()`, read after the
 * transaction) when `version` is not the stored one or `write` matched nothing. A refused write stores nothing: the
 * transaction is rolled back, whatever `write` did before it.
 */
export async function versionedUpdate<Item extends Versioned>(
  options: Common<Item> & {
    /** The version the admin saw; absent: written whatever the stored one is. */
    version: number | undefined;
    /** The stored item, locked for the transaction (`lockRow`, a table lock...), or nothing when missing. */
    read: (tx: Db) => Promise<Item | null | undefined>;
    /** Writes the item (`updateRow`...) and answers it as written, or nothing when no row matched. */
    write: (tx: Db, stored: Item) => Promise<Item | null | undefined>;
    /** The stored item after a refused write, for the 409 (null when it is gone: 404). */
    current: () => Promise<unknown>;
  },
): Promise<Item> {
  let written: readonly [Item, Item];
  try {
    written = await transactionOf(options)(async (tx) => {
      const stored = await options.read(tx);
      if (!stored) throw missing(options.type);
      if (options.version !== undefined && stored.version !== options.version) throw new StaleVersion();
      // The version being replaced, when not kept yet (written before versions were kept): so it can be restored.
      await keep(tx, options, options.id, stored);
      const after = await options.write(tx, stored);
      if (!after) throw new StaleVersion();
      await keep(tx, options, options.id, after, options.actor);
      return [stored, after] as const;
    });
  } catch (error) {
    if (!(error instanceof StaleVersion)) throw error;
    const current = await options.current();
    if (current === null || current === undefined) throw missing(options.type);
    throw editConflict(current);
  }
  const [before, after] = written;
  if (options.changes) options.onChanges?.(options.changes(before, after));
  return after;
}

/**
 * A switch (the active one): writes whatever the stored version is and keeps only the written version (decision
 * 0106 keeps the replaced one on a full update only). `read` answers what `changes` compares (`{ isActive }`).
 * 404 when the item is missing.
 */
export async function versionedSwitch<Stored extends object, Item extends Versioned>(
  options: Omit<Common<Item>, "changes"> & {
    read: (tx: Db) => Promise<Stored | null | undefined>;
    write: (tx: Db, stored: Stored) => Promise<Item | null | undefined>;
    changes?: ((before: Stored, after: Item) => HistoryChange[]) | undefined;
  },
): Promise<Item> {
  const [before, after] = await transactionOf(options)(async (tx) => {
    const stored = await options.read(tx);
    if (!stored) throw missing(options.type);
    const written = await options.write(tx, stored);
    if (!written) throw missing(options.type);
    await keep(tx, options, options.id, written, options.actor);
    return [stored, written] as const;
  });
  if (options.changes) options.onChanges?.(options.changes(before, after));
  return after;
}

/** Creates an item and keeps it as its first version, in one transaction; answers the item as `insert` read it back. */
export async function versionedCreate<Item extends Versioned & { _id: string }>(
  options: Omit<Common<Item>, "id" | "onChanges" | "changes"> & { insert: (tx: Db) => Promise<Item | null | undefined> },
): Promise<Item> {
  return transactionOf(options)(async (tx) => {
    const created = await options.insert(tx);
    if (!created) throw new Error("insert returned nothing");
    await keep(tx, options, created._id, created, options.actor);
    return created;
  });
}

/** A versioned table: an `_id` key, a `version` and an `updated_at` (what `nextVersion` sets). */
type VersionedTable = PgTable & { _id: AnyPgColumn; version: AnyPgColumn; updatedAt: AnyPgColumn };

/** The row `id` as `columns`, locked for the transaction (`for update`): the `read` of most updates. */
export async function lockRow<Table extends VersionedTable, Columns extends SelectedFields>(
  tx: Db,
  table: Table,
  columns: Columns,
  id: string,
): Promise<SelectResultFields<Columns> | undefined> {
  const rows: unknown[] = await tx
    .select(columns as SelectedFields)
    .from(table as PgTable)
    .where(eq(table._id, id))
    .for("update");
  return rows[0] as SelectResultFields<Columns> | undefined;
}

/**
 * Writes `set` and the next version into the row `id` (with `version`, only while it is still the stored one) and
 * answers it as `columns`, or nothing when no row matched: the `write` of most updates and switches.
 */
export async function updateRow<Table extends VersionedTable, Columns extends SelectedFields>(
  tx: Db,
  table: Table,
  columns: Columns,
  id: string,
  version: number | undefined,
  set: PgUpdateSetSource<Table>,
): Promise<SelectResultFields<Columns> | undefined> {
  const rows: unknown[] = await tx
    .update(table as PgTable)
    .set({ ...set, ...nextVersion(table) })
    .where(atVersion(table, id, version))
    .returning(columns as SelectedFields);
  return rows[0] as SelectResultFields<Columns> | undefined;
}
