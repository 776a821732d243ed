/**
 * The absolute origin of the public site, for canonical links, hreflang, Open Graph and the sitemap: the PUBLIC_URL
 * the server was started with, otherwise the origin the request came in on.
 */
export function publicOrigin(request: Request): string {
  const configured = process.env.PUBLIC_URL;
  if (configured && URL.canParse(configured)) return configured.replace(/\/+$/, "");
  return new URL(request.url).origin;
}
