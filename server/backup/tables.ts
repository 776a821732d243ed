import { asc, is, ne, type SQL } from "drizzle-orm";
import { getTableConfig, type PgColumn, PgTable } from "drizzle-orm/pg-core";
import * as schema from "../db/schema/index";

import { BACKUP_LAST_SUCCESS_KEY } from "./status";

/** `rows`: which rows are backed up, when not all. */
export type BackupTable = { name: string; table: PgTable; orderBy: PgColumn[]; rows?: SQL };

/**
 * The time of the last successful backup is a fact about the database it was written in, not about its content: it is
 * never archived, so a restored site reports no backup until its own first one, however recent the archive.
 */
const ROWS: Record<string, SQL> = { settings: ne(schema.settings.key, BACKUP_LAST_SUCCESS_KEY) };

/**
 * Left out of backups: per-IP rate-limit counters and sign-in attempt counters only matter for the next minutes or
 * hours; sessions are left out so that a restored site accepts no token issued before the restore (administrators sign
 * in again), and with them the addresses each account signed in from (the lockout learns them again at each sign-in).
 */
const EPHEMERAL = new Set(["rate_limits", "sessions", "login_throttle", "login_addresses"]);

/**
 * Foreign keys checked at commit (DEFERRABLE INITIALLY DEFERRED, migration 0032): a back reference of a parent to one of
 * its children (a product's Nagoya document), left out of the order so the parent still comes first.
 */
const DEFERRED_FOREIGN_KEYS = new Set(["products_nagoya_document_fk"]);

/** Every lasting table of the schema, parents before children (foreign keys), so rows restore in this order. */
export function tablesInDependencyOrder(): BackupTable[] {
  const tables = Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .filter((table) => !EPHEMERAL.has(getTableConfig(table).name));
  const byName = new Map(tables.map((table) => [getTableConfig(table).name, table]));
  const ordered: BackupTable[] = [];
  const visiting = new Set<string>();
  const done = new Set<string>();
  const visit = (name: string) => {
    if (done.has(name) || visiting.has(name)) return;
    visiting.add(name);
    const table = byName.get(name);
    if (!table) throw new Error(`Unknown table ${name}`);
    const config = getTableConfig(table);
    for (const foreignKey of config.foreignKeys)
      if (!DEFERRED_FOREIGN_KEYS.has(foreignKey.getName())) visit(getTableConfig(foreignKey.reference().foreignTable).name);
    visiting.delete(name);
    done.add(name);
    const primary = [...config.columns.filter((column) => column.primary), ...config.primaryKeys.flatMap((key) => key.columns)];
    ordered.push({ name, table, orderBy: primary.length > 0 ? primary : config.columns, rows: ROWS[name] });
  };
  for (const name of [...byName.keys()].sort()) visit(name);
  return ordered;
}

export const orderOf = (table: BackupTable) => table.orderBy.map((column) => asc(column));
