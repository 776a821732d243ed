import type { PageHandle } from "@shared/page-handle";
import { PAGE_PARAM } from "@shared/query-params";
import { ArrowRight, PackageOpen, SlidersHorizontal } from "lucide-react";
import { data, isRouteErrorResponse, redirect } from "react-router";
import { categoryAccent } from "~/components/site/accent";
import { Breadcrumbs } from "~/components/site/breadcrumbs";
import { ImageLooks } from "~/components/site/image-looks";
import { NotFoundScreen } from "~/components/site/not-found";
import { Pager as SitePager } from "~/components/site/pager";
import { PreloadImage } from "~/components/site/preload-image";
import { ProductCard } from "~/components/site/product-card";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { siteDataFromMatches } from "~/components/site/site-data";
import { ButtonLink } from "~/components/ui/button";
import { ContactBand } from "~/features/inbox/site/contact-band";
import { langAttr, langFromSearch, localized, localizedText, ownLangText } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { SITE_TEXTS } from "~/i18n/site";
import { translate } from "~/i18n/texts";
import { breadcrumbJsonLd, metaOr, notFoundMeta, pageMeta } from "~/lib/seo";
import { servicesContext } from "~/lib/server-context";
import type { Route } from "./+types/category-page";
import { categoryIntro, shownCategoryIntro } from "./category-intro";
import { CATEGORY_SITE_TEXTS } from "./texts";

/** The address of page `page` of a category (page 1 has no `?page`). */
function pagePath(slug: string, page: number): string {
  const path = `/category/${slug}`;
  return page > 1 ? `${path}?${PAGE_PARAM}=${page}` : path;
}

/** Its page number is its own (PageHandle). */
export const handle: PageHandle = { params: [PAGE_PARAM] };

