import type { Fields, Resource } from "@shared/resources/define";
import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

type Answered<F extends Fields> = "_id" | (keyof F & string) | "version" | "createdAt" | "updatedAt";

/**
 * The columns a resource's admin API answers, from its declaration (shared/resources): its id, every field, its version
 * and times; never a system column such as a search text.
 */
export function columnsOf<T extends PgTable, F extends Fields>(
  table: T,
  resource: Resource<F>,
): { [K in Answered<F> & keyof T["_"]["columns"]]: T["_"]["columns"][K] } {
  const all = getTableColumns(table) as Record<string, unknown>;
  const names = ["_id", ...Object.keys(resource.fields), "version", "createdAt", "updatedAt"];
  return Object.fromEntries(names.map((name) => [name, all[name]])) as {
    [K in Answered<F> & keyof T["_"]["columns"]]: T["_"]["columns"][K];
  };
}
