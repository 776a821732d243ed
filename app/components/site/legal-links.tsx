import type { Lang } from "@shared/company";
import type { SitePageLink } from "@shared/schemas/site-page";
import { Link } from "react-router";
import { localized } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { SITE_TEXTS } from "~/i18n/site";
import { useSiteData } from "./site-data";

/** The address of an editable page in `lang`: its slug in that language (decision 0102). */
export function sitePagePath(page: Pick<SitePageLink, "slugFr" | "slugEn">, lang: Lang): string {
  return `/page/${encodeURIComponent(localized(page, "slug", lang))}`;
}

/** The footer's short list of the active editable pages (legal notice, privacy policy…), from the layout's data. */
export function LegalLinks({ className }: { className?: string }) {
  const { pages } = useSiteData();
  const { lang, href } = useLang();
  const t = useTexts(SITE_TEXTS);
  if (pages.length === 0) return null;
  return (
    <nav aria-label={t("legal.label")} className={className}>
      <ul className="flex flex-wrap gap-x-5 gap-y-2">
        {pages.map((page) => (
          <li key={page._id}>
            <Link
              to={href(sitePagePath(page, lang))}
              className="rounded text-slate-300 underline underline-offset-4 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {localized(page, "title", lang)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
