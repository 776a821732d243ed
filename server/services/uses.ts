import type { Resource } from "@shared/resources/define";
import {
  type Application,
  applicationInputSchema,
  applicationResource,
  functionInputSchema,
  functionResource,
  type ProductFunction,
  type UseItem,
} from "@shared/resources/uses";
import type { HistoryChange } from "@shared/schemas/history-changes";
import type { PageQuery } from "@shared/schemas/page";
import { asc, eq, inArray } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../db/client";
import { applications, functions, productApplications, productFunctions, products } from "../db/schema/index";
import type { ChangeSink } from "../lib/history-changes";
import { badRequest, conflict, HttpError, isUniqueViolation, notFound } from "../lib/http-error";
import type { Page } from "../lib/keyset";
import { pagedList } from "../lib/paged-list";
import { columnsOf } from "../lib/resource-columns";
import { itemWrites } from "./item-writes";
import type { Actor } from "./versions";

/**
 * The two managed lists of uses (decision 0124): applications and functions, each a table, a link table to products
 * (`product_applications`, `product_functions`: the list's id, the product's, a position) and the product input's
 * part (`applicationIds`, `functionIds`).
 */
const LISTS = {
  application: {
    table: applications,
    links: productApplications,
    linkId: productApplications.applicationId,
    resource: applicationResource,
    input: applicationInputSchema,
    field: "applicationIds",
    history: "applications",
    inUse: "application.in_use",
    unknown: "application.unknown",
  },
  function: {
    table: functions,
    links: productFunctions,
    linkId: productFunctions.functionId,
    resource: functionResource,
    input: functionInputSchema,
    field: "functionIds",
    history: "functions",
    inUse: "function.in_use",
    unknown: "function.unknown",
  },
} as const;
export type UseKind = keyof typeof LISTS;

/** Lists by their order number, then by French name. */
const displayOrder = { keys: ["position", "nameFr", "_id"], direction: "asc" } as const;
const displayCursorSchema = z.tuple([z.number().int(), z.string().max(1000), z.string().uuid()]);

/** Runs a write, answering a taken slug with 409 `slug_taken`. */
async function slugChecked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict({ code: "slug_taken" });
    throw error;
  }
}

function createUseService<K extends UseKind, T extends Application | ProductFunction>(db: Db, kind: K) {
  const list = LISTS[kind];
  const { table } = list;
  const columns = columnsOf(table, list.resource as Resource);
  const writes = itemWrites<T, (typeof LISTS)[K]["input"]>({
    db,
    table,
    resource: list.resource,
    type: kind,
    input: list.input,
    label: table.nameFr,
  });
  return {
    ...writes,
    create: (data: Parameters<typeof writes.create>[0], actor?: Actor) => slugChecked(() => writes.create(data, actor)),
    update: (id: string, data: Parameters<typeof writes.update>[1], onChanges?: ChangeSink, actor?: Actor) =>
      slugChecked(() => writes.update(id, data, onChanges, actor)),
    restore: (id: string, snapshot: unknown, seenVersion: number, onChanges?: ChangeSink, actor?: Actor) =>
      slugChecked(() => writes.restore(id, snapshot, seenVersion, onChanges, actor)),

    /** One page of the admin list, keyset on (order, French name, id) (decision 0092). */
    list(query: PageQuery): Promise<Page<T> & { total: number }> {
      return pagedList(db, { table, columns, order: displayOrder, cursor: displayCursorSchema }, query) as Promise<
        Page<T> & { total: number }
      >;
    },

    /**
     * Deletes one no product uses and answers its French name (kept by its history line). One still attached is
     * refused: 409 `<kind>.in_use` naming the products, as certifications (decision 0111).
     */
    async remove(id: string): Promise<string> {
      return db.transaction(async (tx) => {
        const [stored] = await tx.select({ name: table.nameFr }).from(table).where(eq(table._id, id)).for("update");
        if (!stored) throw notFound(list.resource.notFound);
        const attached = await tx
          .select({ _id: products._id, nameFr: products.nameFr })
          .from(list.links)
          .innerJoin(products, eq(products._id, list.links.productId))
          .where(eq(list.linkId, id))
          .orderBy(asc(products.nameFr))
          .limit(50);
        if (attached.length > 0) throw new HttpError(409, { code: list.inUse }, { details: { products: attached } });
        await tx.delete(table).where(eq(table._id, id));
        return stored.name;
      });
    },
  };
}

