import type { Category } from "@shared/schemas/category";
import { Menu, X } from "lucide-react";
import { Link } from "react-router";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { SITE_TEXTS } from "~/i18n/site";
import { LanguageToggle } from "./language-toggle";
import { Logo } from "./logo";
import { NavItems, useNavItems } from "./nav-links";

export const MOBILE_MENU_ID = "mobile-menu";

/**
 * Fixed top bar (h-20): logo, links, FR/EN; a hamburger menu below the lg breakpoint. Rendered on the server only:
 * the site island (app/islands/site.ts) opens and closes the menu; without JavaScript the footer carries every link.
 */
export function SiteHeader({ categories }: { categories: Category[] }) {
  const { href } = useLang();
  const t = useTexts(SITE_TEXTS);
  const items = useNavItems(categories);
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
        <nav aria-label={t("nav.label")} className="hidden lg:block">
          <NavItems items={items} variant="bar" />
        </nav>
        <div className="flex items-center gap-1.5 sm:gap-2">
          <LanguageToggle />
          <button
            type="button"
            className="group inline-flex size-10 items-center justify-center rounded-full text-navy sm:size-11 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy lg:hidden"
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
        className="max-h-[calc(100dvh-5rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pt-2 pb-5 shadow-lg sm:px-6 lg:hidden"
      >
        <NavItems items={items} variant="menu" />
      </nav>
    </header>
  );
}
