import { z } from "zod";
import { LIMITS } from "../limits";
import { inputSchemaOf, outputSchemaOf } from "../resources/define";
import { partnerResource } from "../resources/partners";
import { msg } from "../validation-messages";
import { pageQuerySchema } from "./page";

/** Declared once in shared/resources/partners.ts. */
export const partnerInputSchema = inputSchemaOf(partnerResource);
export type PartnerInput = z.input<typeof partnerInputSchema>;
export type PartnerData = z.output<typeof partnerInputSchema>;

export const partnerSchema = outputSchemaOf(partnerResource);
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
    .max(PARTNER_CURSOR_MAX, msg("page.cursor"))
    .regex(/^[A-Za-z0-9_-]+$/, msg("page.cursor"))
    .optional(),
});
