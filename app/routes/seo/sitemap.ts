import { LANGUAGES, type Lang } from "@shared/company";
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

/** Every public page: home, contact, each category, each active product, each active editable page, in French and English. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const origin = publicOrigin(context);
  const [categories, products, pages] = await Promise.all([
    services.categories.list(),
    services.products.activeSlugs(),
    services.pages.activeLinks(),
  ]);
  const urls = [
    ...entries(origin, "/"),
    ...entries(origin, "/contact"),
    ...categories.flatMap((category) => entries(origin, `/category/${encodeURIComponent(category.slug)}`)),
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
