import * as RadixDialog from "@radix-ui/react-dialog";
import { SIDEBAR_BREAKPOINT_PX } from "@shared/limits";
import type { Role } from "@shared/roles";
import { Menu, X } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useMatches } from "react-router";
import { useReturnFocus } from "~/components/ui/dialog";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useTexts } from "~/i18n/screen-lang";
import { useRole } from "~/lib/admin/access";
import { Sidebar } from "./sidebar";

/**
 * Route modules export `handle = { title }`; the top bar shows the deepest one. A module serving several routes (the
 * declared screen) gives its title as a function of the matched path; a screen a role sees read-only, of the role.
 */
export type AdminHandle = { title: string | ((pathname: string, role: Role) => string) };

function usePageTitle(): string {
  const matches = useMatches();
  const role = useRole();
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const title = (match?.handle as Partial<AdminHandle> | undefined)?.title;
    const text = typeof title === "function" ? title(match?.pathname ?? "", role) : title;
    if (text) return text;
  }
  return "";
}

/**
 * Fixed sidebar from 1024 px (Tailwind `lg`, SIDEBAR_BREAKPOINT_PX); below, a drawer opened from the top bar. `title`
 * replaces the screen's own (the refused screen).
 */
export function AdminShell({
  email,
  onLogout,
  title: shownTitle,
  children,
}: {
  email: string;
  onLogout: () => void;
  title?: string;
  children: ReactNode;
}) {
  const t = useTexts(COMMON_TEXTS);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const returnFocus = useReturnFocus(drawerOpen);
  const pageTitle = usePageTitle();
  const title = shownTitle ?? pageTitle;

  useEffect(() => {
    const wide = window.matchMedia(`(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`);
    const close = () => {
      if (wide.matches) setDrawerOpen(false);
    };
    wide.addEventListener("change", close);
    return () => wide.removeEventListener("change", close);
  }, []);

  return (
    <div className="min-h-screen bg-slate-100">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 lg:block">
        <Sidebar email={email} onLogout={onLogout} />
      </aside>

      <RadixDialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-40 bg-navy/50 lg:hidden" />
          <RadixDialog.Content
            onCloseAutoFocus={returnFocus}
            onOpenAutoFocus={(event) => {
              // The focus starts on the current entry, so the drawer opens scrolled to it (not back at the top).
              const current = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('nav [aria-current="page"]');
              if (!current) return;
              event.preventDefault();
              current.focus();
            }}
            className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-xl focus:outline-none lg:hidden"
            aria-describedby={undefined}
          >
            <RadixDialog.Title className="sr-only">{t("menuTitle")}</RadixDialog.Title>
            <Sidebar
              email={email}
              onNavigate={() => setDrawerOpen(false)}
              onLogout={() => {
                setDrawerOpen(false);
                onLogout();
              }}
            />
            <RadixDialog.Close
              className="absolute top-4 right-3 rounded-lg p-2 text-white hover:bg-white/10 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
              aria-label={t("closeMenu")}
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>

      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            className="-ml-1 rounded-lg p-2 text-navy hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-teal lg:hidden"
            aria-label={t("openMenu")}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu className="size-6" aria-hidden="true" />
          </button>
          <h1 className="truncate text-lg font-semibold text-navy sm:text-xl">{title}</h1>
          <p className="ml-auto hidden items-center gap-2 text-sm text-slate-600 md:flex">
            <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
            <span className="max-w-56 truncate">{email}</span>
          </p>
        </header>
        <main className="mx-auto w-full max-w-7xl p-4 sm:p-6">{children}</main>
      </div>
    </div>
  );
}
