import { z } from "zod";
import { LIMITS } from "../limits";
import { imageUrlSchema, optionalImageUrlSchema, requiredText, versionSchema } from "./common";

export const bannerInputSchema = z.object({
  imageUrlFr: imageUrlSchema,
  imageUrlEn: imageUrlSchema,
  imageUrlFrMobile: optionalImageUrlSchema,
  imageUrlEnMobile: optionalImageUrlSchema,
  titleFr: requiredText(LIMITS.nameMax),
  titleEn: requiredText(LIMITS.nameMax),
  descriptionFr: requiredText(LIMITS.bannerDescription),
  descriptionEn: requiredText(LIMITS.bannerDescription),
  isDefault: z.boolean().optional(),
  isActive: z.boolean().optional(),
  /** The version the edit started from (PUT only); a different stored version answers 409. */
  version: versionSchema.optional(),
});
export type BannerInput = z.input<typeof bannerInputSchema>;
export type BannerData = z.output<typeof bannerInputSchema>;

export type Banner = {
  _id: string;
  imageUrlFr: string;
  imageUrlEn: string;
  imageUrlFrMobile: string | null;
  imageUrlEnMobile: string | null;
  titleFr: string;
  titleEn: string;
  descriptionFr: string;
  descriptionEn: string;
  isDefault: boolean;
  isActive: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
};
