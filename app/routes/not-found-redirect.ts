import { redirect } from "react-router";
import { langFromUrl, localizedPath } from "~/i18n/lang";
import { requestFaultsContext } from "~/lib/server-context";
import type { Route } from "./+types/not-found-redirect";

/**
 * docs/product.md, "Other addresses": any other path redirects to the home page, in the language asked for (a temporary
 * redirect), unless a redirect of the back office names it: the server (server/site.ts) then answers that one instead,
 * and otherwise logs the path as missing.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const faults = context.get(requestFaultsContext);
  if (faults) faults.missingPath = true;
  return redirect(localizedPath("/", langFromUrl(request.url)), 302);
}
