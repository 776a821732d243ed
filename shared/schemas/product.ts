import { z } from "zod";
import { LIMITS } from "../limits";
import { productFactsOutputSchema, productFactsSchema } from "../product-facts";
import { regulatoryFactsOutputSchema, regulatoryFactsSchema } from "../regulatory-facts";
import { useItemSchema } from "../resources/uses";
import { scheduleTimeSchema } from "../schedule";
import { msg } from "../validation-messages";
import { categorySchema } from "./category";
import { publicCertificationSchema } from "./certification";
import {
  chosenIdSchema,
  idSchema,
  imageUrlSchema,
  requiredText,
  searchQuerySchema,
  seoFieldsSchema,
  slugSchema,
  timestampSchema,
  versionSchema,
} from "./common";
import { contentBlockInputSchema, contentBlockSchema } from "./content-block";
import { pageQuerySchema } from "./page";
import { needsTranslationSchema, translationFilterSchema } from "./translation";

export const productInputSchema = seoFieldsSchema.extend({
  slug: slugSchema,
  nameFr: requiredText(LIMITS.nameMax),
  nameEn: requiredText(LIMITS.nameMax),
  shortDescriptionFr: requiredText(LIMITS.productShortDescription),
  shortDescriptionEn: requiredText(LIMITS.productShortDescription),
  mainImageUrl: imageUrlSchema,
  categoryId: z.union([chosenIdSchema(msg("category.required")), z.object({ _id: idSchema }).transform((c) => c._id)]),
  isActive: z.boolean().default(true),
  /** An active product is public from this instant on (null or absent: at once); ISO, or site-local time. */
  publishAt: scheduleTimeSchema,
  contentBlocks: z.array(contentBlockInputSchema).max(100).default([]),
  /** The certifications shown on its page, in this order (decision 0111). */
  certificationIds: z
    .array(idSchema)
    .max(50, msg("product.certifications_max", { max: 50 }))
    .default([]),
  /** The applications and functions it serves, from their managed lists (decision 0124), in this order. */
  applicationIds: z
    .array(idSchema)
    .max(50, msg("product.applications_max", { max: 50 }))
    .default([]),
  functionIds: z
    .array(idSchema)
    .max(50, msg("product.functions_max", { max: 50 }))
    .default([]),
  /** The version the edit started from (PUT only); a different stored version answers 409. */
  version: versionSchema.optional(),
  /** Key facts (decision 0110), all optional. */
  ...productFactsSchema.shape,
  /** Regulatory facts (decision 0124), all optional. */
  ...regulatoryFactsSchema.shape,
});
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductData = z.output<typeof productInputSchema>;

export const productListQuerySchema = z.object({ categoryId: idSchema.optional() });

