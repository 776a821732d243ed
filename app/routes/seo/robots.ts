import { publicOrigin } from "~/lib/public-url.server";
import type { Route } from "./+types/robots";

/** Crawlers stay out of the back office and the API; the sitemap lists every public page. */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/",
    "",
    `Sitemap: ${publicOrigin(context)}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
