import { redirect } from "react-router";
import { langFromUrl, localizedPath } from "~/i18n/lang";
import type { Route } from "./+types/not-found-redirect";

/** docs/product.md, "Other addresses": any other path redirects to the home page, in the language asked for (a temporary redirect). */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizedPath("/", langFromUrl(request.url)), 302);
}
