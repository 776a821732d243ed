import { type ColumnBaseConfig, type ColumnBuilderBaseConfig, entityKind } from "drizzle-orm";
import { type AnyPgTable, integer, PgText, PgTextBuilder, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Resources carry `_id` (docs/product.md, "Entities"); the column is `id`. */
export const idColumn = () => uuid("id").primaryKey().defaultRandom();
export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow();
/** Bumped by every update (`version + 1` in the UPDATE itself); a write based on an older one is refused. */
export const versionColumn = () => integer("version").notNull().default(1);
/** The optional meta title and description of a public page. */
export const seoColumns = () => ({
  metaTitleFr: text("meta_title_fr").notNull().default(""),
  metaTitleEn: text("meta_title_en").notNull().default(""),
  metaDescriptionFr: text("meta_description_fr").notNull().default(""),
  metaDescriptionEn: text("meta_description_en").notNull().default(""),
});

/**
 * A `text` column that holds the address of one image (an upload's `/uploads/…` URL, or any absolute address).
 * The same SQL type as `text` (no migration); the class marks it so that `imageColumns()` (server/db/image-columns.ts)
 * finds it: the image sweep and backups read only the columns declared this way.
 */
export class PgImageUrl extends PgText<ColumnBaseConfig<"string", "PgText">> {
  static override readonly [entityKind]: string = "PgImageUrl";
}

class PgImageUrlBuilder<T extends ColumnBuilderBaseConfig<"string", "PgText">> extends PgTextBuilder<T> {
  static override readonly [entityKind]: string = "PgImageUrlBuilder";

  /** Drizzle calls this (internal in its typings) when the table is made: the column gets the image class. */
  build(table: AnyPgTable<{ name: string }>): PgImageUrl {
    return new PgImageUrl(table, this.config);
  }
}

export function imageUrl<TName extends string>(name: TName) {
  return new PgImageUrlBuilder<{
    name: TName;
    dataType: "string";
    columnType: "PgText";
    data: string;
    enumValues: [string, ...string[]];
    driverParam: string;
  }>(name, {});
}
