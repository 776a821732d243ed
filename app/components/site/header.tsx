import { LIMITS } from "@shared/limits";
import { LANG_PARAM, SEARCH_PARAM } from "@shared/query-params";
import type { Category } from "@shared/schemas/category";
import { Menu, Search, X } from "lucide-react";
import { Link } from "react-router";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { SITE_TEXTS } from "~/i18n/site";
import { cn } from "~/lib/cn";
import { LanguageToggle } from "./language-toggle";
import { Logo } from "./logo";
import { barFitsFrom, NavItems, useNavItems } from "./nav-links";

export const MOBILE_MENU_ID = "mobile-menu";

/** Where the menu button and its menu hide: from where the bar holds every link (literal classes, for Tailwind). */
const MENU_HIDDEN_FROM = { lg: "lg:hidden", xl: "xl:hidden", never: "" } as const;

/**
 * Fixed top bar (h-20): logo, links, FR/EN; a hamburger menu below the lg breakpoint, and at any width where the bar
 * cannot hold every link on one line (`barFitsFrom`: a company with many categories). Rendered on the server only:
 * the site island (app/islands/site.ts) opens and closes the menu; without JavaScript the footer carries every link.
 * The search (decision 0107) is a plain GET form from the xl breakpoint, an icon link to the search page below it.
 */
export function SiteHeader({ categories }: { categories: Category[] }) {
  const { href } = useLang();
  const t = useTexts(SITE_TEXTS);
  const items = useNavItems(categories);
  const menuHidden = MENU_HIDDEN_FROM[barFitsFrom(items.map((item) => item.label))];
  const menuId = MOBILE_MENU_ID;
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-20 border-b border-slate-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-2 px-4 sm:gap-3 sm:px-6 lg:px-8">
        <Link
          to={href("/")}
          aria-label={t("site.homeLink")}
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-navy"
        >
          <Logo />
        </Link>
        {/* min-w-0: however many categories the company adds, the bar scrolls sideways within its own box and never
            pushes the search and the FR/EN toggle out of the window (a fixed header cannot be scrolled to). */}
        <nav aria-label={t("nav.label")} className="hidden min-w-0 overflow-x-auto p-1 [scrollbar-width:thin] lg:block">
          <NavItems items={items} variant="bar" />
        </nav>
        <div className="flex items-center gap-1.5 sm:gap-2">
          <HeaderSearch />
          <LanguageToggle />
          <button
            type="button"
            className={cn(
              "group inline-flex size-10 items-center justify-center rounded-full text-navy sm:size-11 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy",
              menuHidden,
            )}
            aria-expanded="false"
            aria-controls={menuId}
            aria-label={t("nav.openMenu")}
            data-menu-toggle=""
            data-label-open={t("nav.openMenu")}
            data-label-close={t("nav.closeMenu")}
          >
            <Menu className="size-6 group-aria-expanded:hidden" aria-hidden="true" />
            <X className="hidden size-6 group-aria-expanded:block" aria-hidden="true" />
          </button>
        </div>
      </div>
      <nav
        id={menuId}
        aria-label={t("nav.mobileLabel")}
        hidden
        className={cn(
          "max-h-[calc(100dvh-5rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pt-2 pb-5 shadow-lg sm:px-6",
          menuHidden,
        )}
      >
        <NavItems items={items} variant="menu" />
      </nav>
    </header>
  );
}

/** A GET form to `/search` (no JavaScript needed) on wide screens; on narrower ones a link to the search page. */
function HeaderSearch() {
  const { lang, href } = useLang();
  const t = useTexts(SITE_TEXTS);
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: the search landmark on the GET form itself (issue 21 asks for form role=search), no wrapper element */}
      <form role="search" aria-label={t("search.label")} action="/search" method="get" className="hidden items-center xl:flex">
        {lang !== "fr" && <input type="hidden" name={LANG_PARAM} value={lang} />}
        <label htmlFor="site-search-q" className="sr-only">
          {t("search.label")}
        </label>
        <input
          id="site-search-q"
          type="search"
          name={SEARCH_PARAM}
          maxLength={LIMITS.siteSearchMax}
          placeholder={t("search.placeholder")}
          className="h-10 w-44 rounded-l-full border border-r-0 border-slate-300 bg-white pl-4 pr-2 text-sm text-navy placeholder:text-slate-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy"
        />
        <button
          type="submit"
          aria-label={t("search.submit")}
          className="inline-flex h-10 w-11 items-center justify-center rounded-r-full border border-slate-300 bg-white text-navy hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy"
        >
          <Search className="size-5" aria-hidden="true" />
        </button>
      </form>
      <a
        href={href("/search")}
        aria-label={t("search.link")}
        className="inline-flex size-10 items-center justify-center rounded-full text-navy hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy sm:size-11 xl:hidden"
      >
        <Search className="size-6" aria-hidden="true" />
      </a>
    </>
  );
}
