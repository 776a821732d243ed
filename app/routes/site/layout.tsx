import { Outlet, useNavigation } from "react-router";
import { SiteFooter } from "~/components/site/footer";
import { SiteHeader } from "~/components/site/header";
import { useRouteChangeEffects } from "~/components/site/route-effects";
import type { SiteData } from "~/components/site/site-data";
import { LangProvider, useLang } from "~/i18n/lang-context";
import { keepDataOnLangSwitch } from "~/i18n/revalidate";
import { publicOrigin } from "~/lib/public-url.server";
import { servicesContext } from "~/lib/server-context";
import type { Category } from "../../../shared/schemas/category";
import type { Route } from "./+types/layout";

export async function loader({ context }: Route.LoaderArgs): Promise<SiteData> {
  let categories: Category[] = [];
  try {
    categories = await context.get(servicesContext).categories.list();
  } catch (error) {
    // SPEC §8: a category fetch failure is only logged; the category links are then not shown.
    console.error("Loading the categories failed", error);
  }
  return { categories, origin: publicOrigin(context) };
}

export const shouldRevalidate = keepDataOnLangSwitch;

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/logo.svg", type: "image/svg+xml" }];

function SkipLink() {
  const { t } = useLang();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-full bg-navy px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t("site.skipToContent")}
    </a>
  );
}

function SiteShell({ categories }: { categories: Category[] }) {
  useRouteChangeEffects();
  const loading = useNavigation().state === "loading";
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <SiteHeader categories={categories} />
      {/* While the next page loads: a thin bar under the top bar, and the page marked busy. */}
      <div
        aria-hidden="true"
        className={`fixed inset-x-0 top-20 z-40 h-0.5 origin-left bg-teal transition-[transform,opacity] duration-500 ${loading ? "scale-x-75 opacity-100" : "scale-x-0 opacity-0"}`}
      />
      <main id="main" tabIndex={-1} aria-busy={loading || undefined} className="flex-1 pt-20 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter categories={categories} />
    </div>
  );
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <LangProvider>
      <SiteShell categories={loaderData.categories} />
    </LangProvider>
  );
}
