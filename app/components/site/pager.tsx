import { ArrowLeft, ArrowRight } from "lucide-react";

const LINK =
  "inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-navy shadow-sm transition hover:border-navy focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-navy";

/** Previous / next page as plain links (a paged public list works without JavaScript), with "page N of M" between. */
export function Pager({
  page,
  pageCount,
  hrefOf,
  texts,
}: {
  page: number;
  pageCount: number;
  /** The address of another page, in the page's language. */
  hrefOf: (page: number) => string;
  texts: { label: string; previous: string; next: string; status: string };
}) {
  return (
    <nav aria-label={texts.label} className="mt-12 flex flex-wrap items-center justify-between gap-4">
      {page > 1 ? (
        <a href={hrefOf(page - 1)} rel="prev" className={LINK}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {texts.previous}
        </a>
      ) : (
        <span />
      )}
      <p className="text-sm font-medium text-slate-700">{texts.status}</p>
      {page < pageCount ? (
        <a href={hrefOf(page + 1)} rel="next" className={LINK}>
          {texts.next}
          <ArrowRight className="size-4" aria-hidden="true" />
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
