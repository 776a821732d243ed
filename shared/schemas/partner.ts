import { z } from "zod";
import { LIMITS } from "../limits";
import { httpUrlSchema, imageUrlSchema, requiredText, versionSchema } from "./common";

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

export type Partner = {
  _id: string;
  name: string;
  logoUrl: string;
  websiteUrl: string;
  orderIndex: number;
  isActive: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
};
