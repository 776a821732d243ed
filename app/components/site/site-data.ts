import type { Category } from "@shared/schemas/category";
import type { SettingsData } from "@shared/schemas/settings";
import type { SitePageLink } from "@shared/schemas/site-page";
import { SITE_SETTINGS_DEFAULTS } from "@shared/settings-defaults";
import { useRouteLoaderData } from "react-router";
import type { IslandUrls } from "~/lib/islands.server";

/** What the public layout loads once for every page. */
export type SiteData = {
  categories: Category[];
  /** The site settings (company facts, home page and footer texts), read once per page. */
  settings: SettingsData;
  /** The active editable pages (legal notice, privacy policy…): the footer's legal links, the contact form's notice. */
  pages: SitePageLink[];
  /** Absolute origin of the public site (the configured PUBLIC_URL, never the request's Host). */
  origin: string;
  /** URLs of the island scripts (built by vite.islands.config.ts). */
  islands: IslandUrls;
  /** The modules the site island imports, preloaded by the layout at low priority. */
  siteIslandImports: string[];
};

const NO_ISLANDS: IslandUrls = { site: "", carousel: "", contact: "" };
const EMPTY: SiteData = {
  categories: [],
  pages: [],
  settings: SITE_SETTINGS_DEFAULTS,
  origin: "",
  islands: NO_ISLANDS,
  siteIslandImports: [],
};

export const SITE_LAYOUT_ID = "routes/site/layout";

export function useSiteData(): SiteData {
  return useRouteLoaderData<SiteData>(SITE_LAYOUT_ID) ?? EMPTY;
}

function isSiteData(value: unknown): value is SiteData {
  return typeof value === "object" && value !== null && "origin" in value && "categories" in value && "settings" in value;
}

/** The layout's data from a meta function's `matches`. */
export function siteDataFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): SiteData {
  const data = matches.find((match) => match?.id === SITE_LAYOUT_ID)?.loaderData;
  return isSiteData(data) ? data : EMPTY;
}
