import { PACK_ADD_PATH } from "@shared/document-pack";
import {
  FINDER_FACETS,
  type FinderFacet,
  type FinderFilters,
  type FinderProduct,
  finderFiltersOf,
  finderSearch,
  hasFilters,
  SAMPLE_PARAM,
} from "@shared/finder";
import type { PageHandle } from "@shared/page-handle";
import { LANG_PARAM, PAGE_PARAM } from "@shared/query-params";
import { ArrowRight, FolderPlus, SearchX, SlidersHorizontal, X } from "lucide-react";
import { data, isRouteErrorResponse } from "react-router";
import { NotFoundScreen } from "~/components/site/not-found";
import { PageBand } from "~/components/site/page-band";
import { Pager } from "~/components/site/pager";
import { ProductCard } from "~/components/site/product-card";
import { siteDataFromMatches } from "~/components/site/site-data";
import { langFromSearch, localizedText } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { SITE_TEXTS } from "~/i18n/site";
import { translate } from "~/i18n/texts";
import { pageMeta, pageUrl } from "~/lib/seo";
import { servicesContext } from "~/lib/server-context";
import type { Route } from "./+types/finder-page";
import { FINDER_SITE_TEXTS } from "./texts";

/**
 * `/products` (issue 33): the catalogue filtered by what a buyer screens on, as plain GET forms and links (no
 * JavaScript). Never cached (each combination would be its own entry); one budget with `GET /api/finder`. A filtered
 * address is not indexed and names the unfiltered finder as its canonical.
 */
export const handle: PageHandle = { params: [...FINDER_FACETS, SAMPLE_PARAM, PAGE_PARAM], rateLimit: "finder" };

const NOT_STORED = { "Cache-Control": "private, no-store" };
const PATH = "/products";

/** The finder's address for `filters` (page 1 without `?page`). */
const finderPath = (filters: FinderFilters): string => {
  const search = finderSearch(filters).toString();
  return search ? `${PATH}?${search}` : PATH;
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const asked = finderFiltersOf(new URL(request.url).searchParams);
  if (asked.page === null) throw data(null, { status: 404, headers: NOT_STORED });
  const filters: FinderFilters = { ...asked, page: asked.page };
  const result = await context.get(servicesContext).finder.find(filters);
  if (filters.page > result.pageCount) throw data(null, { status: 404, headers: NOT_STORED });
  const headers = hasFilters(filters) ? { ...NOT_STORED, "X-Robots-Tag": "noindex" } : NOT_STORED;
  return data({ ...result, filters }, { headers });
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const lang = langFromSearch(location.search);
  const { origin } = siteDataFromMatches(matches);
  const base = translate(FINDER_SITE_TEXTS, lang, "title");
  const page = loaderData?.page ?? 1;
  const title = `${page > 1 ? translate(FINDER_SITE_TEXTS, lang, "paging.title", { title: base, page }) : base} | ${translate(SITE_TEXTS, lang, "seo.suffix")}`;
  const description = translate(FINDER_SITE_TEXTS, lang, "description");
  if (!loaderData || hasFilters(loaderData.filters)) {
    // A combination of filters is not indexed; its canonical is the finder itself.
    const canonical = { tagName: "link", rel: "canonical", href: pageUrl(origin, PATH, lang) };
    return [...pageMeta({ title, description, path: PATH, lang, origin, noindex: true }), ...(loaderData ? [canonical] : [])];
  }
  return pageMeta({ title, description, path: finderPath(loaderData.filters), lang, origin });
}

