import { z } from "zod";
import { LIMITS } from "../limits";
import { msg } from "../validation-messages";

/**
 * `?limit=&cursor=` of every paged list (decision 0092): at most `limit` rows after the position `cursor` names.
 * The answer stays a JSON array; the next page's address is in its `Link: <…>; rel="next"` header.
 */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: msg("page.limit", { max: LIMITS.pageMax }) })
    .int(msg("page.limit", { max: LIMITS.pageMax }))
    .min(1, msg("page.limit", { max: LIMITS.pageMax }))
    .max(LIMITS.pageMax, msg("page.limit", { max: LIMITS.pageMax }))
    .default(LIMITS.pageDefault),
  cursor: z
    .string()
    .max(LIMITS.cursorMax, msg("page.cursor"))
    .regex(/^[A-Za-z0-9_-]+$/, msg("page.cursor"))
    .optional(),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** Response header of a paged list: how many rows match in all, when the screen shows it. */
export const TOTAL_COUNT_HEADER = "x-total-count";
