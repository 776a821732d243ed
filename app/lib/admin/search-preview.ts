import type { Lang } from "@shared/company";
import { LIMITS } from "@shared/limits";
import { SITE_TEXTS } from "~/i18n/site";
import { translate } from "~/i18n/texts";
import { metaOr } from "~/lib/seo";

/** What a search result shows for a page: its title, its address as a breadcrumb, its description. */
export type SearchSnippet = {
  title: string;
  breadcrumb: string;
  description: string;
  /** True when the page's own text stands in for an empty SEO field. */
  titleIsFallback: boolean;
  descriptionIsFallback: boolean;
};

/** The `<title>` public pages give a product or a category without an SEO title (see app/routes/site). */
export function defaultPageTitle(name: string, lang: Lang): string {
  const suffix = translate(SITE_TEXTS, lang, "seo.suffix");
  return name.trim() ? `${name.trim()} | ${suffix}` : suffix;
}

/** Cuts `text` where a search engine would (about `max` characters, at a word when one is near) and marks the cut. */
export function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max - 15 ? cut.slice(0, space) : cut).trimEnd()} …`;
}

/** "example.com › product › agar": the way Google writes a result's address. */
export function breadcrumb(origin: string, path: string): string {
  const url = new URL(path, origin);
  const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  return [url.host, ...parts].join(" › ");
}

/**
 * The result as a search engine would show it while the admin types: the SEO field when set (as the page uses it),
 * else the page's own title or description, cut at the recommended lengths.
 */
export function searchSnippet(input: {
  metaTitle: string;
  metaDescription: string;
  fallbackTitle: string;
  fallbackDescription: string;
  origin: string;
  path: string;
}): SearchSnippet {
  return {
    title: clip(metaOr(input.metaTitle, input.fallbackTitle), LIMITS.metaTitleRecommended),
    breadcrumb: breadcrumb(input.origin, input.path),
    description: clip(metaOr(input.metaDescription, input.fallbackDescription), LIMITS.metaDescriptionRecommended),
    titleIsFallback: !input.metaTitle.trim(),
    descriptionIsFallback: !input.metaDescription.trim(),
  };
}
