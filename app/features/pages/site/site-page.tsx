import { richToPlain } from "@shared/schemas/rich-text";
import { data, isRouteErrorResponse, redirect } from "react-router";
import { Breadcrumbs } from "~/components/site/breadcrumbs";
import { sitePagePath } from "~/components/site/legal-links";
import { NotFoundScreen } from "~/components/site/not-found";
import { RichText } from "~/components/site/rich-text";
import { siteDataFromMatches } from "~/components/site/site-data";
import { langAttr, langFromSearch, localized, localizedPath, localizedText, ownLangText, shownIn } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { SITE_TEXTS } from "~/i18n/site";
import { translate } from "~/i18n/texts";
import { breadcrumbJsonLd, metaOr, notFoundMeta, pageMeta } from "~/lib/seo";
import { servicesContext } from "~/lib/server-context";
import type { Route } from "./+types/site-page";

/**
 * An editable page (decision 0102) at `/page/<slug>`: the French slug, or the English one with `?lang=en`. A slug of
 * the other language (the language toggle keeps the path) redirects (301) to the page's address in the asked language.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromSearch(url.search);
  const page = await context.get(servicesContext).pages.getPublic(params.slug);
  if (!page) throw data(null, { status: 404 });
  const own = localized(page, "slug", lang);
  if (own !== params.slug) throw redirect(localizedPath(`/page/${encodeURIComponent(own)}${url.search}`, lang), 301);
  return { page };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const lang = langFromSearch(location.search);
  const { origin } = siteDataFromMatches(matches);
  if (!loaderData) return notFoundMeta("page", { lang, origin, path: location.pathname });
  const { page } = loaderData;
  const title = localized(page, "title", lang);
  const paths = { fr: sitePagePath(page, "fr"), en: sitePagePath(page, "en") };
  return pageMeta({
    title: metaOr(ownLangText(page, "metaTitle", lang), `${title} | ${translate(SITE_TEXTS, lang, "seo.suffix")}`),
    description: metaOr(ownLangText(page, "metaDescription", lang), title),
    path: paths[lang],
    paths,
    lang,
    origin,
    jsonLd: [
      breadcrumbJsonLd(origin, lang, [
        { name: translate(SITE_TEXTS, lang, "nav.home"), path: "/" },
        { name: title, path: paths[lang] },
      ]),
    ],
  });
}

export default function SitePageScreen({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { lang } = useLang();
  const site = useTexts(SITE_TEXTS);
  const shownTitle = localizedText(page, "title", lang);
  const title = shownTitle.value;
  const body = shownIn({ fr: page.bodyFr, en: page.bodyEn }, lang, (doc) => !richToPlain(doc).trim());
  return (
    <article aria-labelledby="page-title" className="bg-sand px-4 pt-10 pb-16 sm:px-6 sm:pt-14 sm:pb-24 lg:px-8">
      <div className="mx-auto max-w-3xl">
        <Breadcrumbs
          items={[
            { label: site("nav.home"), to: "/" },
            { label: title, to: sitePagePath(page, lang) },
          ]}
        />
        <h1
          id="page-title"
          lang={langAttr(shownTitle, lang)}
          className="mt-8 font-display text-4xl font-semibold tracking-tight text-navy text-balance sm:text-5xl"
        >
          {title}
        </h1>
        {richToPlain(body.value).trim() && (
          <div lang={langAttr(body, lang)}>
            <RichText
              doc={body.value}
              className="mt-8 rounded-3xl bg-white p-6 text-base leading-7 text-slate-800 shadow-sm ring-1 ring-navy/5 sm:p-10 sm:text-lg sm:leading-8"
            />
          </div>
        )}
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen titleKey="notFound.page" />;
  throw error;
}
