/** Query parameters the server and the browser both read; no dependencies, so the public islands can import it. */

/** Carries a signed preview token on a product page (server/services/catalog/preview.ts). */
export const PREVIEW_PARAM = "preview";
