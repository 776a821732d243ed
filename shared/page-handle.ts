/**
 * What a public page route declares in its `handle` export, once: the server reads it from the build before rendering
 * (server/site-routes.ts) and the page's own components read it through React Router's matches.
 */
export type PageHandle = {
  /**
   * The query parameters this page reads besides `lang`: the only ones its links to itself (the language toggle) carry
   * on. Any other parameter of the address is dropped, so a crafted address cannot put its query into a cached page.
   */
  params?: readonly string[];
  /** The public budget every request of this page counts against (server/lib/rate-limits.ts), whatever its spelling. */
  rateLimit?: "search" | "finder" | "packLink";
};

export function isPageHandle(value: unknown): value is PageHandle {
  return typeof value === "object" && value !== null;
}
