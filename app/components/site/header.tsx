import { Menu, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { useLang } from "~/i18n/lang-context";
import type { Category } from "../../../shared/schemas/category";
import { LanguageToggle } from "./language-toggle";
import { Logo } from "./logo";
import { NavItems, useNavItems } from "./nav-links";

/** Fixed top bar (h-20): logo, links, FR/EN; a hamburger menu below the lg breakpoint. */
export function SiteHeader({ categories }: { categories: Category[] }) {
  const { t, href } = useLang();
  const items = useNavItems(categories);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

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
            className="inline-flex size-10 items-center justify-center rounded-full text-navy sm:size-11 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy lg:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? t("nav.closeMenu") : t("nav.openMenu")}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
          </button>
        </div>
      </div>
      <nav
        id={menuId}
        aria-label={t("nav.mobileLabel")}
        hidden={!open}
        className="max-h-[calc(100dvh-5rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pt-2 pb-5 shadow-lg sm:px-6 lg:hidden"
      >
        <NavItems items={items} variant="menu" onSelect={() => setOpen(false)} />
      </nav>
    </header>
  );
}
