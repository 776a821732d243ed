import type { Category } from "@shared/schemas/category";
import type { SitePageLink } from "@shared/schemas/site-page";
import { Outlet } from "react-router";
import { SiteFooter } from "~/components/site/footer";
import { SiteHeader } from "~/components/site/header";
import type { SiteData } from "~/components/site/site-data";
import { LangProvider } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { SITE_TEXTS } from "~/i18n/site";
import { islandUrls } from "~/lib/islands.server";
import { publicOrigin } from "~/lib/public-url.server";
import { servicesContext } from "~/lib/server-context";
import type { Route } from "./+types/layout";

export async function loader({ context }: Route.LoaderArgs): Promise<SiteData> {
  let categories: Category[] = [];
  try {
    categories = await context.get(servicesContext).categories.list();
  } catch (error) {
    // docs/product.md, "Public site": a category fetch failure is only logged; the category links are then not shown.
    console.error("Loading the categories failed", error);
  }
  let pages: SitePageLink[] = [];
  try {
    pages = await context.get(servicesContext).pages.activeLinks();
  } catch (error) {
    // Like the categories: the legal links are then not shown, the page still is.
    console.error("Loading the page links failed", error);
  }
  return { categories, pages, origin: publicOrigin(context), islands: islandUrls() };
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/logo.svg", type: "image/svg+xml" }];

function SkipLink() {
  const t = useTexts(SITE_TEXTS);
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-full bg-navy px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t("site.skipToContent")}
    </a>
  );
}

/**
 * Public pages are documents: rendered on the server, never hydrated (no `handle.hydrate`, so the root renders no
 * React Router scripts). The site island enhances the menu and records the visit; pages add their own islands.
 */
function SiteShell({ categories, siteIsland }: { categories: Category[]; siteIsland: string }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <SiteHeader categories={categories} />
      <main id="main" tabIndex={-1} className="flex-1 pt-20 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter categories={categories} />
      <script type="module" src={siteIsland} />
    </div>
  );
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <LangProvider>
      <SiteShell categories={loaderData.categories} siteIsland={loaderData.islands.site} />
    </LangProvider>
  );
}
