import type { PageHandle } from "@shared/page-handle";
import { PREVIEW_PARAM } from "@shared/query-params";
import { PRODUCT_PARAM, type RequestType, TYPE_PARAM } from "@shared/quote-request";
import { specSheetPath } from "@shared/spec-sheets";
import { ArrowRight, FileDown } from "lucide-react";
import type { CSSProperties } from "react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { categoryAccent } from "~/components/site/accent";
import { Breadcrumbs } from "~/components/site/breadcrumbs";
import { ImageLooks } from "~/components/site/image-looks";
import { NotFoundScreen } from "~/components/site/not-found";
import { PreloadImage } from "~/components/site/preload-image";
import { ProductCard } from "~/components/site/product-card";
import { ProductSection } from "~/components/site/product-section";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { siteDataFromMatches } from "~/components/site/site-data";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { hasCertification } from "~/features/certifications/site/certifications-json-ld";
import { CertificationsSection } from "~/features/certifications/site/certifications-section";
import { ContactBand } from "~/features/inbox/site/contact-band";
import { productJsonLd } from "~/features/product-facts/site/facts-json-ld";
import { ProductFacts } from "~/features/product-facts/site/product-facts";
import { ProductRegulatory, ProductUses } from "~/features/product-facts/site/product-regulatory";
import { langAttr, langFromSearch, localized, localizedText, ownLangText } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { SITE_TEXTS } from "~/i18n/site";
import { translate } from "~/i18n/texts";
import { absoluteUrl, breadcrumbJsonLd, metaOr, notFoundMeta, pageMeta, pageUrl } from "~/lib/seo";
import { servicesContext } from "~/lib/server-context";
import type { Route } from "./+types/product-page";
import { blockShows, ContentBlocks } from "./content-blocks";
import { ProductDocuments } from "./product-documents";
import { PRODUCT_SITE_TEXTS } from "./texts";

/**
 * An address with a preview token is never stored: not by the response cache (it skips answers marked private),
 * not by browsers or CDNs, and not indexed, whatever the answer (a valid token, a bad one, a 404). No referrer either,
 * so the token does not leave in the next page's visit record or to another site.
 */
const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };

