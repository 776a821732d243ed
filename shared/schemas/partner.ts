import { z } from "zod";
import { LIMITS } from "../limits";
import { httpUrlSchema, imageUrlSchema, requiredText, timestampSchema, versionSchema } from "./common";
import { pageQuerySchema } from "./page";

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
/**
 * `GET /api/partners` (admin): `?limit=&cursor=`, one page in display order (decision 0092). Its cursor carries the
 * last partner's name (the order is order index, name, id), so it may be longer than `LIMITS.cursorMax`: a name of
 * `nameMax` characters each written as a JSON escape of 6 bytes, in base64.
 */
export const PARTNER_CURSOR_MAX = Math.ceil(((LIMITS.nameMax * 6 + 100) * 4) / 3);
export const partnerListQuerySchema = pageQuerySchema.extend({
  cursor: z
    .string()
    .max(PARTNER_CURSOR_MAX, "Curseur invalide / Invalid cursor")
    .regex(/^[A-Za-z0-9_-]+$/, "Curseur invalide / Invalid cursor")
    .optional(),
});
