import { z } from "zod";
import { LIMITS } from "../limits";
import type { Category } from "./category";
import {
  chosenIdSchema,
  idSchema,
  imageUrlSchema,
  requiredText,
  type SeoFields,
  seoFieldsSchema,
  slugSchema,
  versionSchema,
} from "./common";
import { type ContentBlock, contentBlockInputSchema } from "./content-block";

export const productInputSchema = seoFieldsSchema.extend({
  slug: slugSchema,
  nameFr: requiredText(LIMITS.nameMax),
  nameEn: requiredText(LIMITS.nameMax),
  shortDescriptionFr: requiredText(LIMITS.productShortDescription),
  shortDescriptionEn: requiredText(LIMITS.productShortDescription),
  mainImageUrl: imageUrlSchema,
  categoryId: z.union([chosenIdSchema("Catégorie requise / Category is required"), z.object({ _id: idSchema }).transform((c) => c._id)]),
  isActive: z.boolean().default(true),
  contentBlocks: z.array(contentBlockInputSchema).max(100).default([]),
  /** The version the edit started from (PUT only); a different stored version answers 409. */
  version: versionSchema.optional(),
});
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductData = z.output<typeof productInputSchema>;

export const productListQuerySchema = z.object({ categoryId: idSchema.optional() });

export type Product = SeoFields & {
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
  version: number;
  createdAt: string;
  updatedAt: string;
};

/** GET /products/{slug} */
export type ProductPage = { product: Product; contentBlocks: ContentBlock[]; similarProducts: Product[] };

/** POST /products/{id}/preview: the public page of the product, openable while inactive for an hour. */
export type PreviewLink = { url: string };
/** GET /categories/{slug} */
export type CategoryPage = { category: Category; products: Product[] };
