import { z } from "zod";
import { idSchema, imageUrlSchema, optionalText, requiredText, slugSchema } from "./common";

export const categoryInputSchema = z.object({
  slug: slugSchema,
  nameFr: requiredText(200),
  nameEn: requiredText(200),
  descriptionFr: optionalText(2000).default(""),
  descriptionEn: optionalText(2000).default(""),
  coverImageUrl: z.union([imageUrlSchema, z.literal("")]).default(""),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const categorySchema = z.object({
  _id: idSchema,
  slug: z.string(),
  nameFr: z.string(),
  nameEn: z.string(),
  descriptionFr: z.string(),
  descriptionEn: z.string(),
  coverImageUrl: z.string(),
});
export type Category = z.infer<typeof categorySchema>;
