import { categoryResource } from "@shared/resources/categories";
import { historyFieldsOf } from "@shared/resources/define";
import { type Category, type CategoryData, type CategoryWithCount, categoryInputSchema } from "@shared/schemas/category";
import { categoryPath } from "@shared/schemas/redirect";
import type { TranslationFilter } from "@shared/schemas/translation";
import { needsTranslation } from "@shared/translation-gaps";
import { asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categories, products } from "../../db/schema/index";
import { API_TEXTS } from "../../lib/error-texts";
import { type ChangeSink, fieldChanges, orderChange } from "../../lib/history-changes";
import { badRequest, conflict, isForeignKeyViolation, isUniqueViolation, notFound } from "../../lib/http-error";
import { pathIsLive, recordSlugChange } from "../redirects";
import { flagColumn } from "../translation-flags";
import { lockRow, updateRow, versionedCreate, versionedUpdate } from "../versioned-write";
import { type Actor, snapshotAsInput } from "../versions";

/** The public fields of a category, also embedded in products. */
export const categoryColumns = {
  _id: categories._id,
  slug: categories.slug,
  nameFr: categories.nameFr,
  nameEn: categories.nameEn,
  descriptionFr: categories.descriptionFr,
  descriptionEn: categories.descriptionEn,
  coverImageUrl: categories.coverImageUrl,
  metaTitleFr: categories.metaTitleFr,
  metaTitleEn: categories.metaTitleEn,
  metaDescriptionFr: categories.metaDescriptionFr,
  metaDescriptionEn: categories.metaDescriptionEn,
  position: categories.position,
  version: categories.version,
};

/** The site's order of categories: by position; rows from before positions existed (all 0) keep their creation order. */
export const categoryOrder = [asc(categories.position), asc(categories.createdAt), asc(categories.slug)];

export const CATEGORY_NOT_EMPTY = API_TEXTS["category.not_empty"];
export const WRONG_CATEGORY_IDS = API_TEXTS["category.wrong_ids"];

/** A category's stored fields with its translation flag, computed from them (decision 0121). */
const withFlag = (data: Omit<CategoryData, "version">) => ({ ...data, needsTranslation: needsTranslation(categoryResource, data) });

/** The category fields a history row compares, in the form's order (its declaration's). */
const HISTORY_FIELDS = historyFieldsOf<Category>(categoryResource);

export function createCategoryService(db: Db) {
  async function getById(id: string): Promise<Category | null> {
    const [row] = await db.select(categoryColumns).from(categories).where(eq(categories._id, id)).limit(1);
    return row ?? null;
  }

  function list(): Promise<Category[]> {
    return db
      .select(categoryColumns)
      .from(categories)
      .orderBy(...categoryOrder);
  }

  /** Replaces the fields; with `version`, only if the stored one is still that (else 409 with the stored category). */
  async function update(id: string, input: CategoryData, onChanges?: ChangeSink, actor?: Actor): Promise<Category> {
    const { version, ...data } = input;
    try {
      return await versionedUpdate({
        db,
        type: "category",
        id,
        version,
        actor,
        onChanges,
        read: (tx) => lockRow(tx, categories, categoryColumns, id),
        async write(tx, stored) {
          const updated = await updateRow(tx, categories, categoryColumns, id, version, withFlag(data));
          if (updated && stored.slug !== updated.slug) await recordSlugChange(tx, categoryPath(stored.slug), categoryPath(updated.slug));
          return updated;
        },
        current: () => getById(id),
        changes: (before, after) => fieldChanges(before, after, HISTORY_FIELDS),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict({ code: "slug_taken" });
      throw error;
    }
  }

  return {
    list,
    getById,

    /**
     * The sitemap's categories: only their slug and how many active products they list (so how many pages of
     * `LIMITS.categoryPageSize` cards they have), in the site's order.
     */
    sitemapEntries(): Promise<{ slug: string; activeProducts: number }[]> {
      return db
        .select({
          slug: categories.slug,
          activeProducts:
            sql<number>`count(${products._id}) filter (where ${products.isActive} and (${products.publishAt} is null or ${products.publishAt} <= now()))`.mapWith(
              Number,
            ),
        })
        .from(categories)
        .leftJoin(products, eq(products.categoryId, categories._id))
        .groupBy(categories._id)
        .orderBy(...categoryOrder);
    },

    /** Admin list: every category (or those "À traduire") with its number of products (active or not), in the site's order. */
    listWithCounts(translation?: TranslationFilter): Promise<CategoryWithCount[]> {
      return db
        .select({ ...categoryColumns, productCount: count(products._id), needsTranslation: flagColumn(categories.needsTranslation) })
        .from(categories)
        .leftJoin(products, eq(products.categoryId, categories._id))
        .where(translation === "missing" ? eq(categories.needsTranslation, true) : undefined)
        .groupBy(categories._id)
        .orderBy(...categoryOrder);
    },

    /** A new category goes last. */
    async create(input: CategoryData, actor?: Actor): Promise<Category> {
      const { version: _version, ...data } = input;
      try {
        return await versionedCreate({
          db,
          type: "category",
          actor,
          async insert(tx) {
            const [row] = await tx
              .insert(categories)
              .values({ ...withFlag(data), position: sql`(select coalesce(max(${categories.position}), -1) + 1 from ${categories})` })
              .returning(categoryColumns);
            if (row) await pathIsLive(tx, categoryPath(row.slug));
            return row;
          },
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict({ code: "slug_taken" });
        throw error;
      }
    },

    update,

    /** Restores a kept version as a new one, through `update` (slug redirect included, decision 0106). */
    restore(id: string, snapshot: unknown, seenVersion: number, onChanges?: ChangeSink, actor?: Actor): Promise<Category> {
      return update(id, { ...snapshotAsInput(categoryInputSchema, snapshot), version: seenVersion }, onChanges, actor);
    },
    /** Stores `ids` (every category exactly once) as positions 0..n-1. */
    async reorder(ids: string[], onChanges?: ChangeSink): Promise<Category[]> {
      await db.transaction(async (tx) => {
        const rows = await tx
          .select({ _id: categories._id, position: categories.position, name: categories.nameFr })
          .from(categories)
          .orderBy(...categoryOrder)
          .for("update");
        const given = new Set(ids);
        if (given.size !== ids.length || rows.length !== ids.length || rows.some((r) => !given.has(r._id))) {
          throw badRequest({ code: "category.wrong_ids" }, "ids");
        }
        const positions = new Map(rows.map((r) => [r._id, r.position]));
        for (const [position, id] of ids.entries()) {
          if (positions.get(id) !== position) await tx.update(categories).set({ position }).where(eq(categories._id, id));
        }
        const names = new Map(rows.map((r) => [r._id, r.name]));
        onChanges?.(
          orderChange(
            rows.map((r) => r.name),
            ids.map((id) => names.get(id) ?? id),
          ),
        );
      });
      return list();
    },

    /** Answers the removed category's French name, which its history line keeps. */
    async remove(id: string): Promise<string> {
      const [used] = await db.select({ id: products._id }).from(products).where(eq(products.categoryId, id)).limit(1);
      if (used) throw conflict({ code: "category.not_empty" });
      try {
        const [deleted] = await db.delete(categories).where(eq(categories._id, id)).returning({ name: categories.nameFr });
        if (!deleted) throw notFound("category");
        return deleted.name;
      } catch (error) {
        // A product added to it meanwhile: the foreign key refuses, with the same answer.
        if (isForeignKeyViolation(error)) throw conflict({ code: "category.not_empty" });
        throw error;
      }
    },
  };
}
export type CategoryService = ReturnType<typeof createCategoryService>;
