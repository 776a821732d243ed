import type { Category } from "@shared/schemas/category";
import type { SettingsData } from "@shared/schemas/settings";
import type { SitePageLink } from "@shared/schemas/site-page";
import { SITE_SETTINGS_DEFAULTS } from "@shared/settings-defaults";
import { Outlet } from "react-router";
import { SiteFooter } from "~/components/site/footer";
import { SiteHeader } from "~/components/site/header";
import type { SiteData } from "~/components/site/site-data";
import { LangProvider } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { SITE_TEXTS } from "~/i18n/site";
import { islandUrls, siteIslandImports } from "~/lib/islands.server";
import { publicOrigin } from "~/lib/public-url.server";
import { logFailedRead, servicesContext } from "~/lib/server-context";
import type { Route } from "./+types/layout";

export async function loader({ context }: Route.LoaderArgs): Promise<SiteData> {
  const services = context.get(servicesContext);
  const [categories, settings, pages] = await Promise.all([
    services.categories.list().catch((error: unknown): Category[] => {
      // docs/product.md, "Public site": a category fetch failure is only logged; the category links are then not shown.
      logFailedRead(context, "categories", error);
      return [];
    }),
    services.settings.get().then(
      ({ version: _version, updatedAt: _updatedAt, ...data }): SettingsData => data,
      (error: unknown) => {
        // Like the categories: logged, and the page shows the texts the site had before they became editable.
        logFailedRead(context, "site settings", error);
        return SITE_SETTINGS_DEFAULTS;
      },
    ),
    services.pages.activeLinks().catch((error: unknown): SitePageLink[] => {
      // Like the categories: the legal links are then not shown, the page still is.
      logFailedRead(context, "page links", error);
      return [];
    }),
  ]);
  return { categories, settings, pages, origin: publicOrigin(context), islands: islandUrls(), siteIslandImports: siteIslandImports() };
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
function SiteShell({
  categories,
  settings,
  siteIsland,
  siteImports,
}: {
  categories: Category[];
  settings: SettingsData;
  siteIsland: string;
  siteImports: string[];
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <SiteHeader categories={categories} />
      <main id="main" tabIndex={-1} className="flex-1 pt-20 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter categories={categories} settings={settings} />
      {/* Low priority, the island and what it imports: nothing here is needed for the first paint (decision 0098). */}
      {siteImports.map((href) => (
        <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
      ))}
      <script type="module" src={siteIsland} fetchPriority="low" />
    </div>
  );
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <LangProvider>
      <SiteShell
        categories={loaderData.categories}
        settings={loaderData.settings}
        siteIsland={loaderData.islands.site}
        siteImports={loaderData.siteIslandImports}
      />
    </LangProvider>
  );
}
