import { LANGUAGES, type Lang } from "@shared/company";
import { LIMITS } from "@shared/limits";
import { PAGE_PARAM } from "@shared/query-params";
import { sitePagePath } from "~/components/site/legal-links";
import { publicOrigin } from "~/lib/public-url.server";
import { pageUrl } from "~/lib/seo";
import { servicesContext } from "~/lib/server-context";
import type { Route } from "./+types/sitemap";

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/**
 * One <url> per page and language, each listing every language version (hreflang) and x-default. `path` is the same
 * in both languages, or one per language (an editable page's slugs).
 */
function entries(origin: string, path: string | Record<Lang, string>, lastmod?: string): string[] {
  const pathIn = (lang: Lang) => (typeof path === "string" ? path : path[lang]);
  const alternates = [
    ...LANGUAGES.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(pageUrl(origin, pathIn(lang), lang))}"/>`),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(pageUrl(origin, pathIn("fr"), "fr"))}"/>`,
  ].join("");
  return LANGUAGES.map(
    (lang) =>
      `<url><loc>${escapeXml(pageUrl(origin, pathIn(lang), lang))}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ""}${alternates}</url>`,
  );
}

/** The addresses of a category's pages: `/category/<slug>`, then `?page=N` for each further page of cards. */
function categoryPaths(slug: string, activeProducts: number): string[] {
  const path = `/category/${encodeURIComponent(slug)}`;
  const pageCount = Math.max(1, Math.ceil(activeProducts / LIMITS.categoryPageSize));
  return [path, ...Array.from({ length: pageCount - 1 }, (_, i) => `${path}?${PAGE_PARAM}=${i + 2}`)];
}

/** Every public page: home, contact, the finder (unfiltered), each page of each category, each active product, each active editable page, in French and English. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const origin = publicOrigin(context);
  const [categories, products, pages] = await Promise.all([
    services.categories.sitemapEntries(),
    services.products.activeSlugs(),
    services.pages.activeLinks(),
  ]);
  const urls = [
    ...entries(origin, "/"),
    ...entries(origin, "/contact"),
    ...entries(origin, "/products"),
    ...categories.flatMap((category) => categoryPaths(category.slug, category.activeProducts).flatMap((path) => entries(origin, path))),
    ...products.flatMap((product) => entries(origin, `/product/${encodeURIComponent(product.slug)}`, product.updatedAt)),
    ...pages.flatMap((page) => entries(origin, { fr: sitePagePath(page, "fr"), en: sitePagePath(page, "en") }, page.updatedAt)),
  ];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
