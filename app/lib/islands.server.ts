import { readFileSync } from "node:fs";
import path from "node:path";
import { ISLANDS } from "./island-entries";

export type IslandName = keyof typeof ISLANDS;
export type IslandUrls = Record<IslandName, string>;

type ManifestEntry = { file: string; name?: string; isEntry?: boolean; imports?: string[] };

/** Written by `vite build -c vite.islands.config.ts` next to the client build; this module runs from build/server. */
const MANIFEST = path.resolve(import.meta.dirname, "..", "client", ".vite", "islands.json");

let urls: IslandUrls | null = null;
let siteImports: string[] | null = null;

function readManifest(): Record<string, ManifestEntry> {
  return JSON.parse(readFileSync(MANIFEST, "utf8")) as Record<string, ManifestEntry>;
}

/**
 * The URL of each island script. Built site: the hashed files, read once from the islands build's manifest. Dev
 * (`npm run dev`, where Vite runs this module and `import.meta.env.DEV` is true; the build replaces it with false):
 * the sources, which Vite transforms on request, so an edit shows on the next load.
 */
export function islandUrls(): IslandUrls {
  if (import.meta.env.DEV) return { site: `/${ISLANDS.site}`, carousel: `/${ISLANDS.carousel}`, contact: `/${ISLANDS.contact}` };
  if (urls) return urls;
  const manifest = readManifest();
  const found: Partial<IslandUrls> = {};
  for (const entry of Object.values(manifest)) {
    if (entry.isEntry && (entry.name === "site" || entry.name === "carousel" || entry.name === "contact"))
      found[entry.name] = `/${entry.file}`;
  }
  const { site, carousel, contact } = found;
  if (!site || !carousel || !contact) throw new Error(`Islands missing from ${MANIFEST}: run "npm run build"`);
  urls = { site, carousel, contact };
  return urls;
}

/**
 * The URLs of the modules the site island imports (the chunk it shares with the contact island), for the layout to
 * preload at low priority: fetched by the island's own import they would come at high priority, before first paint.
 * None in dev, where Vite serves the sources.
 */
export function siteIslandImports(): string[] {
  if (import.meta.env.DEV) return [];
  if (siteImports) return siteImports;
  const manifest = readManifest();
  const site = Object.values(manifest).find((entry) => entry.isEntry && entry.name === "site");
  siteImports = (site?.imports ?? []).map((key) => `/${manifest[key]?.file ?? key}`);
  return siteImports;
}
