import { asc, eq } from "drizzle-orm";
import type { Category, CategoryInput } from "../../../shared/schemas/category";
import { categoryInputSchema } from "../../../shared/schemas/category";
import type { Db } from "../../db/client";
import { categories, products } from "../../db/schema/index";
import { conflict, HttpError, isUniqueViolation, notFound } from "../../lib/http-error";

/** The public fields of a category, also embedded in products. */
export const categoryColumns = {
  _id: categories._id,
  slug: categories.slug,
  nameFr: categories.nameFr,
  nameEn: categories.nameEn,
  descriptionFr: categories.descriptionFr,
  descriptionEn: categories.descriptionEn,
  coverImageUrl: categories.coverImageUrl,
};

export const SLUG_TAKEN = "Ce slug est déjà utilisé / This slug is already used";

export function createCategoryService(db: Db) {
  return {
    list(): Promise<Category[]> {
      return db.select(categoryColumns).from(categories).orderBy(asc(categories.createdAt), asc(categories.slug));
    },

    async getBySlug(slug: string): Promise<Category | null> {
      const [row] = await db.select(categoryColumns).from(categories).where(eq(categories.slug, slug)).limit(1);
      return row ?? null;
    },

    async getById(id: string): Promise<Category | null> {
      const [row] = await db.select(categoryColumns).from(categories).where(eq(categories._id, id)).limit(1);
      return row ?? null;
    },

    async create(input: CategoryInput): Promise<Category> {
      const data = categoryInputSchema.parse(input);
      try {
        const [row] = await db.insert(categories).values(data).returning(categoryColumns);
        if (!row) throw new Error("insert returned nothing");
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN);
        throw error;
      }
    },

    async update(id: string, input: CategoryInput): Promise<Category> {
      const data = categoryInputSchema.parse(input);
      try {
        const [row] = await db
          .update(categories)
          .set({ ...data, updatedAt: new Date().toISOString() })
          .where(eq(categories._id, id))
          .returning(categoryColumns);
        if (!row) throw notFound("Category");
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN);
        throw error;
      }
    },

    async remove(id: string): Promise<void> {
      const [used] = await db.select({ id: products._id }).from(products).where(eq(products.categoryId, id)).limit(1);
      if (used) throw new HttpError(409, "Cette catégorie contient des produits / This category still has products");
      const deleted = await db.delete(categories).where(eq(categories._id, id)).returning({ id: categories._id });
      if (deleted.length === 0) throw notFound("Category");
    },
  };
}
export type CategoryService = ReturnType<typeof createCategoryService>;
