import { COMPANY, LANGUAGES, type Lang } from "@shared/company";
import type { SettingsData } from "@shared/schemas/settings";
import type { MetaDescriptor } from "react-router";
import { localizedPath } from "~/i18n/lang";
import { SITE_TEXTS } from "~/i18n/site";
import { translate } from "~/i18n/texts";

const OG_LOCALES: Record<Lang, string> = { fr: "fr_FR", en: "en_US" };

/** An absolute URL of the public site. */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).href;
}

/** The absolute address of `path` in `lang` (`?lang=en` for English). */
export function pageUrl(origin: string, path: string, lang: Lang): string {
  return absoluteUrl(origin, localizedPath(path, lang));
}

/** An admin's SEO field when set, else the page's own value. */
export function metaOr(custom: string, fallback: string): string {
  return custom.trim() === "" ? fallback : custom;
}

type PageSeo = {
  title: string;
  description: string;
  /** The page's path without the language parameter, e.g. `/product/agar`. */
  path: string;
  lang: Lang;
  origin: string;
  image?: string | null;
  type?: "website" | "product";
  jsonLd?: object[];
  /** Not-found pages: no canonical, not indexed. */
  noindex?: boolean;
  /** The page's path in each language when they differ (a page's slug per language); `path` otherwise. */
  paths?: Record<Lang, string>;
};

/** Title, description, canonical, hreflang alternates (fr, en, x-default), Open Graph, Twitter card and JSON-LD. */
export function pageMeta({
  title,
  description,
  path,
  lang,
  origin,
  image,
  type = "website",
  jsonLd = [],
  noindex,
  paths,
}: PageSeo): MetaDescriptor[] {
  const meta: MetaDescriptor[] = [{ title }, { name: "description", content: description }];
  if (noindex) return [...meta, { name: "robots", content: "noindex" }];
  const pathIn = (l: Lang) => paths?.[l] ?? path;
  const url = pageUrl(origin, pathIn(lang), lang);
  meta.push(
    { tagName: "link", rel: "canonical", href: url },
    ...LANGUAGES.map((l) => ({ tagName: "link", rel: "alternate", hrefLang: l, href: pageUrl(origin, pathIn(l), l) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: pageUrl(origin, pathIn("fr"), "fr") },
    { property: "og:site_name", content: `${COMPANY.name} ${COMPANY.tagline}` },
    { property: "og:type", content: type === "product" ? "product" : "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: OG_LOCALES[lang] },
    ...LANGUAGES.filter((l) => l !== lang).map((l) => ({ property: "og:locale:alternate", content: OG_LOCALES[l] })),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  );
  if (image) meta.push({ property: "og:image", content: absoluteUrl(origin, image) });
  for (const item of jsonLd) meta.push({ "script:ld+json": item });
  return meta;
}

/** The not-found screen of a category or product: titled by kind, not indexed. */
export function notFoundMeta(kind: "category" | "product" | "page", { lang, origin, path }: { lang: Lang; origin: string; path: string }) {
  return pageMeta({
    title: `${translate(SITE_TEXTS, lang, `notFound.${kind}`)} | ${translate(SITE_TEXTS, lang, "seo.suffix")}`,
    description: translate(SITE_TEXTS, lang, "notFound.text"),
    path,
    lang,
    origin,
    noindex: true,
  });
}

/** schema.org Organization for the home page. */
export function organizationJsonLd(
  origin: string,
  logoPath: string,
  description: string,
  company: Pick<SettingsData["company"], "address" | "emails" | "phones">,
): object {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: `${COMPANY.name} ${COMPANY.tagline}`,
    url: absoluteUrl(origin, "/"),
    logo: absoluteUrl(origin, logoPath),
    description,
    email: company.emails[0]?.email,
    telephone: company.phones[0]?.number,
    foundingDate: String(COMPANY.since),
    address: { "@type": "PostalAddress", streetAddress: company.address, addressLocality: "Bizerte", addressCountry: "TN" },
  };
}

/** schema.org BreadcrumbList: `items` from the home page to the current page. */
export function breadcrumbJsonLd(origin: string, lang: Lang, items: { name: string; path: string }[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: pageUrl(origin, item.path, lang),
    })),
  };
}