/** A preview token is its own (PageHandle): an administrator switches languages within the preview. */
export const handle: PageHandle = { params: [PREVIEW_PARAM] };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get(PREVIEW_PARAM);
  const headers = token === null ? undefined : PREVIEW_HEADERS;
  const services = context.get(servicesContext);
  const view = await services.preview.productView(params.slug, token);
  if (!view) throw data(null, { status: 404, headers });
  const { product, contentBlocks, similarProducts } = view.page;
  // The media library's alt texts and focal points of every image of the page, in one query (decision 0105).
  const imageLooks = await services.media.looks([
    product.mainImageUrl,
    ...contentBlocks.map((block) => block.imageUrl),
    ...similarProducts.map((similar) => similar.mainImageUrl),
    ...view.page.certifications.map((certification) => certification.logoUrl),
  ]);
  // The product's documents (decision 0109): on-request ones are listed too, without a download address.
  const documents = await services.documents.publicList(product._id, product.slug);
  return data({ ...view.page, preview: view.preview, imageLooks, documents }, { headers });
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const lang = langFromSearch(location.search);
  const { origin } = siteDataFromMatches(matches);
  if (!loaderData) return notFoundMeta("product", { lang, origin, path: location.pathname });
  const { product, preview } = loaderData;
  const name = localized(product, "name", lang);
  const path = `/product/${product.slug}`;
  const trail = [{ name: translate(SITE_TEXTS, lang, "nav.home"), path: "/" }];
  if (product.category) trail.push({ name: localized(product.category, "name", lang), path: `/category/${product.category.slug}` });
  trail.push({ name, path });
  return pageMeta({
    title: metaOr(ownLangText(product, "metaTitle", lang), `${name} | ${translate(SITE_TEXTS, lang, "seo.suffix")}`),
    description: metaOr(ownLangText(product, "metaDescription", lang), localized(product, "shortDescription", lang)),
    path,
    lang,
    origin,
    image: product.mainImageUrl,
    type: "product",
    jsonLd: [
      breadcrumbJsonLd(origin, lang, trail),
      {
        ...productJsonLd(
          {
            ...product,
            name,
            description: localized(product, "shortDescription", lang),
            image: absoluteUrl(origin, product.mainImageUrl),
            url: pageUrl(origin, path, lang),
            sku: product.slug,
          },
          lang,
        ),
        ...hasCertification(loaderData.certifications, lang, (url) => absoluteUrl(origin, url)),
      },
    ],
    noindex: preview,
  });
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, contentBlocks, similarProducts, preview, imageLooks, documents } = loaderData;
  const { lang, href } = useLang();
  const t = useTexts(PRODUCT_SITE_TEXTS);
  const site = useTexts(SITE_TEXTS);
  const { category } = product;
  const { ink } = categoryAccent(category?.slug);
  const shownName = localizedText(product, "name", lang);
  const name = shownName.value;
  const shortDescription = localizedText(product, "shortDescription", lang);
  const shownCategoryName = category ? localizedText(category, "name", lang) : null;
  const categoryName = shownCategoryName?.value ?? null;
  // The contact form with this product chosen and the request's type (decisions 0108, 0117): plain links, so they work
  // without JavaScript.
  const requestPath = (type: RequestType) => `/contact?${PRODUCT_PARAM}=${encodeURIComponent(product.slug)}&${TYPE_PARAM}=${type}`;

  const trail = [{ label: site("nav.home"), to: "/" }];
  if (category && categoryName) trail.push({ label: categoryName, to: `/category/${category.slug}` });
  trail.push({ label: name, to: `/product/${product.slug}` });

  return (
    <ImageLooks looks={imageLooks} lang={lang}>
      {preview && (
        <div role="status" className="border-b-2 border-amber-400 bg-amber-100 px-4 py-3 text-amber-950 sm:px-6 lg:px-8">
          <p className="mx-auto flex max-w-7xl flex-wrap items-baseline gap-x-3 gap-y-1">
            <strong className="font-semibold">{t("previewBand")}</strong>
            <span className="text-sm">{t("previewText")}</span>
          </p>
        </div>
      )}
      <section
        aria-labelledby="product-title"
        className="bg-sand px-4 pt-8 pb-14 sm:px-6 sm:pt-10 sm:pb-20 lg:px-8"
        style={{ "--ink": ink } as CSSProperties}
      >
        <div className="mx-auto max-w-7xl">
          <Breadcrumbs items={trail} />
          <div className="mt-8 grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
            <div className="aspect-[4/3] overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-navy/5">
              <PreloadImage src={product.mainImageUrl} sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw" />
              <ResponsiveImage
                src={product.mainImageUrl}
                alt={name}
                sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
                priority
                className="size-full object-cover"
              />
            </div>
            <div>
              <div className="flex flex-wrap items-center gap-2">
                {category && categoryName && (
                  <Link
                    to={href(`/category/${category.slug}`)}
                    className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--ink)]"
                  >
                    <Badge accent={ink}>
                      <span lang={shownCategoryName ? langAttr(shownCategoryName, lang) : undefined}>{categoryName}</span>
                    </Badge>
                  </Link>
                )}
                {product.isActive && (
                  <Badge tone="success">
                    <span aria-hidden="true" className="mr-1.5 size-1.5 rounded-full bg-emerald-600" />
                    {t("available")}
                  </Badge>
                )}
              </div>
              <h1
                id="product-title"
                lang={langAttr(shownName, lang)}
                className="mt-4 font-display text-4xl font-semibold tracking-tight text-navy text-balance sm:text-5xl"
              >
                {name}
              </h1>
              <p lang={langAttr(shortDescription, lang)} className="mt-5 text-lg leading-relaxed text-slate-700 text-pretty">
                {shortDescription.value}
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
                <ButtonLink to={href(requestPath("quote"))} accent={ink} size="lg">
                  {t("quote")}
                  <ArrowRight className="size-5" aria-hidden="true" />
                </ButtonLink>
                <ButtonLink to={href(requestPath("sample"))} accent={ink} variant="outline" size="lg">
                  {t("sample")}
                </ButtonLink>
              </div>
              {!preview && (
                // The sheet made from this page's data (decision 0126): a file, so a plain link, not client navigation.
                <a
                  href={href(specSheetPath(product.slug))}
                  type="application/pdf"
                  className="mt-5 inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-navy underline underline-offset-4 hover:decoration-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--ink)]"
                >
                  <FileDown className="size-5 shrink-0 text-[var(--ink)]" aria-hidden="true" />
                  {t("specSheet")}
                </a>
              )}
            </div>
          </div>
        </div>
      </section>

      <ProductFacts product={product} lang={lang} ink={ink} />
      <ProductUses applications={loaderData.applications} functions={loaderData.functions} lang={lang} ink={ink} />
      <ProductRegulatory product={product} documents={documents} lang={lang} ink={ink} />
      <ProductDocuments documents={documents} productSlug={product.slug} ink={ink} />
      <CertificationsSection certifications={loaderData.certifications} ink={ink} />

      {contentBlocks.some((block) => blockShows(block, lang)) && (
        <ProductSection id="details-title" title={t("details")} ink={ink}>
          <ContentBlocks blocks={contentBlocks} productName={name} ink={ink} />
        </ProductSection>
      )}

      {similarProducts.length > 0 && (
        <section aria-labelledby="similar-title" className="bg-sand px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
          <div className="mx-auto max-w-7xl">
            <h2 id="similar-title" className="font-display text-3xl font-semibold tracking-tight text-navy">
              {t("similar")}
            </h2>
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {similarProducts.map((similar) => (
                <li key={similar._id} className="flex">
                  <ProductCard product={similar} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      <ContactBand ink={ink} title={t("ctaTitle")} text={t("ctaText")} />
    </ImageLooks>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen titleKey="notFound.product" />;
  throw error;
}
