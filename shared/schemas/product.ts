import { z } from "zod";
import { LIMITS } from "../limits";
import type { Category } from "./category";
import { idSchema, imageUrlSchema, requiredText, slugSchema } from "./common";
import { type ContentBlock, contentBlockInputSchema } from "./content-block";

export const productInputSchema = z.object({
  slug: slugSchema,
  nameFr: requiredText(LIMITS.nameMax),
  nameEn: requiredText(LIMITS.nameMax),
  shortDescriptionFr: requiredText(LIMITS.productShortDescription),
  shortDescriptionEn: requiredText(LIMITS.productShortDescription),
  mainImageUrl: imageUrlSchema,
  categoryId: z.union([idSchema, z.object({ _id: idSchema }).transform((c) => c._id)]),
  isActive: z.boolean().default(true),
  contentBlocks: z.array(contentBlockInputSchema).max(100).default([]),
});
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductData = z.output<typeof productInputSchema>;

export const productListQuerySchema = z.object({ categoryId: idSchema.optional() });

export type Product = {
  _id: string;
  slug: string;
  nameFr: string;
  nameEn: string;
  shortDescriptionFr: string;
  shortDescriptionEn: string;
  mainImageUrl: string;
  categoryId: string;
  category: Category | null;
  isActive: boolean;
  contentBlocks: ContentBlock[];
  createdAt: string;
  updatedAt: string;
};

/** GET /products/{slug} */
export type ProductPage = { product: Product; contentBlocks: ContentBlock[]; similarProducts: Product[] };
/** GET /categories/{slug} */
export type CategoryPage = { category: Category; products: Product[] };
