import { categoryResource } from "@shared/resources/categories";
import type { Resource } from "@shared/resources/define";
import { pageResource } from "@shared/resources/pages";
import { productResource } from "@shared/resources/products";
import { bilingualPairsOf, needsTranslation } from "@shared/translation-gaps";
import { asc, count, eq, getTableColumns, inArray, isNull, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { categories, contentBlocks, pages, products } from "../db/schema/index";

/** The resources that store `needs_translation` (decision 0121), each with the table it is in. */
const FLAGGED = [
  { resource: productResource, table: products },
  { resource: categoryResource, table: categories },
  { resource: pageResource, table: pages },
] as const;

/** The flag as a row answers it: a row not computed yet (null, until the start-up fills it) reads as not flagged. */
export const flagColumn = (column: PgColumn) => sql<boolean>`coalesce(${column}, false)`.mapWith(Boolean);

/**
 * Rows computed per statement when filling the flag: an update rewrites each product's searched texts (its generated
 * columns), about 5 ms a row on the embedded database, so a batch holds its one connection for well under a second.
 */
const BATCH = 100;

/** A product's blocks as the translation check reads them, by product. */
async function blocksOf(db: Db, productIds: string[]): Promise<Map<string, unknown[]>> {
  const rows = await db
    .select({
      productId: contentBlocks.productId,
      contentFr: contentBlocks.contentFr,
      contentEn: contentBlocks.contentEn,
      tableData: contentBlocks.tableData,
    })
    .from(contentBlocks)
    .where(inArray(contentBlocks.productId, productIds))
    .orderBy(asc(contentBlocks.productId), asc(contentBlocks.order));
  const byProduct = new Map<string, unknown[]>();
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return byProduct;
}

/**
 * Computes the flag of every row that has none yet: rows from before the column existed, and rows written by SQL
 * outside the application (a restored older backup, the grown-data bench). Run in the background once the server
 * listens (server/serve.ts); the same function as the writes' (`needsTranslation`), so the two cannot differ. Answers how many
 * rows it computed.
 */
export async function fillTranslationFlags(db: Db): Promise<number> {
  let filled = 0;
  for (const { resource, table } of FLAGGED) {
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const id = columns._id as PgColumn;
    const read = Object.fromEntries(
      bilingualPairsOf(resource as Resource).flatMap((pair) => pair.map((name) => [name, columns[name] as PgColumn])),
    );
    for (;;) {
      const rows = (await db
        .select({ _id: id, ...read })
        .from(table)
        .where(isNull(columns.needsTranslation as PgColumn))
        .limit(BATCH)) as Record<string, unknown>[];
      if (rows.length === 0) break;
      const ids = rows.map((row) => String(row._id));
      const blocks = table === products ? await blocksOf(db, ids) : null;
      const flagged = rows
        .filter((row) =>
          needsTranslation(resource as Resource, blocks ? { ...row, contentBlocks: blocks.get(String(row._id)) ?? [] } : row),
        )
        .map((row) => String(row._id));
      await db
        .update(table)
        .set({ needsTranslation: flagged.length > 0 ? inArray(id, flagged) : sql`false` })
        .where(inArray(id, ids));
      filled += rows.length;
    }
  }
  return filled;
}

export type FlaggedType = (typeof FLAGGED)[number]["resource"]["type"];

/** How many items of each named type are "À traduire" (the dashboard's line), each read from its partial index. */
export async function translationCounts(db: Db, types: readonly FlaggedType[]): Promise<Partial<Record<FlaggedType, number>>> {
  const counted = await Promise.all(
    FLAGGED.filter(({ resource }) => types.includes(resource.type)).map(async ({ resource, table }) => {
      const [row] = await db
        .select({ n: count() })
        .from(table)
        .where(eq(getTableColumns(table).needsTranslation, true));
      return [resource.type, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(counted);
}

/** `app.services.translations`: the dashboard's counts. */
export function createTranslationService(db: Db) {
  return { counts: (types: readonly FlaggedType[]) => translationCounts(db, types) };
}
