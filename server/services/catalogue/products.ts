import { LIMITS } from "@shared/limits";
import { historyFieldsOf } from "@shared/resources/define";
import { productResource } from "@shared/resources/products";
import { parseTimestamp } from "@shared/schedule";
import type { Category } from "@shared/schemas/category";
import type { ContentBlock, ContentBlockData } from "@shared/schemas/content-block";
import type { HistoryChange } from "@shared/schemas/history-changes";
import type { PageQuery } from "@shared/schemas/page";
import type {
  CategoryListing,
  Product,
  ProductAdminRow,
  ProductBulkData,
  ProductBulkResult,
  ProductCard,
  ProductData,
  ProductListItem,
  ProductPage,
  ProductPageQuery,
} from "@shared/schemas/product";
import { productInputSchema } from "@shared/schemas/product";
import { productPath } from "@shared/schemas/redirect";
import type { TranslationFilter } from "@shared/schemas/translation";
import { needsTranslation } from "@shared/translation-gaps";
import { and, asc, count, eq, inArray, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { categories, contentBlocks, productDocuments, products } from "../../db/schema/index";
import { foldText } from "../../db/text-fold";
import { type Clock, isoNow, systemClock } from "../../lib/clock";
import { nextVersion } from "../../lib/edit-conflict";
import { apiText } from "../../lib/error-texts";
import { blockChanges, blockSummary, type ChangeSink, fieldChanges } from "../../lib/history-changes";
import { badRequest, conflict, HttpError, isUniqueViolation, notFound } from "../../lib/http-error";
import { decodeCursor, type Page, pageOf } from "../../lib/keyset";
import {
  certificationIdsOf,
  certificationsChange,
  knownCertificationIds,
  publicCertificationsOf,
  replaceProductCertifications,
} from "../certifications";
import { containsPattern } from "../inbox";
import { pathIsLive, recordSlugChange } from "../redirects";
import { flagColumn } from "../translation-flags";
import { knownUseIds, linkedIdsOf, publicUsesOf, replaceProductUses, usesChange } from "../uses";
import { updateRow, versionedCreate, versionedSwitch, versionedUpdate } from "../versioned-write";
import { type Actor, recordVersion, snapshotAsInput } from "../versions";
import { categoryColumns, categoryOrder } from "./categories";
import { assertTablesAgreeWithFacts } from "./table-facts-check";

/** What a product card prints (no blocks, SEO fields or dates); its category's slug is added by `withCategory`. */
export const productCardColumns = {
  _id: products._id,
  slug: products.slug,
  nameFr: products.nameFr,
  nameEn: products.nameEn,
  shortDescriptionFr: products.shortDescriptionFr,
  shortDescriptionEn: products.shortDescriptionEn,
  mainImageUrl: products.mainImageUrl,
  categoryId: products.categoryId,
  isActive: products.isActive,
};
const productColumns = {
  ...productCardColumns,
  metaTitleFr: products.metaTitleFr,
  metaTitleEn: products.metaTitleEn,
  metaDescriptionFr: products.metaDescriptionFr,
  metaDescriptionEn: products.metaDescriptionEn,
  inciName: products.inciName,
  casNumbers: products.casNumbers,
  botanicalName: products.botanicalName,
  originFr: products.originFr,
  originEn: products.originEn,
  formFr: products.formFr,
  formEn: products.formEn,
  packagingFr: products.packagingFr,
  packagingEn: products.packagingEn,
  storageFr: products.storageFr,
  storageEn: products.storageEn,
  moqQuantity: products.moqQuantity,
  moqUnit: products.moqUnit,
  shelfLifeMonths: products.shelfLifeMonths,
  eNumber: products.eNumber,
  eNumberStatus: products.eNumberStatus,
  cosmosStatus: products.cosmosStatus,
  naturalOriginIndex: products.naturalOriginIndex,
  allergenStatementFr: products.allergenStatementFr,
  allergenStatementEn: products.allergenStatementEn,
  gmoStatementFr: products.gmoStatementFr,
  gmoStatementEn: products.gmoStatementEn,
  nagoyaStatementFr: products.nagoyaStatementFr,
  nagoyaStatementEn: products.nagoyaStatementEn,
  nagoyaDocumentId: products.nagoyaDocumentId,
  harvestCountry: products.harvestCountry,
  sampleAvailable: products.sampleAvailable,
  publishAt: products.publishAt,
  version: products.version,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  category: categoryColumns,
};

const withCategory =
  (category: { slug: string }) =>
  (row: Omit<ProductCard, "category">): ProductCard => ({ ...row, category: { slug: category.slug } });

const blockColumns = {
  _id: contentBlocks._id,
  productId: contentBlocks.productId,
  type: contentBlocks.type,
  contentFr: contentBlocks.contentFr,
  contentEn: contentBlocks.contentEn,
  richFr: contentBlocks.richFr,
  richEn: contentBlocks.richEn,
  order: contentBlocks.order,
  imageUrl: contentBlocks.imageUrl,
  tableData: contentBlocks.tableData,
};

/** Catalogue order: categories as listed on the site, then products by name. */
const catalogueOrder = [...categoryOrder, asc(products.nameFr), asc(products.slug)];

/**
 * A position in the catalogue order, for the pages of the admin list and of the public list (decision 0092): the category's position, creation
 * time (as the database wrote it) and slug, then the product's French name and slug (unique, so no two rows share one).
 */
const DATABASE_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;
const catalogueCursorSchema = z.tuple([
  z.number().int(),
  z.string().max(40).regex(DATABASE_TIMESTAMP),
  z.string().max(LIMITS.slugMax),
  z.string().max(LIMITS.nameMax),
  z.string().max(LIMITS.slugMax),
]);
type CatalogueCursor = z.output<typeof catalogueCursorSchema>;

/** Rows after `position` in the catalogue order (every key ascending, so one row comparison). */
const afterInCatalogue = ([position, createdAt, categorySlug, nameFr, slug]: CatalogueCursor) =>
  sql`(${categories.position}, ${categories.createdAt}, ${categories.slug}, ${products.nameFr}, ${products.slug}) > (${position}::integer, ${createdAt}::timestamptz, ${categorySlug}, ${nameFr}, ${slug})`;

export type ProductSearch = { q?: string | undefined; categoryId?: string | undefined; translation?: TranslationFilter };

/**
 * `q` as one piece (the admin screen's search box), found in the French name, the English name or the slug, accents,
 * case and ligatures aside: in the stored folded text of the three, which a trigram index answers.
 */
function searchCondition(search: ProductSearch): SQL | undefined {
  return and(
    search.q ? sql`${products.searchText} like ${containsPattern(foldText(search.q))} escape '\\'` : undefined,
    search.categoryId ? eq(products.categoryId, search.categoryId) : undefined,
    search.translation === "missing" ? eq(products.needsTranslation, true) : undefined,
  );
}

type BlockRow = Omit<ContentBlockData, "order">;

/** Sorts blocks by their requested `order` (array position when absent), keeping ties in array order. */
function inRequestedOrder(blocks: ContentBlockData[]): BlockRow[] {
  return blocks
    .map((block, index) => ({ block, key: block.order ?? index, index }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map(({ block: { order: _order, ...rest } }) => rest);
}

/** A block row to insert: any `_id` given by the client is dropped (ids are made by the database). */
const newBlock = ({ _id: _ignored, ...block }: BlockRow) => block;

/** The product fields a history row compares, in the form's order (its declaration's); the category by its French name. */
const HISTORY_FIELDS = historyFieldsOf<Product>(productResource);

/** What a save changed: the fields, then the content blocks (docs/decisions/0084-history-rows-say-what-changed.md). */
function productChanges(before: Product, after: Product) {
  const named = (p: Product) => ({ ...p, category: p.category?.nameFr ?? p.categoryId });
  return [...fieldChanges(named(before), named(after), HISTORY_FIELDS), ...blockChanges(before.contentBlocks, after.contentBlocks)];
}

/** A public product: active, and published (no `publishAt`, or one the clock has reached). Also the public search's. */
export const publicProduct = (clock: Clock): SQL =>
  and(eq(products.isActive, true), or(isNull(products.publishAt), lte(products.publishAt, isoNow(clock)))) as SQL;

export function createProductService(db: Db, clock: Clock = systemClock) {
  const isPublic = (): SQL => publicProduct(clock);

  async function withBlocks(
    rows: Omit<Product, "contentBlocks" | "certificationIds" | "applicationIds" | "functionIds">[],
    executor: Db = db,
  ): Promise<Product[]> {
    if (rows.length === 0) return [];
    const blocks: ContentBlock[] = await executor
      .select(blockColumns)
      .from(contentBlocks)
      .where(
        inArray(
          contentBlocks.productId,
          rows.map((r) => r._id),
        ),
      )
      .orderBy(asc(contentBlocks.productId), asc(contentBlocks.order));
    const byProduct = new Map<string, ContentBlock[]>();
    for (const block of blocks) {
      const list = byProduct.get(block.productId);
      if (list) list.push(block);
      else byProduct.set(block.productId, [block]);
    }
    const certified = await certificationIdsOf(
      executor,
      rows.map((r) => r._id),
    );
    const ids = rows.map((r) => r._id);
    const [applied, functioned] = [await linkedIdsOf(executor, "application", ids), await linkedIdsOf(executor, "function", ids)];
    return rows.map((row) => ({
      ...row,
      contentBlocks: byProduct.get(row._id) ?? [],
      certificationIds: certified.get(row._id) ?? [],
      applicationIds: applied.get(row._id) ?? [],
      functionIds: functioned.get(row._id) ?? [],
    }));
  }

  /** Products in the catalogue order, without their content blocks (what lists print). */
  function findRows(where: SQL | undefined, limit?: number, executor: Db = db): Promise<ProductListItem[]> {
    const query = executor
      .select(productColumns)
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories._id))
      .where(where)
      .orderBy(...catalogueOrder);
    return limit === undefined ? query : query.limit(limit);
  }

  async function find(where: SQL | undefined, limit?: number, executor: Db = db): Promise<Product[]> {
    return withBlocks(await findRows(where, limit, executor), executor);
  }

  /**
   * The cards of one category's active products by name (the catalogue order inside a category), only the columns a
   * card prints, read in order from `products_category_name_idx` (no join, no sort).
   */
  function cardsOf(category: { _id: string; slug: string }, except?: string) {
    return db
      .select(productCardColumns)
      .from(products)
      .where(and(eq(products.categoryId, category._id), isPublic(), except === undefined ? undefined : ne(products._id, except)))
      .orderBy(asc(products.nameFr), asc(products.slug));
  }

  /** `executor`: the transaction when read inside one (PGlite has one connection). */
  async function findOne(where: SQL | undefined, executor: Db = db): Promise<Product | null> {
    const [product] = await find(where, 1, executor);
    return product ?? null;
  }

  /** The public page of a public product, or of any one with `includeInactive` (the admin preview). */
  async function productPage(slug: string, { includeInactive = false } = {}): Promise<ProductPage | null> {
    const product = await findOne(includeInactive ? eq(products.slug, slug) : and(eq(products.slug, slug), isPublic()));
    if (!product) return null;
    const category = { _id: product.categoryId, slug: product.category?.slug ?? "" };
    const similarProducts = (await cardsOf(category, product._id).limit(LIMITS.similarProducts)).map(withCategory(category));
    const certifications = await publicCertificationsOf(db, clock, product._id);
    const applications = await publicUsesOf(db, "application", product._id);
    const functions = await publicUsesOf(db, "function", product._id);
    return { product, contentBlocks: product.contentBlocks, similarProducts, certifications, applications, functions };
  }

  /** Runs a write in one transaction, with the same 409 answer to a taken slug for every write. */
  async function write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction((tx) => work(tx));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict({ code: "slug_taken" });
      throw error;
    }
  }

  /** The Nagoya/ABS document must be one of the product's own documents (decision 0124): else 422 `product.nagoya_document`. */
  async function assertNagoyaDocument(tx: Db, productId: string | null, documentId: string | null): Promise<void> {
    if (documentId === null) return;
    const [document] = await tx
      .select({ productId: productDocuments.productId })
      .from(productDocuments)
      .where(eq(productDocuments._id, documentId))
      .limit(1);
    if (!document || document.productId !== productId) {
      const coded = { code: "product.nagoya_document" } as const;
      throw new HttpError(422, coded, { details: [{ path: "nagoyaDocumentId", message: apiText(coded) }] });
    }
  }

  /** Makes the product's applications and functions the input's, and says what changed for its history line. */
  async function writeUses(tx: Db, productId: string, data: ProductData, stored?: Product): Promise<HistoryChange[]> {
    await replaceProductUses(tx, "application", productId, data.applicationIds);
    await replaceProductUses(tx, "function", productId, data.functionIds);
    if (!stored) return [];
    return [
      ...(await usesChange(tx, "application", stored.applicationIds, data.applicationIds)),
      ...(await usesChange(tx, "function", stored.functionIds, data.functionIds)),
    ];
  }

  async function assertCategory(tx: Db, categoryId: string): Promise<void> {
    const [category] = await tx.select({ id: categories._id }).from(categories).where(eq(categories._id, categoryId)).limit(1);
    if (!category) throw badRequest({ code: "category.unknown" }, "categoryId");
  }

  /** Locks the product row so concurrent writes of one product run one after the other (404 when there is none). */
  async function lockProduct(tx: Db, productId: string): Promise<void> {
    const [row] = await tx.select({ id: products._id }).from(products).where(eq(products._id, productId)).for("update");
    if (!row) throw notFound("product");
  }

  /** Marks the product changed: a new version and update time (block edits included). */
  async function touchProduct(tx: Db, productId: string): Promise<void> {
    await tx.update(products).set(nextVersion(products)).where(eq(products._id, productId));
  }

  async function insertBlocks(tx: Db, productId: string, blocks: BlockRow[]): Promise<void> {
    if (blocks.length === 0) return;
    await tx.insert(contentBlocks).values(blocks.map((block, order) => ({ ...newBlock(block), productId, order })));
  }

  /**
   * Makes the product's blocks exactly `blocks`, in this order: a block whose `_id` is one of the product's is updated
   * in place (same id), any other is inserted, the product's blocks not listed are deleted. Positions become 0..n-1.
   */
  async function replaceBlocks(tx: Db, productId: string, blocks: BlockRow[]): Promise<void> {
    const existing = new Set(
      (await tx.select({ _id: contentBlocks._id }).from(contentBlocks).where(eq(contentBlocks.productId, productId))).map((b) => b._id),
    );
    const kept = new Set<string>();
    const writes = blocks.map((block, order) => {
      // An id listed twice is kept by its first block; the second becomes a new block.
      const keep = block._id !== undefined && existing.has(block._id) && !kept.has(block._id);
      if (keep && block._id) kept.add(block._id);
      return { block, order, keep };
    });
    const removed = [...existing].filter((id) => !kept.has(id));
    if (removed.length > 0) await tx.delete(contentBlocks).where(inArray(contentBlocks._id, removed));
    for (const { block, order, keep } of writes) {
      if (keep && block._id) {
        await tx
          .update(contentBlocks)
          .set({ ...newBlock(block), order })
          .where(eq(contentBlocks._id, block._id));
      }
    }
    const inserted = writes.filter((w) => !w.keep).map(({ block, order }) => ({ ...newBlock(block), productId, order }));
    if (inserted.length > 0) await tx.insert(contentBlocks).values(inserted);
  }

  /** Stores `ids` as the block order 0..n-1, touching only blocks whose position changed. */
  async function renumber(tx: Db, productId: string, ids: string[]): Promise<void> {
    const current = await tx
      .select({ _id: contentBlocks._id, order: contentBlocks.order })
      .from(contentBlocks)
      .where(eq(contentBlocks.productId, productId));
    const positions = new Map(current.map((b) => [b._id, b.order]));
    for (const [order, id] of ids.entries()) {
      if (positions.get(id) !== order) await tx.update(contentBlocks).set({ order }).where(eq(contentBlocks._id, id));
    }
    await touchProduct(tx, productId);
  }

  async function orderedBlockIds(tx: Db, productId: string): Promise<string[]> {
    const rows = await tx
      .select({ _id: contentBlocks._id })
      .from(contentBlocks)
      .where(eq(contentBlocks.productId, productId))
      .orderBy(asc(contentBlocks.order), asc(contentBlocks._id));
    return rows.map((r) => r._id);
  }

  const clampPosition = (position: number | undefined, length: number) => Math.min(position ?? length, length);

  async function getBlock(productId: string, blockId: string): Promise<ContentBlock> {
    const [block] = await db
      .select(blockColumns)
      .from(contentBlocks)
      .where(and(eq(contentBlocks._id, blockId), eq(contentBlocks.productId, productId)))
      .limit(1);
    if (!block) throw notFound("content_block");
    return block;
  }

  function productFields(data: ProductData) {
    const {
      contentBlocks: _blocks,
      certificationIds: _certifications,
      applicationIds: _applications,
      functionIds: _functions,
      version: _version,
      publishAt,
      ...fields
    } = data;
    return { ...fields, publishAt: publishAt ?? null, needsTranslation: needsTranslation(productResource, data) };
  }

  /** Stores the product as it now is (with its blocks) as a version, in the write's transaction (decision 0106). */
  async function keepVersion(tx: Db, id: string, actor: Actor | undefined): Promise<Product> {
    const product = await findOne(eq(products._id, id), tx);
    if (!product) throw notFound("product");
    // A block route changed its blocks: their texts count in its translation flag too.
    await tx
      .update(products)
      .set({ needsTranslation: needsTranslation(productResource, product) })
      .where(eq(products._id, id));
    await recordVersion(tx, { type: "product", id, version: product.version, snapshot: product, actor });
    return product;
  }

  /**
   * Full replace: every field and the whole list of content blocks (kept by id, see `replaceBlocks`). With
   * `version`, refused (409) when the product changed since that version.
   */
  async function update(id: string, data: ProductData, onChanges?: ChangeSink, actor?: Actor): Promise<Product> {
    assertTablesAgreeWithFacts(data, data.contentBlocks);
    let partChanges: HistoryChange[] = [];
    return versionedUpdate({
      db,
      transaction: write,
      type: "product",
      id,
      version: data.version,
      actor,
      onChanges,
      async read(tx) {
        await lockProduct(tx, id);
        return findOne(eq(products._id, id), tx);
      },
      async write(tx, stored) {
        await assertCategory(tx, data.categoryId);
        await assertNagoyaDocument(tx, id, data.nagoyaDocumentId);
        await tx
          .update(products)
          .set({ ...productFields(data), ...nextVersion(products) })
          .where(eq(products._id, id));
        if (stored.slug !== data.slug) await recordSlugChange(tx, productPath(stored.slug), productPath(data.slug));
        await replaceBlocks(tx, id, inRequestedOrder(data.contentBlocks));
        await replaceProductCertifications(tx, id, data.certificationIds);
        partChanges = await certificationsChange(tx, stored.certificationIds, data.certificationIds);
        partChanges.push(...(await writeUses(tx, id, data, stored)));
        return findOne(eq(products._id, id), tx);
      },
      current: () => findOne(eq(products._id, id)),
      changes: (before, after) => [...productChanges(before, after), ...partChanges],
    });
  }

  /**
   * One page of the public list: active products (optionally of one category) without their blocks, in the
   * catalogue order, `limit` after the `cursor`'s position (keyset, decision 0092).
   */
  async function listActive({ categoryId, limit, cursor }: ProductPageQuery): Promise<Page<ProductListItem>> {
    const position = cursor === undefined ? undefined : decodeCursor(cursor, catalogueCursorSchema);
    const rows = await db
      .select({ ...productColumns, categoryCreatedAt: categories.createdAt })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories._id))
      .where(
        and(isPublic(), categoryId === undefined ? undefined : eq(products.categoryId, categoryId), position && afterInCatalogue(position)),
      )
      .orderBy(...catalogueOrder)
      .limit(limit + 1);
    const page = pageOf(rows, limit, (row) => [row.category.position, row.categoryCreatedAt, row.category.slug, row.nameFr, row.slug]);
    return { ...page, items: page.items.map(({ categoryCreatedAt: _created, ...row }) => row) };
  }

  return {
    listActive,

    /** Slug and last change of every active product, in the catalogue order (the sitemap). */
    activeSlugs(): Promise<{ slug: string; updatedAt: string }[]> {
      return db
        .select({ slug: products.slug, updatedAt: products.updatedAt })
        .from(products)
        .innerJoin(categories, eq(products.categoryId, categories._id))
        .where(isPublic())
        .orderBy(...catalogueOrder);
    },

    /**
     * One page of every product, inactive ones included (the admin list), in the catalogue order, without content
     * blocks; `q` and `categoryId` narrow it, and `total` counts every product they match.
     */
    async listPage(search: ProductSearch & PageQuery): Promise<Page<ProductAdminRow> & { total: number }> {
      const where = searchCondition(search);
      const position = search.cursor === undefined ? undefined : decodeCursor(search.cursor, catalogueCursorSchema);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ ...productColumns, needsTranslation: flagColumn(products.needsTranslation), categoryCreatedAt: categories.createdAt })
          .from(products)
          .innerJoin(categories, eq(products.categoryId, categories._id))
          .where(and(where, position && afterInCatalogue(position)))
          .orderBy(...catalogueOrder)
          .limit(search.limit + 1),
        db.select({ n: count() }).from(products).where(where),
      ]);
      const page = pageOf(rows, search.limit, (row) => [
        row.category.position,
        row.categoryCreatedAt,
        row.category.slug,
        row.nameFr,
        row.slug,
      ]);
      return { ...page, items: page.items.map(({ categoryCreatedAt: _created, ...row }) => row), total: counted?.n ?? 0 };
    },

    getById(id: string): Promise<Product | null> {
      return findOne(eq(products._id, id));
    },

    productPage,

    /** These public products with their blocks, in the catalogue order (the catalogue PDF reads them by batches). */
    publicWithBlocks(ids: readonly string[]): Promise<Product[]> {
      return ids.length === 0 ? Promise.resolve([]) : find(and(inArray(products._id, [...ids]), isPublic()));
    },

    /** Whether visitors see this product now (active, and its publication time reached). */
    isPublic(product: Pick<Product, "isActive" | "publishAt">): boolean {
      if (!product.isActive) return false;
      if (!product.publishAt) return true;
      const at = parseTimestamp(product.publishAt);
      return at === null || at <= clock();
    },

    /**
     * `GET /api/categories/:slug`: the category and one page of its active products (the public list's page,
     * `limit` after the `cursor`'s position, decision 0092), with how many active products it has in all.
     */
    async categoryPage(slug: string, query: PageQuery): Promise<(Page<ProductListItem> & { category: Category; total: number }) | null> {
      const [category] = await db.select(categoryColumns).from(categories).where(eq(categories.slug, slug)).limit(1);
      if (!category) return null;
      const [page, [counted]] = await Promise.all([
        listActive({ ...query, categoryId: category._id }),
        db
          .select({ total: count() })
          .from(products)
          .where(and(eq(products.categoryId, category._id), isPublic())),
      ]);
      return { ...page, category, total: counted?.total ?? 0 };
    },

    /**
     * Page `page` (from 1) of the server-rendered category page: `LIMITS.categoryPageSize` cards by name (LIMIT/OFFSET
     * on the category's active products, read in order from `products_category_name_idx`). Null for an unknown
     * category, and for a page after the last (page 1 of an empty category exists: it says so).
     */
    async categoryListing(slug: string, page: number): Promise<CategoryListing | null> {
      const [category] = await db.select(categoryColumns).from(categories).where(eq(categories.slug, slug)).limit(1);
      if (!category) return null;
      const size = LIMITS.categoryPageSize;
      const [[counted], rows] = await Promise.all([
        db
          .select({ total: count() })
          .from(products)
          .where(and(eq(products.categoryId, category._id), isPublic())),
        cardsOf(category)
          .limit(size)
          .offset((page - 1) * size),
      ]);
      const total = counted?.total ?? 0;
      const pageCount = Math.max(1, Math.ceil(total / size));
      if (page > pageCount) return null;
      return { category, products: rows.map(withCategory(category)), total, page, pageCount };
    },

    async counts(): Promise<{ active: number; total: number }> {
      const [row] = await db
        .select({ total: count(), active: sql<number>`count(*) filter (where ${products.isActive})`.mapWith(Number) })
        .from(products);
      return { active: row?.active ?? 0, total: row?.total ?? 0 };
    },

    async create(data: ProductData, actor?: Actor): Promise<Product> {
      assertTablesAgreeWithFacts(data, data.contentBlocks);
      return versionedCreate({
        db,
        transaction: write,
        type: "product",
        actor,
        async insert(tx) {
          await assertCategory(tx, data.categoryId);
          // A new product has no document yet: any Nagoya document is another product's.
          await assertNagoyaDocument(tx, null, data.nagoyaDocumentId);
          const [row] = await tx.insert(products).values(productFields(data)).returning({ _id: products._id });
          if (!row) return null;
          await pathIsLive(tx, productPath(data.slug));
          await insertBlocks(tx, row._id, inRequestedOrder(data.contentBlocks));
          await replaceProductCertifications(tx, row._id, data.certificationIds);
          await writeUses(tx, row._id, data);
          return findOne(eq(products._id, row._id), tx);
        },
      });
    },

    update,

    /**
     * Restores a stored version as a new one (decision 0106): its fields and blocks go through `update` (same
     * validation, category check, slug redirect, 409 on a stale `seenVersion` or a slug taken since), block ids kept
     * where the block still exists. 422 `version.unusable` when the snapshot no longer passes the product's validation.
     */
    async restore(id: string, snapshot: unknown, seenVersion: number, onChanges?: ChangeSink, actor?: Actor): Promise<Product> {
      const data = snapshotAsInput(productInputSchema, snapshot);
      // A certification deleted since the version was kept is left out (decision 0111).
      const known = await knownCertificationIds(db, data.certificationIds);
      // So are an application or a function deleted since, and a Nagoya document deleted since (decision 0124).
      const knownApplications = await knownUseIds(db, "application", data.applicationIds);
      const knownFunctions = await knownUseIds(db, "function", data.functionIds);
      const [document] = data.nagoyaDocumentId
        ? await db.select({ _id: productDocuments._id }).from(productDocuments).where(eq(productDocuments._id, data.nagoyaDocumentId))
        : [];
      return update(
        id,
        {
          ...data,
          certificationIds: data.certificationIds.filter((c) => known.has(c)),
          applicationIds: data.applicationIds.filter((a) => knownApplications.has(a)),
          functionIds: data.functionIds.filter((f) => knownFunctions.has(f)),
          nagoyaDocumentId: document ? data.nagoyaDocumentId : null,
          version: seenVersion,
        },
        onChanges,
        actor,
      );
    },

    /** The active switch: changes only `isActive`. */
    setActive(id: string, isActive: boolean, onChanges?: ChangeSink, actor?: Actor): Promise<Product> {
      return versionedSwitch({
        db,
        type: "product",
        id,
        actor,
        onChanges,
        read: async (tx) => (await tx.select({ isActive: products.isActive }).from(products).where(eq(products._id, id)))[0],
        async write(tx) {
          const updated = await updateRow(tx, products, { id: products._id }, id, undefined, { isActive });
          return updated ? findOne(eq(products._id, id), tx) : null;
        },
        changes: (before, after) => fieldChanges(before, { isActive: after.isActive }, ["isActive"]),
      });
    },

    /**
     * One action on several products in one transaction: all of them or none. Every id must name a product (404
     * naming the missing ones in `details.missing`), `move` an existing category (400 `category.unknown`). Answers
     * how many products were named and the French name of each, for the history rows.
     */
    async bulk(input: ProductBulkData): Promise<ProductBulkResult & { names: string[]; categoryName?: string }> {
      const { ids, action, categoryId } = input;
      return db.transaction(async (tx) => {
        const found = await tx
          .select({ id: products._id, name: products.nameFr })
          .from(products)
          .where(inArray(products._id, ids))
          .orderBy(asc(products.nameFr), asc(products._id))
          .for("update");
        if (found.length !== ids.length) {
          const known = new Set(found.map((row) => row.id));
          throw new HttpError(
            404,
            { code: "not_found", params: { item: "product" } },
            { details: { missing: ids.filter((id) => !known.has(id)) } },
          );
        }
        const where = inArray(products._id, ids);
        const names = found.map((row) => row.name);
        if (action === "delete") await tx.delete(products).where(where);
        else if (action === "move") {
          const [category] = categoryId
            ? await tx.select({ name: categories.nameFr }).from(categories).where(eq(categories._id, categoryId)).limit(1)
            : [];
          if (!category || !categoryId) throw badRequest({ code: "category.unknown" }, "categoryId");
          await tx
            .update(products)
            .set({ categoryId, ...nextVersion(products) })
            .where(where);
          return { action, count: found.length, names, categoryName: category.name };
        } else
          await tx
            .update(products)
            .set({ isActive: action === "activate", ...nextVersion(products) })
            .where(where);
        return { action, count: found.length, names };
      });
    },

    /** Answers the removed product's French name, which its history line keeps. */
    async remove(id: string): Promise<string> {
      const [deleted] = await db.delete(products).where(eq(products._id, id)).returning({ name: products.nameFr });
      if (!deleted) throw notFound("product");
      return deleted.name;
    },

    /** Appends the block, or inserts it at `order` when given; blocks are then numbered 0..n-1. */
    async addBlock(productId: string, input: ContentBlockData, onChanges?: ChangeSink, actor?: Actor): Promise<ContentBlock> {
      const { order: position, ...block } = input;
      const blockId = await write(async (tx) => {
        await lockProduct(tx, productId);
        const ids = await orderedBlockIds(tx, productId);
        const product = await findOne(eq(products._id, productId), tx);
        if (product) assertTablesAgreeWithFacts(product, [block], clampPosition(position, ids.length));
        const [row] = await tx
          .insert(contentBlocks)
          .values({ ...newBlock(block), productId, order: ids.length })
          .returning({ _id: contentBlocks._id });
        if (!row) throw new Error("insert returned nothing");
        ids.splice(clampPosition(position, ids.length), 0, row._id);
        await renumber(tx, productId, ids);
        await keepVersion(tx, productId, actor);
        return row._id;
      });
      const added = await getBlock(productId, blockId);
      onChanges?.([{ field: "block.added", before: null, after: blockSummary(added) }]);
      return added;
    },

    /** Replaces the block's fields; moves it when `order` is given. */
    async updateBlock(
      productId: string,
      blockId: string,
      input: ContentBlockData,
      onChanges?: ChangeSink,
      actor?: Actor,
    ): Promise<ContentBlock> {
      const { order: position, ...block } = input;
      const changed = await write(async (tx) => {
        await lockProduct(tx, productId);
        const stored = await tx.select(blockColumns).from(contentBlocks).where(eq(contentBlocks.productId, productId));
        const product = await findOne(eq(products._id, productId), tx);
        if (product)
          assertTablesAgreeWithFacts(
            product,
            [block],
            product.contentBlocks.findIndex((b) => b._id === blockId),
          );
        const updated = await tx
          .update(contentBlocks)
          .set(newBlock(block))
          .where(and(eq(contentBlocks._id, blockId), eq(contentBlocks.productId, productId)))
          .returning({ _id: contentBlocks._id });
        if (updated.length === 0) throw notFound("content_block");
        const ids = await orderedBlockIds(tx, productId);
        if (position !== undefined) {
          const others = ids.filter((id) => id !== blockId);
          others.splice(clampPosition(position, others.length), 0, blockId);
          await renumber(tx, productId, others);
        } else {
          await renumber(tx, productId, ids);
        }
        await keepVersion(tx, productId, actor);
        const blocks = () =>
          tx.select(blockColumns).from(contentBlocks).where(eq(contentBlocks.productId, productId)).orderBy(asc(contentBlocks.order));
        return [stored.sort((x, y) => x.order - y.order), await blocks()] as const;
      });
      onChanges?.(blockChanges(...changed));
      return getBlock(productId, blockId);
    },

    async removeBlock(productId: string, blockId: string, onChanges?: ChangeSink, actor?: Actor): Promise<void> {
      const removed = await write(async (tx) => {
        await lockProduct(tx, productId);
        const [deleted] = await tx
          .delete(contentBlocks)
          .where(and(eq(contentBlocks._id, blockId), eq(contentBlocks.productId, productId)))
          .returning(blockColumns);
        if (!deleted) throw notFound("content_block");
        await renumber(tx, productId, await orderedBlockIds(tx, productId));
        await keepVersion(tx, productId, actor);
        return deleted;
      });
      onChanges?.([{ field: "block.removed", before: blockSummary(removed), after: null }]);
    },
  };
}
export type ProductService = ReturnType<typeof createProductService>;