export default function FinderPage({ loaderData }: Route.ComponentProps) {
  const { products, total, page, pageCount, facets, sample, filters } = loaderData;
  const { lang, href } = useLang();
  const t = useTexts(FINDER_SITE_TEXTS);
  const label = (option: { labelFr: string; labelEn: string }) => (lang === "en" && option.labelEn ? option.labelEn : option.labelFr);
  const chosen = [
    ...FINDER_FACETS.flatMap((facet) =>
      facets[facet]
        .filter((option) => option.selected)
        .map((option) => ({ key: `${facet}:${option.value}`, label: label(option), without: withoutValue(filters, facet, option.value) })),
    ),
    ...(filters.sample ? [{ key: SAMPLE_PARAM, label: t("sample"), without: { ...filters, sample: false, page: 1 } }] : []),
  ];
  return (
    <>
      <PageBand id="finder-title" eyebrow={t("eyebrow")} title={t("heading")}>
        <p className="mt-4 max-w-2xl text-lg text-white">{t("intro")}</p>
      </PageBand>

      <div className="bg-sand px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <div className="mx-auto grid max-w-7xl gap-8 lg:grid-cols-[17rem_1fr] lg:items-start">
          <details className="group rounded-2xl border border-slate-200 bg-white shadow-sm lg:sticky lg:top-24 lg:[&::details-content]:[content-visibility:visible] lg:[&::details-content]:block">
            <summary className="flex cursor-pointer list-none items-center gap-2 rounded-2xl px-5 py-4 font-semibold text-navy focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-navy lg:hidden [&::-webkit-details-marker]:hidden">
              <SlidersHorizontal className="size-5" aria-hidden="true" />
              {chosen.length > 0 ? t("filters.count", { count: chosen.length }) : t("filters")}
            </summary>
            <form
              action={PATH}
              method="get"
              aria-label={t("filters")}
              className="flex flex-col gap-6 border-t border-slate-200 px-5 py-5 lg:border-t-0"
            >
              {lang !== "fr" && <input type="hidden" name={LANG_PARAM} value={lang} />}
              <h2 className="hidden font-display text-xl font-semibold text-navy lg:block">{t("filters")}</h2>
              {FINDER_FACETS.map((facet) => {
                const options = facets[facet].filter((option) => option.count > 0 || option.selected);
                if (options.length === 0) return null;
                return (
                  <fieldset key={facet}>
                    <legend className="text-sm font-semibold uppercase tracking-wide text-slate-700">{t(`facet.${facet}`)}</legend>
                    <ul className="mt-2 flex flex-col gap-1">
                      {options.map((option) => (
                        <li key={option.value}>
                          <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-slate-800 hover:bg-sand">
                            <input
                              type="checkbox"
                              name={facet}
                              value={option.value}
                              defaultChecked={option.selected}
                              className="size-5 shrink-0 accent-navy"
                            />
                            <span className="flex-1">{label(option)}</span>
                            <span className="text-sm tabular-nums text-slate-600">{option.count}</span>
                          </label>
                        </li>
                      ))}
                    </ul>
                  </fieldset>
                );
              })}
              {(sample.count > 0 || sample.selected) && (
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 font-medium text-slate-800 hover:bg-sand">
                  <input
                    type="checkbox"
                    name={SAMPLE_PARAM}
                    value="1"
                    defaultChecked={sample.selected}
                    className="size-5 shrink-0 accent-navy"
                  />
                  <span className="flex-1">{t("sample")}</span>
                  <span className="text-sm tabular-nums text-slate-600">{sample.count}</span>
                </label>
              )}
              <button
                type="submit"
                className="inline-flex h-12 items-center justify-center gap-2 rounded-full bg-navy px-6 text-base font-semibold text-white shadow-sm hover:bg-navy/90 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-navy"
              >
                {t("apply")}
              </button>
              {chosen.length > 0 && (
                <a href={href(PATH)} className="text-center text-sm font-semibold text-navy underline underline-offset-4">
                  {t("clear")}
                </a>
              )}
            </form>
          </details>

          <section aria-labelledby="finder-results" className="min-w-0">
            <div className="flex flex-wrap items-baseline justify-between gap-3">
              <h2 id="finder-results" className="font-display text-2xl font-semibold tracking-tight text-navy">
                {t("results")}
              </h2>
              <p className="text-sm font-medium text-slate-700" role="status">
                {t("count", { count: total })}
              </p>
            </div>
            {chosen.length > 0 && (
              <ul aria-label={t("chosen")} className="mt-4 flex flex-wrap gap-2">
                {chosen.map((item) => (
                  <li key={item.key}>
                    <a
                      href={href(finderPath(item.without))}
                      aria-label={t("remove", { label: item.label })}
                      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-navy bg-white px-4 text-sm font-semibold text-navy hover:bg-navy hover:text-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-navy"
                    >
                      {item.label}
                      <X className="size-4" aria-hidden="true" />
                    </a>
                  </li>
                ))}
              </ul>
            )}
            {products.length === 0 ? (
              <NoMatch />
            ) : (
              <ul className="mt-6 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
                {products.map((product) => (
                  <li key={product._id} className="flex">
                    <ProductCard product={product} actions={<AddToPack product={product} />} />
                  </li>
                ))}
              </ul>
            )}
            {pageCount > 1 && (
              <Pager
                page={page}
                pageCount={pageCount}
                hrefOf={(n) => href(finderPath({ ...filters, page: n }))}
                label={t("paging.label")}
              />
            )}
          </section>
        </div>
      </div>
    </>
  );
}

/** `filters` without one value of one filter, from page 1. */
function withoutValue(filters: FinderFilters, facet: FinderFacet, value: string): FinderFilters {
  return { ...filters, [facet]: filters[facet].filter((v) => v !== value), page: 1 };
}

function NoMatch() {
  const { href } = useLang();
  const t = useTexts(FINDER_SITE_TEXTS);
  return (
    <div className="mt-6 flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <SearchX className="size-10 text-slate-500" aria-hidden="true" />
      <p className="mt-4 text-xl font-semibold text-navy">{t("empty")}</p>
      <p className="mt-2 max-w-xl text-slate-700">{t("empty.help")}</p>
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen titleKey="notFound.page" />;
  throw error;
}

/** A card's documents (public and on request) added to the buyer's pack in one plain form (decision 0125). */
function AddToPack({ product }: { product: FinderProduct }) {
  const { lang } = useLang();
  const t = useTexts(FINDER_SITE_TEXTS);
  const count = product.documentIds.length;
  if (count === 0) return null;
  const name = localizedText(product, "name", lang).value;
  return (
    <form method="post" action={PACK_ADD_PATH}>
      <input type="hidden" name="documentIds" value={product.documentIds.join(",")} />
      <input type="hidden" name="lang" value={lang} />
      <button
        type="submit"
        aria-label={t("pack.addLabel", { count, name })}
        className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-navy hover:bg-sand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy"
      >
        <FolderPlus className="size-4" aria-hidden="true" />
        {t("pack.add", { count })}
      </button>
    </form>
  );
}
