import { ArrowLeft, ArrowRight } from "lucide-react";
import { useTexts } from "~/i18n/screen-lang";
import { defineTexts } from "~/i18n/texts";

/** The pager's own words, the same on every paged public list (the list names itself through `label`). */
export const PAGER_TEXTS = defineTexts({
  fr: { previous: "Page précédente", next: "Page suivante", status: "Page {page} sur {pageCount}" },
  en: { previous: "Previous page", next: "Next page", status: "Page {page} of {pageCount}" },
});

const LINK =
  "inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-navy shadow-sm transition hover:border-navy focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-navy";

/** Previous / next page as plain links (a paged public list works without JavaScript), with "page N of M" between. */
export function Pager({
  page,
  pageCount,
  hrefOf,
  label,
}: {
  page: number;
  pageCount: number;
  /** The address of another page, in the page's language. */
  hrefOf: (page: number) => string;
  /** What the pages are of ("Pages des produits"): the navigation's accessible name. */
  label: string;
}) {
  const t = useTexts(PAGER_TEXTS);
  return (
    <nav aria-label={label} className="mt-12 flex flex-wrap items-center justify-between gap-4">
      {page > 1 ? (
        <a href={hrefOf(page - 1)} rel="prev" className={LINK}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("previous")}
        </a>
      ) : (
        <span />
      )}
      <p className="text-sm font-medium text-slate-700">{t("status", { page, pageCount })}</p>
      {page < pageCount ? (
        <a href={hrefOf(page + 1)} rel="next" className={LINK}>
          {t("next")}
          <ArrowRight className="size-4" aria-hidden="true" />
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
