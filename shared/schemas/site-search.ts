import { z } from "zod";
import { LIMITS } from "../limits";
import { msg } from "../validation-messages";
import { categorySchema } from "./category";
import { searchQuerySchema } from "./common";
import { productCardSchema } from "./product";

/**
 * The public search (decision 0107): `GET /api/search?q=&lang=&page=` and the `/search` page answer the same thing.
 * `status`: `ok` (something found), `empty` (nothing found), `too_short` (fewer than LIMITS.siteSearchMinChars visible
 * characters: nothing was searched), `too_long` (the page only; the API answers 400).
 */
export const SITE_SEARCH_STATUSES = ["ok", "empty", "too_short", "too_long"] as const;
export type SiteSearchStatus = (typeof SITE_SEARCH_STATUSES)[number];

export const siteSearchQuerySchema = z.object({
  q: searchQuerySchema(LIMITS.siteSearchMax),
  lang: z.enum(["fr", "en"]).default("fr"),
  page: z.coerce
    .number({
      error: msg("search.page", { max: LIMITS.siteSearchMaxPages }),
    })
    .int(msg("search.page", { max: LIMITS.siteSearchMaxPages }))
    .min(1, msg("search.page", { max: LIMITS.siteSearchMaxPages }))
    .max(LIMITS.siteSearchMaxPages, msg("search.page", { max: LIMITS.siteSearchMaxPages }))
    .default(1),
});
export type SiteSearchQuery = z.output<typeof siteSearchQuerySchema>;

export const siteSearchResultSchema = z.object({
  q: z.string(),
  status: z.enum(SITE_SEARCH_STATUSES),
  /** Categories whose name or description hold every word (page 1 only). */
  categories: z.array(categorySchema),
  products: z.array(productCardSchema),
  /** Matching public products in all; pages stop at LIMITS.siteSearchMaxPages. */
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
});
export type SiteSearchResult = z.output<typeof siteSearchResultSchema>;

/** One term of the audience report's search lists. */
export const searchTermRowSchema = z.object({ term: z.string(), count: z.number().int() });
export type SearchTermRow = z.output<typeof searchTermRowSchema>;
