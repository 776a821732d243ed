import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { LIMITS } from "../../../shared/limits";

/** Records a page view; a failure is only logged (SPEC §8). */
function recordVisit(pagePath: string, referrer: string): void {
  fetch("/api/analytics", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ pagePath: pagePath.slice(0, LIMITS.pagePathMax), referrer: referrer.slice(0, LIMITS.referrerMax) }),
    keepalive: true,
  })
    .then((response) => {
      if (!response.ok) console.error(`Visit tracking failed: HTTP ${response.status}`);
    })
    .catch((error: unknown) => console.error("Visit tracking failed", error));
}

/**
 * On every route change of the public site: scroll to the top and send a visit record with the path and the referrer
 * (the previous page of the site, or the document's referrer for the first view).
 */
export function useRouteChangeEffects(): void {
  const { pathname } = useLocation();
  const previousUrl = useRef<string | null>(null);

  useEffect(() => {
    if (previousUrl.current !== null) window.scrollTo(0, 0);
    recordVisit(pathname, previousUrl.current ?? document.referrer);
    previousUrl.current = window.location.href;
  }, [pathname]);
}
