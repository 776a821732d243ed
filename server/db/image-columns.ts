import { getTableColumns, is, type SQL, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { PgImageUrl } from "./schema/columns";
import * as schema from "./schema/index";

export type ImageColumn = { table: PgTable; tableName: string; column: PgImageUrl; columnName: string };

/** Every column of the schema declared with `imageUrl(…)`, by table then column name. */
export function imageColumns(): ImageColumn[] {
  const found: ImageColumn[] = [];
  for (const table of Object.values(schema as Record<string, unknown>)) {
    if (!is(table, PgTable)) continue;
    const tableName = getTableConfig(table).name;
    for (const column of Object.values(getTableColumns(table)))
      if (is(column, PgImageUrl)) found.push({ table, tableName, column, columnName: column.name });
  }
  return found.sort((a, b) => a.tableName.localeCompare(b.tableName) || a.columnName.localeCompare(b.columnName));
}

/**
 * The content hash of an image address: an original (`<hash>-<w>x<h>`) or a variant (`<hash>-<w>w`), under `/uploads/`
 * or any absolute address (an admin may paste the CDN's address of a picture). Same naming as shared/images.ts.
 */
export const IMAGE_HASH_PATTERN = "([0-9a-f]{16})-[0-9]+(?:x[0-9]+|w)";

/**
 * One statement listing, once each, the content hashes named by any image column: the database deduplicates (UNION),
 * so the answer is as long as the number of distinct images, whatever the number of rows; one statement also reads
 * every table at the same instant.
 */
export function referencedHashesQuery(): SQL {
  const selects = imageColumns().map(
    ({ table, column }) => sql`select (regexp_match(${column}, ${IMAGE_HASH_PATTERN}))[1] as hash from ${table}`,
  );
  return sql`select hash from (${sql.join(selects, sql` union `)}) as named where hash is not null`;
}

/**
 * The content hash an image column names, as an SQL expression (null for an address without one). Each image column
 * has an index on exactly this expression (migration 0016), so "which rows show image H" is an index look-up per
 * column, never a read of the whole table: the pattern is written into the statement, not passed as a parameter,
 * for the planner to match the index.
 */
export function imageHashSql(column: ImageColumn["column"]): SQL {
  return sql`substring(${column} from '${sql.raw(IMAGE_HASH_PATTERN)}')`;
}

/** The name of one image column's hash index (migration 0016 creates them; media.test.ts checks each exists). */
export function imageHashIndexName({ tableName, columnName }: Pick<ImageColumn, "tableName" | "columnName">): string {
  return `${tableName}_${columnName}_hash_idx`;
}