export const createApplicationService = (db: Db) => createUseService<"application", Application>(db, "application");
export const createFunctionService = (db: Db) => createUseService<"function", ProductFunction>(db, "function");

/** The ids attached to each product, in each product's order. */
export async function linkedIdsOf(executor: Db, kind: UseKind, productIds: string[]): Promise<Map<string, string[]>> {
  const { links, linkId } = LISTS[kind];
  const byProduct = new Map<string, string[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await executor
    .select({ productId: links.productId, id: linkId })
    .from(links)
    .where(inArray(links.productId, productIds))
    .orderBy(asc(links.productId), asc(links.position), asc(linkId));
  for (const row of rows) {
    const found = byProduct.get(row.productId);
    if (found) found.push(row.id);
    else byProduct.set(row.productId, [row.id]);
  }
  return byProduct;
}

/** Which of `ids` still exist (a restore leaves out one deleted since). */
export async function knownUseIds(executor: Db, kind: UseKind, ids: string[]): Promise<Set<string>> {
  const { table } = LISTS[kind];
  if (ids.length === 0) return new Set();
  const rows = await executor.select({ id: table._id }).from(table).where(inArray(table._id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Makes the product's links exactly `ids`, in this order, in the write's transaction; an unknown id is a 400 `<kind>.unknown`. */
export async function replaceProductUses(tx: Db, kind: UseKind, productId: string, ids: string[]): Promise<void> {
  const { links, field, unknown } = LISTS[kind];
  const unique = [...new Set(ids)];
  const known = await knownUseIds(tx, kind, unique);
  if (known.size !== unique.length) throw badRequest({ code: unknown }, field);
  await tx.delete(links).where(eq(links.productId, productId));
  if (unique.length === 0) return;
  const idColumn = kind === "application" ? "applicationId" : "functionId";
  await tx.insert(links).values(unique.map((id, position) => ({ productId, position, [idColumn]: id }) as typeof links.$inferInsert));
}

/** The history line of a change of the product's list: its names before and after, in French. */
export async function usesChange(executor: Db, kind: UseKind, before: string[], after: string[]): Promise<HistoryChange[]> {
  const { table, history } = LISTS[kind];
  const unique = [...new Set(after)];
  if (JSON.stringify(before) === JSON.stringify(unique)) return [];
  const ids = [...new Set([...before, ...unique])];
  const rows =
    ids.length === 0 ? [] : await executor.select({ id: table._id, name: table.nameFr }).from(table).where(inArray(table._id, ids));
  const names = new Map(rows.map((r) => [r.id, r.name] as const));
  const shown = (ids: string[]) => (ids.length === 0 ? null : ids.map((id) => names.get(id) ?? id).join(", "));
  return [{ field: history, before: shown(before), after: shown(unique) }];
}

/** What a product page shows of its uses: the active ones attached, in its order. */
export async function publicUsesOf(executor: Db, kind: UseKind, productId: string): Promise<UseItem[]> {
  const { table, links, linkId } = LISTS[kind];
  return executor
    .select({ _id: table._id, slug: table.slug, nameFr: table.nameFr, nameEn: table.nameEn, isActive: table.isActive })
    .from(links)
    .innerJoin(table, eq(table._id, linkId as AnyPgColumn))
    .where(eq(links.productId, productId))
    .orderBy(asc(links.position))
    .then((rows) => rows.filter((row) => row.isActive));
}
