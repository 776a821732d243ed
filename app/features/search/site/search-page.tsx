import { LIMITS } from "@shared/limits";
import type { PageHandle } from "@shared/page-handle";
import { LANG_PARAM, PAGE_PARAM, SEARCH_PARAM } from "@shared/query-params";
import type { SiteSearchResult } from "@shared/schemas/site-search";
import { ArrowRight, Search, SearchX } from "lucide-react";
import { data, isRouteErrorResponse } from "react-router";
import { categoryAccent } from "~/components/site/accent";
import { NotFoundScreen } from "~/components/site/not-found";
import { PageBand } from "~/components/site/page-band";
import { Pager as SitePager } from "~/components/site/pager";
import { ProductCard } from "~/components/site/product-card";
import { useSiteData } from "~/components/site/site-data";
import { langFromSearch, localized } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { SITE_TEXTS } from "~/i18n/site";
import { translate } from "~/i18n/texts";
import { pageMeta } from "~/lib/seo";
import { requestFaultsContext, servicesContext } from "~/lib/server-context";
import type { Route } from "./+types/search-page";
import { SEARCH_SITE_TEXTS } from "./texts";

/**
 * `/search?q=…&page=N` (decision 0107): server-rendered, works without JavaScript (the header's and this page's forms
 * are plain GET forms), never indexed and never cached: the answer depends on `q`, which the response cache's key
 * leaves out (decision 0090), so every answer says `private, no-store`. The first page of a search is counted in the
 * audience report when it is answered.
 */
const NOT_STORED = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/** Its words and page are its own; every request counts in the public search budget with `GET /api/search`. */
export const handle: PageHandle = { params: [SEARCH_PARAM, PAGE_PARAM], rateLimit: "search" };

