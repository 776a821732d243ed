import { z } from "zod";
import { bannerResource } from "../resources/banners";
import { inputSchemaOf, outputSchemaOf } from "../resources/define";
import { END_AFTER_START_MESSAGE, parseTimestamp } from "../schedule";

/** Declared once in shared/resources/banners.ts; the window's end comes after its start. */
export const bannerInputSchema = inputSchemaOf(bannerResource).superRefine((banner, ctx) => {
  const start = banner.startsAt ? parseTimestamp(banner.startsAt) : null;
  const end = banner.endsAt ? parseTimestamp(banner.endsAt) : null;
  if (start !== null && end !== null && end <= start) ctx.addIssue({ code: "custom", path: ["endsAt"], message: END_AFTER_START_MESSAGE });
});
export type BannerInput = z.input<typeof bannerInputSchema>;
export type BannerData = z.output<typeof bannerInputSchema>;

export const bannerSchema = outputSchemaOf(bannerResource);
export type Banner = z.output<typeof bannerSchema>;
export const bannerListSchema = z.array(bannerSchema);
