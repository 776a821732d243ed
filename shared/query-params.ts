/** Query parameters the server and the browser both read; only constants, so the public islands can import it. */
import { PRODUCT_PARAM, TYPE_PARAM } from "./quote-request";

/** Carries a signed preview token on a product page (server/services/catalogue/preview.ts). */
export const PREVIEW_PARAM = "preview";

/** The page's language: `?lang=en`; French pages carry nothing (app/i18n/lang.ts). */
export const LANG_PARAM = "lang";
/** The public product list's category filter (`GET /api/products?categoryId=`). */
export const CATEGORY_PARAM = "categoryId";
/** The page of a paged public list (`/category/:slug?page=2`). */
export const PAGE_PARAM = "page";
/** The size and position of a page of the public product list (`GET /api/products?limit=&cursor=`, decision 0092). */
export const LIMIT_PARAM = "limit";
export const CURSOR_PARAM = "cursor";
/**
 * The public search's words (`/search?q=`, `GET /api/search?q=`). Deliberately not in PUBLIC_ANSWER_PARAMS: search
 * answers are never cached (decision 0107), so no entry can answer one query with another's results.
 */
export const SEARCH_PARAM = "q";
/** Prefills the contact form's subject (a product page's "request a quote" link). */
export const SUBJECT_PARAM = "subject";

/**
 * The only query parameters that change a public answer: the response cache keys on them alone, so a made-up
 * parameter (`?x=1`) is answered from the same entry instead of costing an uncached render. A public page or cached
 * API route that reads a new parameter must add it here, or every value would be served the first one's answer.
 */
export const PUBLIC_ANSWER_PARAMS = [
  LANG_PARAM,
  CATEGORY_PARAM,
  PAGE_PARAM,
  SUBJECT_PARAM,
  PRODUCT_PARAM,
  TYPE_PARAM,
  LIMIT_PARAM,
  CURSOR_PARAM,
] as const;
