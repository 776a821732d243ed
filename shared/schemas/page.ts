import { z } from "zod";
import { LIMITS } from "../limits";

/**
 * `?limit=&cursor=` of every paged list (decision 0092): at most `limit` rows after the position `cursor` names.
 * The answer stays a JSON array; the next page's address is in its `Link: <…>; rel="next"` header.
 */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit doit être un entier de 1 à ${LIMITS.pageMax} / limit must be an integer from 1 to ${LIMITS.pageMax}` })
    .int(`limit doit être un entier de 1 à ${LIMITS.pageMax} / limit must be an integer from 1 to ${LIMITS.pageMax}`)
    .min(1, `limit doit être un entier de 1 à ${LIMITS.pageMax} / limit must be an integer from 1 to ${LIMITS.pageMax}`)
    .max(LIMITS.pageMax, `limit doit être un entier de 1 à ${LIMITS.pageMax} / limit must be an integer from 1 to ${LIMITS.pageMax}`)
    .default(LIMITS.pageDefault),
  cursor: z
    .string()
    .max(LIMITS.cursorMax, "Curseur invalide / Invalid cursor")
    .regex(/^[A-Za-z0-9_-]+$/, "Curseur invalide / Invalid cursor")
    .optional(),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** Response header of a paged list: how many rows match in all, when the screen shows it. */
export const TOTAL_COUNT_HEADER = "x-total-count";