/** The address of a page of results, in the page's language. */
function searchPath(q: string, page: number): string {
  const params = new URLSearchParams({ [SEARCH_PARAM]: q });
  if (page > 1) params.set(PAGE_PARAM, String(page));
  return `/search?${params}`;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromSearch(url.searchParams);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are read as spaces, like the API (searchQuerySchema)
  const q = (url.searchParams.get(SEARCH_PARAM) ?? "").replace(/[\u0000-\u001f\u007f]/g, " ").trim();
  const given = url.searchParams.getAll(PAGE_PARAM);
  const pattern = new RegExp(`^[1-9]\\d{0,${String(LIMITS.siteSearchMaxPages).length - 1}}$`);
  if (given.length > 1 || (given.length === 1 && !pattern.test(given[0] ?? ""))) throw data(null, { status: 404, headers: NOT_STORED });
  const page = given.length === 1 ? Number(given[0]) : 1;
  if (page > LIMITS.siteSearchMaxPages) throw data(null, { status: 404, headers: NOT_STORED });
  if ([...q].length > LIMITS.siteSearchMax) {
    const result: SiteSearchResult = { q, status: "too_long", categories: [], products: [], total: 0, page, pageCount: 0 };
    return data(result, { headers: NOT_STORED });
  }
  // Counted with the one audience rule (robots and prefetches are not: server/services/analytics-audience.ts).
  const faults = context.get(requestFaultsContext);
  const recordFor = faults?.countsInAudience ? faults.client : undefined;
  const result = await context.get(servicesContext).search.search(q, { lang, page, recordFor });
  if (page > 1 && page > result.pageCount) throw data(null, { status: 404, headers: NOT_STORED });
  return data(result, { headers: NOT_STORED });
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  const lang = langFromSearch(location.search);
  const suffix = translate(SITE_TEXTS, lang, "seo.suffix");
  const q = loaderData?.q ?? "";
  const base = q ? translate(SEARCH_SITE_TEXTS, lang, "title.query", { q }) : translate(SEARCH_SITE_TEXTS, lang, "title");
  const page = loaderData?.page ?? 1;
  const title = `${page > 1 ? translate(SEARCH_SITE_TEXTS, lang, "paging.title", { title: base, page }) : base} | ${suffix}`;
  return pageMeta({
    title,
    description: translate(SEARCH_SITE_TEXTS, lang, "description"),
    path: "/search",
    lang,
    origin: "",
    noindex: true,
  });
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, status, categories, products, total, page, pageCount } = loaderData;
  const { lang, href } = useLang();
  const t = useTexts(SEARCH_SITE_TEXTS);
  return (
    <>
      <PageBand id="search-title" eyebrow={t("eyebrow")} title={t("heading")} narrow>
        {/* biome-ignore lint/a11y/useSemanticElements: the search landmark on the GET form itself (issue 21 asks for form role=search), no wrapper element */}
        <form role="search" aria-labelledby="search-title" action="/search" method="get" className="mt-8 flex flex-col gap-3 sm:flex-row">
          {lang !== "fr" && <input type="hidden" name={LANG_PARAM} value={lang} />}
          <div className="flex-1">
            <label htmlFor="search-page-q" className="sr-only">
              {t("label")}
            </label>
            <input
              id="search-page-q"
              type="search"
              name={SEARCH_PARAM}
              defaultValue={q}
              maxLength={LIMITS.siteSearchMax}
              aria-describedby="search-page-hint"
              className="h-12 w-full rounded-full border-0 bg-white px-5 text-base text-navy shadow-sm placeholder:text-slate-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
            />
          </div>
          <button
            type="submit"
            className="inline-flex h-12 items-center justify-center gap-2 rounded-full bg-white px-6 text-base font-semibold text-navy shadow-sm hover:bg-sand focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <Search className="size-5" aria-hidden="true" />
            {t("submit")}
          </button>
        </form>
        <p id="search-page-hint" className="mt-3 text-sm text-white">
          {t("hint")}
        </p>
      </PageBand>

      <section aria-label={t("products")} className="bg-sand px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <div className="mx-auto max-w-7xl">
          {status === "too_short" && <p className="text-lg text-slate-700">{t("tooShort")}</p>}
          {status === "too_long" && <p className="text-lg text-slate-700">{t("tooLong", { max: LIMITS.siteSearchMax })}</p>}
          {status === "empty" && <EmptyResults q={q} />}
          {status === "ok" && (
            <>
              <p className="text-sm font-medium text-slate-700" role="status">
                {t("count", { count: total })}
              </p>
              {categories.length > 0 && (
                <div className="mt-8">
                  <h2 className="font-display text-2xl font-semibold tracking-tight text-navy">{t("categories")}</h2>
                  <ul className="mt-4 flex flex-wrap gap-3">
                    {categories.map((category) => (
                      <li key={category._id}>
                        <CategoryChip slug={category.slug} name={localized(category, "name", lang)} />
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {products.length > 0 && (
                <div className="mt-10">
                  <h2 className="font-display text-2xl font-semibold tracking-tight text-navy">{t("products")}</h2>
                  <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                    {products.map((product) => (
                      <li key={product._id} className="flex">
                        <ProductCard product={product} />
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {pageCount > 1 && <Pager q={q} page={page} pageCount={pageCount} href={href} />}
            </>
          )}
        </div>
      </section>
    </>
  );
}

function CategoryChip({ slug, name }: { slug: string; name: string }) {
  const { href } = useLang();
  const { ink } = categoryAccent(slug);
  return (
    <a
      href={href(`/category/${slug}`)}
      className="inline-flex items-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold text-white shadow-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-navy"
      style={{ backgroundColor: ink }}
    >
      {name}
      <ArrowRight className="size-4" aria-hidden="true" />
    </a>
  );
}

/** No result: says so, and offers every range and the contact page. */
function EmptyResults({ q }: { q: string }) {
  const { lang, href } = useLang();
  const t = useTexts(SEARCH_SITE_TEXTS);
  const { categories } = useSiteData();
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <SearchX className="size-10 text-slate-500" aria-hidden="true" />
      <p className="mt-4 text-xl font-semibold text-navy" role="status">
        {t("empty", { q })}
      </p>
      <p className="mt-2 max-w-xl text-slate-700">{t("empty.help")}</p>
      {categories.length > 0 && (
        <>
          <h2 className="mt-8 font-display text-xl font-semibold text-navy">{t("empty.categories")}</h2>
          <ul className="mt-4 flex flex-wrap justify-center gap-3">
            {categories.map((category) => (
              <li key={category._id}>
                <CategoryChip slug={category.slug} name={localized(category, "name", lang)} />
              </li>
            ))}
          </ul>
        </>
      )}
      <a
        href={href("/contact")}
        className="mt-8 inline-flex items-center gap-2 rounded-full bg-navy px-6 py-3 text-base font-semibold text-white shadow-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-navy"
      >
        {t("empty.contact")}
        <ArrowRight className="size-5" aria-hidden="true" />
      </a>
    </div>
  );
}

/** Previous / next page as plain links, like the category page's. */
function Pager({ q, page, pageCount, href }: { q: string; page: number; pageCount: number; href: (path: string) => string }) {
  const t = useTexts(SEARCH_SITE_TEXTS);
  return <SitePager page={page} pageCount={pageCount} hrefOf={(n) => href(searchPath(q, n))} label={t("paging.label")} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen titleKey="notFound.page" />;
  throw error;
}
