import { z } from "zod";
import { LIMITS } from "../limits";
import { httpUrlSchema, imageUrlSchema, requiredText, timestampSchema, versionSchema } from "./common";

export const partnerInputSchema = z.object({
  name: requiredText(LIMITS.nameMax),
  logoUrl: imageUrlSchema,
  websiteUrl: httpUrlSchema,
  orderIndex: z.coerce.number().int("Order index must be an integer").min(0, "Order index must be 0 or more").max(100000).default(0),
  isActive: z.boolean().default(true),
  /** The version the edit started from (PUT only); a different stored version answers 409. */
  version: versionSchema.optional(),
});
export type PartnerInput = z.input<typeof partnerInputSchema>;
export type PartnerData = z.output<typeof partnerInputSchema>;

export const partnerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  logoUrl: z.string(),
  websiteUrl: z.string(),
  orderIndex: z.number(),
  isActive: z.boolean(),
  version: z.number(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Partner = z.output<typeof partnerSchema>;
export const partnerListSchema = z.array(partnerSchema);
