import type { RouterContextProvider } from "react-router";
import { servicesContext } from "./server-context";

/**
 * The absolute origin of the public site, for canonical links, hreflang, Open Graph, JSON-LD and the sitemap: the
 * PUBLIC_URL the server was configured with (server/env.ts, with its default when unset), never the request's Host.
 * The page cache is keyed on the path alone; since nothing in a page depends on the Host, the key and the page agree.
 */
export function publicOrigin(context: Readonly<RouterContextProvider>): string {
  return context.get(servicesContext).publicUrl;
}