export const productSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  nameFr: z.string(),
  nameEn: z.string(),
  shortDescriptionFr: z.string(),
  shortDescriptionEn: z.string(),
  mainImageUrl: z.string(),
  categoryId: z.string(),
  category: categorySchema.nullable(),
  isActive: z.boolean(),
  publishAt: timestampSchema.nullable(),
  contentBlocks: z.array(contentBlockSchema),
  /** Every attached certification, expired ones included (decision 0111). */
  certificationIds: z.array(z.string()),
  applicationIds: z.array(z.string()),
  functionIds: z.array(z.string()),
  metaTitleFr: z.string(),
  metaTitleEn: z.string(),
  metaDescriptionFr: z.string(),
  metaDescriptionEn: z.string(),
  ...productFactsOutputSchema.shape,
  ...regulatoryFactsOutputSchema.shape,
  version: z.number(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Product = z.output<typeof productSchema>;
/** A product in a list (admin list, catalogue, similar products): every field but its content blocks. */
export const productListItemSchema = productSchema.omit({
  contentBlocks: true,
  certificationIds: true,
  applicationIds: true,
  functionIds: true,
});
export type ProductListItem = z.output<typeof productListItemSchema>;
export const productListSchema = z.array(productListItemSchema);
/** A row of the admin list: a list item and whether it is "À traduire". */
export const productAdminRowSchema = productListItemSchema.extend(needsTranslationSchema.shape);
export type ProductAdminRow = z.output<typeof productAdminRowSchema>;

/**
 * Query of the admin list `GET /api/products/all`: one page (decision 0092), `q` found in the French or English name
 * or the slug (accents, case and ligatures aside; `%` and `_` literal), `categoryId` one category's products.
 * Control characters of `q` are read as spaces. `translation=missing`: only the products "À traduire".
 */
export const productAdminListQuerySchema = z
  .object({
    q: searchQuerySchema(LIMITS.productSearchMax),
    categoryId: idSchema.optional(),
  })
  .extend(translationFilterSchema.shape)
  .extend(pageQuerySchema.shape);
export type ProductAdminListQuery = z.input<typeof productAdminListQuerySchema>;

/** `GET /products?categoryId=&limit=&cursor=`: one page of the public list (decision 0092), in the catalogue order. */
export const productPageQuerySchema = productListQuerySchema.extend(pageQuerySchema.shape);
export type ProductPageQuery = z.output<typeof productPageQuerySchema>;

/** What a product card prints (category pages, "Dans la même gamme"): no blocks, no SEO fields, no dates. */
export const productCardSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  nameFr: z.string(),
  nameEn: z.string(),
  shortDescriptionFr: z.string(),
  shortDescriptionEn: z.string(),
  mainImageUrl: z.string(),
  categoryId: z.string(),
  isActive: z.boolean(),
  /** Only the slug, which picks the card's colour. */
  category: z.object({ slug: z.string() }).nullable(),
});
export type ProductCard = z.output<typeof productCardSchema>;

/** GET /products/{slug} */
export const productPageSchema = z.object({
  product: productSchema,
  contentBlocks: z.array(contentBlockSchema),
  similarProducts: z.array(productCardSchema),
  /** Its certifications valid today (Tunisia's time), in its order: expired ones are left out by the query. */
  certifications: z.array(publicCertificationSchema),
  /** Its active applications and functions, in its order (decision 0124). */
  applications: z.array(useItemSchema),
  functions: z.array(useItemSchema),
});
export type ProductPage = z.output<typeof productPageSchema>;

/** POST /products/{id}/preview: the public page of the product, openable while inactive for an hour. */
export const previewLinkSchema = z.object({ url: z.string() });
export type PreviewLink = z.output<typeof previewLinkSchema>;
/** GET /categories/{slug}?limit=&cursor=: the category and one page of its active products (`Link`, `X-Total-Count`). */
export const categoryPageSchema = z.object({ category: categorySchema, products: z.array(productListItemSchema) });
export type CategoryPage = z.output<typeof categoryPageSchema>;

/** One server-rendered page of `/category/{slug}?page=N`: its cards, the category's active products in all and the number of pages. */
export type CategoryListing = {
  category: z.output<typeof categorySchema>;
  products: ProductCard[];
  total: number;
  page: number;
  pageCount: number;
};

export const PRODUCT_BULK_ACTIONS = ["activate", "deactivate", "move", "delete"] as const;
export type ProductBulkAction = (typeof PRODUCT_BULK_ACTIONS)[number];

/**
 * `POST /products/bulk`: one action on up to `LIMITS.bulkMax` products, in one transaction (all or nothing);
 * `move` names the category. An id listed twice counts once.
 */
export const productBulkInputSchema = z
  .object({
    ids: z
      .array(idSchema)
      .min(1, msg("product.bulk_none"))
      .max(LIMITS.bulkMax, msg("product.bulk_max", { max: LIMITS.bulkMax }))
      .transform((ids) => [...new Set(ids)]),
    action: z.enum(PRODUCT_BULK_ACTIONS),
    categoryId: idSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.action === "move" && !input.categoryId)
      ctx.addIssue({ code: "custom", path: ["categoryId"], message: msg("category.required") });
  });
export type ProductBulkInput = z.input<typeof productBulkInputSchema>;
export type ProductBulkData = z.output<typeof productBulkInputSchema>;

/** What a bulk action changed: how many products. */
export const productBulkResultSchema = z.object({ action: z.enum(PRODUCT_BULK_ACTIONS), count: z.number().int() });
export type ProductBulkResult = z.output<typeof productBulkResultSchema>;
