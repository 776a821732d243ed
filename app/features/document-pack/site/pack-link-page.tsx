import { PACK_ADD_PATH, packFilePath } from "@shared/document-pack";
import { DOCUMENT_KIND_NAMES, DOCUMENT_LANGUAGE_NAMES, humanSize } from "@shared/documents";
import type { PageHandle } from "@shared/page-handle";
import { CircleAlert, Download, FileText, RotateCcw } from "lucide-react";
import { data } from "react-router";
import { siteDataFromMatches } from "~/components/site/site-data";
import { buttonClass } from "~/components/ui/button";
import { langFromSearch } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { pageMeta } from "~/lib/seo";
import { servicesContext } from "~/lib/server-context";
import type { Route } from "./+types/pack-link-page";
import { DOCUMENT_PACK_TEXTS } from "./texts";

/** Every request of a link counts against the per-address budget: tokens cannot be guessed in a loop. */
export const handle: PageHandle = { rateLimit: "packLink" };

/** Never cached, never indexed, and the token never leaves in a Referer. */
const PRIVATE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" };

/**
 * The page an approved pack's link opens (decision 0125): the approved files, each a download under the token's path;
 * 410 in the request's language with a way to ask again once the link expired or was revoked; 404 for any other token.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { packs } = context.get(servicesContext);
  const view = await packs.view(params.token.slice(0, 100));
  const status = view.status === "missing" ? 404 : view.status === "gone" ? 410 : 200;
  return data({ view, token: view.status === "open" ? params.token : "" }, { status, headers: PRIVATE });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ location, matches }: Route.MetaArgs) {
  const lang = langFromSearch(location.search);
  const { origin } = siteDataFromMatches(matches);
  return pageMeta({
    title: translate(DOCUMENT_PACK_TEXTS, lang, "link.title"),
    description: translate(DOCUMENT_PACK_TEXTS, lang, "seo.description"),
    path: "/document-pack",
    lang,
    origin,
    noindex: true,
  });
}

function formatDate(iso: string, lang: "fr" | "en"): string {
  return new Intl.DateTimeFormat(lang === "fr" ? "fr-FR" : "en-GB", { dateStyle: "long", timeZone: "Africa/Tunis" }).format(new Date(iso));
}

export default function PackLinkPage({ loaderData }: Route.ComponentProps) {
  const { view, token } = loaderData;
  const { lang } = useLang();
  const t = useTexts(DOCUMENT_PACK_TEXTS);
  const card = "rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10";

  return (
    <section aria-labelledby="pack-link-title" className="bg-sand px-4 pt-12 pb-16 sm:px-6 sm:pt-16 sm:pb-24 lg:px-8">
      <div className="mx-auto max-w-2xl">
        {view.status === "open" && (
          <div className={card}>
            <p className="text-sm font-semibold uppercase tracking-[0.18em] text-teal-800">{t("eyebrow")}</p>
            <h1 id="pack-link-title" className="mt-3 font-display text-3xl font-semibold tracking-tight text-navy sm:text-4xl">
              {t("link.title")}
            </h1>
            <p className="mt-4 text-lg leading-relaxed text-slate-700">{t("link.intro", { date: formatDate(view.expiresAt, lang) })}</p>
            {view.documents.length === 0 ? (
              <p className="mt-6 text-slate-700">{t("link.none")}</p>
            ) : (
              <ul className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200">
                {view.documents.map((doc) => {
                  const name = `${doc.productName} — ${DOCUMENT_KIND_NAMES[doc.kind][lang]} (${DOCUMENT_LANGUAGE_NAMES[doc.language][lang]})`;
                  const size = humanSize(doc.sizeBytes, lang);
                  return (
                    <li
                      key={doc.documentId}
                      data-testid="pack-file"
                      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
                    >
                      <div className="flex min-w-0 gap-3">
                        <FileText className="mt-0.5 size-5 shrink-0 text-slate-600" aria-hidden="true" />
                        <div className="min-w-0">
                          <p className="font-medium text-navy">{name}</p>
                          <p className="text-sm text-slate-700">{size}</p>
                        </div>
                      </div>
                      <a
                        href={packFilePath(token, doc.documentId)}
                        download
                        aria-label={t("link.downloadLabel", { name, size })}
                        className={buttonClass({ variant: "outline", size: "sm" })}
                      >
                        <Download className="size-4" aria-hidden="true" />
                        {t("link.download")}
                      </a>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        )}
        {view.status === "gone" && (
          <div className={card}>
            <CircleAlert className="size-12 text-amber-700" aria-hidden="true" />
            <h1 id="pack-link-title" className="mt-6 font-display text-3xl font-semibold tracking-tight text-navy sm:text-4xl">
              {t("gone.title")}
            </h1>
            <p className="mt-4 text-lg leading-relaxed text-slate-700">{t("gone.text")}</p>
            <form method="post" action={PACK_ADD_PATH} className="mt-8">
              <input type="hidden" name="documentIds" value={view.documentIds.join(",")} />
              <input type="hidden" name="lang" value={lang} />
              <button type="submit" className={buttonClass({ size: "lg" })}>
                <RotateCcw className="size-5" aria-hidden="true" />
                {t("gone.again")}
              </button>
            </form>
          </div>
        )}
        {view.status === "missing" && (
          <div className={card}>
            <h1 id="pack-link-title" className="font-display text-3xl font-semibold tracking-tight text-navy sm:text-4xl">
              {t("missing.title")}
            </h1>
            <p className="mt-4 text-lg leading-relaxed text-slate-700">{t("missing.text")}</p>
          </div>
        )}
      </div>
    </section>
  );
}
