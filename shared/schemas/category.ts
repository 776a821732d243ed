import { z } from "zod";
import { idSchema, imageUrlSchema, optionalText, requiredText, seoFieldsSchema, slugSchema, versionSchema } from "./common";
import { needsTranslationSchema, translationFilterSchema } from "./translation";

export const categoryInputSchema = seoFieldsSchema.extend({
  slug: slugSchema,
  nameFr: requiredText(200),
  nameEn: requiredText(200),
  descriptionFr: optionalText(2000).default(""),
  descriptionEn: optionalText(2000).default(""),
  coverImageUrl: z.union([imageUrlSchema, z.literal("")]).default(""),
  /** The version the edit started from (PUT only); a different stored version answers 409. */
  version: versionSchema.optional(),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;
export type CategoryData = z.output<typeof categoryInputSchema>;

export const categorySchema = z.object({
  _id: idSchema,
  slug: z.string(),
  nameFr: z.string(),
  nameEn: z.string(),
  descriptionFr: z.string(),
  descriptionEn: z.string(),
  coverImageUrl: z.string(),
  metaTitleFr: z.string(),
  metaTitleEn: z.string(),
  metaDescriptionFr: z.string(),
  metaDescriptionEn: z.string(),
  /** Place in the site's menu, home cards, footer and sitemap (lowest first). */
  position: z.number().int(),
  version: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.array(categorySchema);

/** GET /categories/all (admin): with the number of its products, active or not. */
export const categoryWithCountSchema = categorySchema.extend({ productCount: z.number() }).extend(needsTranslationSchema.shape);
export type CategoryWithCount = z.output<typeof categoryWithCountSchema>;
export const categoryWithCountListSchema = z.array(categoryWithCountSchema);

/** PUT /categories/order: every category id exactly once, in the new order. */
/** `GET /categories/all?translation=missing`: only the categories "À traduire". */
export const categoryAdminListQuerySchema = translationFilterSchema;

export const categoryOrderSchema = z.object({ ids: z.array(idSchema).max(1000) });
export type CategoryOrder = z.infer<typeof categoryOrderSchema>;
