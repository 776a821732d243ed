import { PACK_ADD_PATH } from "@shared/document-pack";
import { DOCUMENT_KIND_NAMES, DOCUMENT_LANGUAGE_NAMES, humanSize, type PublicDocument } from "@shared/documents";
import { PRODUCT_PARAM, TYPE_PARAM } from "@shared/quote-request";
import { Download, FileText, FolderPlus, Mail } from "lucide-react";
import { Link } from "react-router";
import { ProductSection } from "~/components/site/product-section";
import { DOCUMENT_PACK_TEXTS } from "~/features/document-pack/site/texts";
import { langAttr, localizedText } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { PRODUCT_DOCUMENTS_TEXTS } from "./texts";

function formatDate(value: string, lang: "fr" | "en"): string {
  const [year, month, day] = value.split("-").map(Number);
  return new Intl.DateTimeFormat(lang === "fr" ? "fr-FR" : "en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)),
  );
}

/**
 * The product's documents: type, language, size, version and date; a public one is a download link (the size in its
 * accessible name), an on-request one links to the quote form with the product and the type "documents" chosen.
 * Server-rendered, plain links: no JavaScript.
 */
export function ProductDocuments({ documents, productSlug, ink }: { documents: PublicDocument[]; productSlug: string; ink: string }) {
  const { lang, href } = useLang();
  const t = useTexts(PRODUCT_DOCUMENTS_TEXTS);
  const pack = useTexts(DOCUMENT_PACK_TEXTS);
  if (documents.length === 0) return null;
  const requestPath = `/contact?${PRODUCT_PARAM}=${encodeURIComponent(productSlug)}&${TYPE_PARAM}=documents`;
  return (
    <ProductSection id="documents-title" title={t("title")} ink={ink}>
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200">
        {documents.map((document) => {
          const kind = DOCUMENT_KIND_NAMES[document.kind][lang];
          const shownTitle = localizedText(document, "title", lang);
          const title = shownTitle.value || kind;
          const size = humanSize(document.sizeBytes, lang);
          return (
            <li key={document._id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
              <div className="flex min-w-0 gap-3">
                <FileText className="mt-0.5 size-5 shrink-0 text-slate-600" aria-hidden="true" />
                <div className="min-w-0">
                  <p lang={shownTitle.value ? langAttr(shownTitle, lang) : undefined} className="font-semibold text-navy">
                    {title}
                  </p>
                  <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                    {title !== kind && (
                      <div>
                        <dt className="sr-only">{t("type")}</dt>
                        <dd>{kind}</dd>
                      </div>
                    )}
                    <div className="flex gap-1">
                      <dt>{t("language")}</dt>
                      <dd>{DOCUMENT_LANGUAGE_NAMES[document.language][lang]}</dd>
                    </div>
                    <div className="flex gap-1">
                      <dt>{t("size")}</dt>
                      <dd>{size}</dd>
                    </div>
                    {document.versionLabel && (
                      <div className="flex gap-1">
                        <dt>{t("version")}</dt>
                        <dd>{document.versionLabel}</dd>
                      </div>
                    )}
                    {document.documentDate && (
                      <div className="flex gap-1">
                        <dt>{t("date")}</dt>
                        <dd>
                          <time dateTime={document.documentDate}>{formatDate(document.documentDate, lang)}</time>
                        </dd>
                      </div>
                    )}
                  </dl>
                </div>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                {document.url ? (
                  <a
                    href={document.url}
                    download
                    type="application/pdf"
                    aria-label={t("downloadLabel", { name: title, size })}
                    className="inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-full bg-navy px-5 text-sm font-semibold text-white hover:bg-navy/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy"
                  >
                    <Download className="size-4" aria-hidden="true" />
                    {t("download")}
                  </a>
                ) : (
                  <Link
                    to={href(requestPath)}
                    aria-label={t("requestLabel", { name: title })}
                    className="inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-full border border-navy px-5 text-sm font-semibold text-navy hover:bg-sand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy"
                  >
                    <Mail className="size-4" aria-hidden="true" />
                    {t("request")}
                  </Link>
                )}
                {/* A plain form: the pack lives in a cookie, so this cached page never varies (decision 0125). */}
                <form method="post" action={PACK_ADD_PATH}>
                  <input type="hidden" name="documentId" value={document._id} />
                  <input type="hidden" name="lang" value={lang} />
                  <button
                    type="submit"
                    aria-label={pack("addLabel", { name: `${title} (${DOCUMENT_LANGUAGE_NAMES[document.language][lang]})` })}
                    className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-slate-300 bg-white px-5 text-sm font-semibold text-navy hover:bg-sand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy"
                  >
                    <FolderPlus className="size-4" aria-hidden="true" />
                    {pack("add")}
                  </button>
                </form>
              </div>
            </li>
          );
        })}
      </ul>
    </ProductSection>
  );
}