/**
 * `?page=N`: a page from 2 written plainly. `?page=1` redirects (301) to the page without it, so page 1 has one
 * address; any other value (`abc`, `0`, `-1`, `02`, two `page` parameters) and a page after the last answer 404.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const given = url.searchParams.getAll(PAGE_PARAM);
  if (given.length > 1 || (given.length === 1 && !/^[1-9]\d{0,5}$/.test(given[0] ?? ""))) throw data(null, { status: 404 });
  const page = given.length === 1 ? Number(given[0]) : 1;
  if (given.length === 1 && page === 1) {
    url.searchParams.delete(PAGE_PARAM);
    throw redirect(`${url.pathname}${url.search}`, 301);
  }
  const services = context.get(servicesContext);
  const listing = await services.products.categoryListing(params.slug, page);
  if (!listing) throw data(null, { status: 404 });
  // The media library's alt texts and focal points of the cover and the product cards, in one query (decision 0105).
  const imageLooks = await services.media.looks([listing.category.coverImageUrl, ...listing.products.map((p) => p.mainImageUrl)]);
  return { ...listing, imageLooks };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const lang = langFromSearch(location.search);
  const { origin } = siteDataFromMatches(matches);
  if (!loaderData) return notFoundMeta("category", { lang, origin, path: location.pathname });
  const { category, page } = loaderData;
  const name = localized(category, "name", lang);
  const path = `/category/${category.slug}`;
  const title = metaOr(ownLangText(category, "metaTitle", lang), `${name} | ${translate(SITE_TEXTS, lang, "seo.suffix")}`);
  return pageMeta({
    title: page > 1 ? translate(CATEGORY_SITE_TEXTS, lang, "paging.title", { title, page }) : title,
    description: metaOr(ownLangText(category, "metaDescription", lang), categoryIntro(category, lang)),
    path: pagePath(category.slug, page),
    lang,
    origin,
    image: category.coverImageUrl || null,
    jsonLd: [
      breadcrumbJsonLd(origin, lang, [
        { name: translate(SITE_TEXTS, lang, "nav.home"), path: "/" },
        { name, path },
      ]),
    ],
  });
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, products, total, page, pageCount, imageLooks } = loaderData;
  const { lang, href } = useLang();
  const t = useTexts(CATEGORY_SITE_TEXTS);
  const site = useTexts(SITE_TEXTS);
  const { ink } = categoryAccent(category.slug);
  const shownName = localizedText(category, "name", lang);
  const name = shownName.value;
  const intro = shownCategoryIntro(category, lang);

  return (
    <ImageLooks looks={imageLooks} lang={lang}>
      <section aria-labelledby="category-title" className="relative isolate overflow-hidden text-white" style={{ backgroundColor: ink }}>
        <svg
          className="pointer-events-none absolute -bottom-6 left-0 -z-10 h-48 w-full text-black/15"
          viewBox="0 0 1440 192"
          preserveAspectRatio="none"
          aria-hidden="true"
        >
          <path d="M0 96c120-48 240-48 360 0s240 48 360 0 240-48 360 0 240 48 360 0v96H0Z" fill="currentColor" />
          <path d="M0 140c120-40 240-40 360 0s240 40 360 0 240-40 360 0 240 40 360 0v52H0Z" fill="currentColor" />
        </svg>
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:px-8 lg:py-20">
          <div>
            <Breadcrumbs
              tone="light"
              items={[
                { label: site("nav.home"), to: "/" },
                { label: name, to: `/category/${category.slug}` },
              ]}
            />
            <p className="mt-8 text-sm font-semibold uppercase tracking-[0.2em] text-white">{t("eyebrow")}</p>
            <h1
              id="category-title"
              lang={langAttr(shownName, lang)}
              className="mt-3 font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl"
            >
              {name}
            </h1>
            <p lang={langAttr(intro, lang)} className="mt-6 max-w-xl text-lg leading-relaxed text-white text-pretty">
              {intro.value}
            </p>
            <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-4">
              <ButtonLink to={href("/contact")} variant="light" size="lg">
                {t("quote")}
                <ArrowRight className="size-5" aria-hidden="true" />
              </ButtonLink>
              <a
                href={href(`/products?category=${encodeURIComponent(category.slug)}`)}
                className="inline-flex min-h-11 items-center gap-2 rounded-full font-semibold text-white underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                <SlidersHorizontal className="size-5" aria-hidden="true" />
                {t("finder")}
              </a>
            </div>
          </div>
          {category.coverImageUrl && (
            <div className="aspect-[4/3] overflow-hidden rounded-3xl bg-white/10 shadow-2xl ring-1 ring-white/20">
              <PreloadImage src={category.coverImageUrl} sizes="(min-width: 1280px) 580px, (min-width: 1024px) 45vw, 100vw" />
              <ResponsiveImage
                src={category.coverImageUrl}
                alt={name}
                sizes="(min-width: 1280px) 580px, (min-width: 1024px) 45vw, 100vw"
                priority
                className="size-full object-cover"
              />
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="products-title" className="bg-sand px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="mx-auto max-w-7xl">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="products-title" className="font-display text-3xl font-semibold tracking-tight text-navy">
              {t("productsTitle")}
            </h2>
            {total > 0 && <p className="text-sm font-medium text-slate-700">{t("count", { count: total })}</p>}
          </div>
          {products.length > 0 ? (
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {products.map((product) => (
                <li key={product._id} className="flex">
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="mt-10 flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
              <PackageOpen className="size-10 text-slate-500" aria-hidden="true" />
              <p className="mt-4 max-w-md text-lg text-slate-700">{t("empty")}</p>
            </div>
          )}
          {pageCount > 1 && <Pager slug={category.slug} page={page} pageCount={pageCount} />}
        </div>
      </section>

      <ContactBand ink={ink} title={t("ctaTitle")} />
    </ImageLooks>
  );
}

/** Previous / next page as plain links (the page works without JavaScript), in the page's language. */
function Pager({ slug, page, pageCount }: { slug: string; page: number; pageCount: number }) {
  const { href } = useLang();
  const t = useTexts(CATEGORY_SITE_TEXTS);
  return <SitePager page={page} pageCount={pageCount} hrefOf={(n) => href(pagePath(slug, n))} label={t("paging.label")} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen titleKey="notFound.category" />;
  throw error;
}
