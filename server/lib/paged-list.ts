import type { PageQuery } from "@shared/schemas/page";
import { and, asc, count, desc, is, type SQL, sql } from "drizzle-orm";
import {
  PgColumn,
  PgDate,
  PgDateString,
  PgInteger,
  type PgTable,
  PgText,
  PgTimestamp,
  PgTimestampString,
  PgUUID,
  PgVarchar,
  type SelectedFields,
} from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { z } from "zod";
import type { Db } from "../db/client";
import { decodeCursor, type Page, pageOf } from "./keyset";

/**
 * One keyset list (decision 0092) written once: the admin lists of the item resources read a page of `limit` rows
 * after the cursor's position in a fixed order, and count every row the filter matches.
 */

/** The names under which a selection holds plain columns: what a keyset order sorts on. */
export type ColumnName<TColumns> = { [K in keyof TColumns]: TColumns[K] extends PgColumn ? K : never }[keyof TColumns] & string;

/**
 * A keyset order: selected columns (by their name in the selection), most significant first, the last one unique (the
 * id) so that the order is total; one direction for all, so that "after a position" is one row comparison.
 */
export type KeysetOrder<TColumns> = {
  readonly keys: readonly [ColumnName<TColumns>, ...ColumnName<TColumns>[]];
  readonly direction: "asc" | "desc";
};

/** Newest first: creation time as the database wrote it, then the id (positions in `createdCursorSchema`). */
export const newestFirst = { keys: ["createdAt", "_id"], direction: "desc" } as const;

/** A row's position in an order: the values of its keys, in the order's sequence (what the cursor carries). */
export type PositionOf<Row, Keys extends readonly (keyof Row)[]> = { readonly [I in keyof Keys]: Row[Keys[I]] };

/** One keyset list: where the rows are, which columns each row answers, their order and the cursor of a position. */
export type PagedList<TColumns extends SelectedFields, Keys extends KeysetOrder<TColumns>["keys"]> = {
  table: PgTable;
  columns: TColumns;
  order: { readonly keys: Keys; readonly direction: "asc" | "desc" };
  /** Parses a position out of a cursor: its output is the keys' values (a 400 `cursor` when a cursor is not one). */
  cursor: z.ZodType<PositionOf<SelectResultFields<TColumns>, Keys>>;
  /** Which rows are listed and counted; all when undefined. */
  where?: SQL | undefined;
};

/**
 * The SQL type a cursor value is cast to in the row comparison: its column's. Text is left a plain parameter (so it
 * is compared in the column's collation, as the ORDER BY sorts); a column type not listed here is no sort key yet.
 */
function castOf(column: PgColumn): string | null {
  if (is(column, PgText) || is(column, PgVarchar)) return null;
  if (is(column, PgUUID)) return "uuid";
  if (is(column, PgInteger)) return "integer";
  if (is(column, PgDate) || is(column, PgDateString)) return "date";
  if (is(column, PgTimestamp) || is(column, PgTimestampString)) return column.withTimezone ? "timestamptz" : "timestamp";
  throw new Error(`A keyset order cannot sort on ${column.name}: its type (${column.columnType}) has no cursor cast`);
}

function keyColumns<TColumns extends SelectedFields>(columns: TColumns, order: KeysetOrder<TColumns>): PgColumn[] {
  return order.keys.map((key) => {
    const column = columns[key];
    if (!is(column, PgColumn)) throw new Error(`A keyset order sorts on selected columns: ${key} is not one`);
    return column;
  });
}

/** The ORDER BY of a keyset order (also for the lists in that order that are not paged). */
export function keysetOrderBy<TColumns extends SelectedFields>(columns: TColumns, order: KeysetOrder<TColumns>): SQL[] {
  const direction = order.direction === "asc" ? asc : desc;
  return keyColumns(columns, order).map((column) => direction(column));
}

/** The rows after `position` in a keyset order: `(key, …, id) > (…)` ascending, `<` descending. */
export function keysetAfter<TColumns extends SelectedFields>(
  columns: TColumns,
  order: KeysetOrder<TColumns>,
  position: readonly unknown[],
): SQL {
  const keys = keyColumns(columns, order);
  const values = keys.map((column, i) => {
    const cast = castOf(column);
    return cast === null ? sql`${position[i]}` : sql`${position[i]}::${sql.raw(cast)}`;
  });
  return sql`(${sql.join(keys, sql`, `)}) ${sql.raw(order.direction === "asc" ? ">" : "<")} (${sql.join(values, sql`, `)})`;
}

/** A key's value in a cursor: a string or a number (a date, a timestamp as the database wrote it, an id, a name, a rank). */
function cursorValue(value: unknown, key: string): string | number {
  if (typeof value === "string" || typeof value === "number") return value;
  throw new Error(`A keyset cursor holds strings and numbers: ${key} is ${typeof value}`);
}

/**
 * One page of a keyset list: the `limit` rows after the cursor's position (the first ones without a cursor), the
 * cursor of the next page when there is one, and `total`, how many rows the filter matches in all.
 */
export async function pagedList<TColumns extends SelectedFields, const Keys extends KeysetOrder<TColumns>["keys"]>(
  db: Db,
  list: PagedList<TColumns, Keys>,
  query: PageQuery,
): Promise<Page<SelectResultFields<TColumns>> & { total: number }> {
  const { table, columns, order, where } = list;
  const position = query.cursor === undefined ? undefined : decodeCursor(query.cursor, list.cursor);
  // Read through the selection's base type: a generic one is more than drizzle's builder types can follow.
  const selection: SelectedFields = columns;
  const [rows, [counted]] = await Promise.all([
    db
      .select(selection)
      .from(table)
      .where(and(where, position && keysetAfter(columns, order, position)))
      .orderBy(...keysetOrderBy(columns, order))
      .limit(query.limit + 1),
    db.select({ n: count() }).from(table).where(where),
  ]);
  const page = pageOf(rows as SelectResultFields<TColumns>[], query.limit, (row) =>
    order.keys.map((key) => cursorValue((row as Record<string, unknown>)[key], key)),
  );
  return { ...page, total: counted?.n ?? 0 };
}
