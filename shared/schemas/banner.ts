import { z } from "zod";
import { LIMITS } from "../limits";
import { END_AFTER_START_MESSAGE, parseTimestamp, scheduleTimeSchema } from "../schedule";
import { imageUrlSchema, optionalImageUrlSchema, requiredText, timestampSchema, versionSchema } from "./common";

export const bannerInputSchema = z
  .object({
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
    /** The window in which the banner may be shown (docs/product.md, "Banner"): ISO instants, or site-local times. */
    startsAt: scheduleTimeSchema,
    endsAt: scheduleTimeSchema,
    /** The version the edit started from (PUT only); a different stored version answers 409. */
    version: versionSchema.optional(),
  })
  .superRefine((banner, ctx) => {
    const start = banner.startsAt ? parseTimestamp(banner.startsAt) : null;
    const end = banner.endsAt ? parseTimestamp(banner.endsAt) : null;
    if (start !== null && end !== null && end <= start)
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: END_AFTER_START_MESSAGE });
  });
export type BannerInput = z.input<typeof bannerInputSchema>;
export type BannerData = z.output<typeof bannerInputSchema>;

export const bannerSchema = z.object({
  _id: z.string(),
  imageUrlFr: z.string(),
  imageUrlEn: z.string(),
  imageUrlFrMobile: z.string().nullable(),
  imageUrlEnMobile: z.string().nullable(),
  titleFr: z.string(),
  titleEn: z.string(),
  descriptionFr: z.string(),
  descriptionEn: z.string(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  startsAt: timestampSchema.nullable(),
  endsAt: timestampSchema.nullable(),
  version: z.number(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Banner = z.output<typeof bannerSchema>;
export const bannerListSchema = z.array(bannerSchema);
