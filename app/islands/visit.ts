import { LIMITS } from "@shared/limits";
import { PREVIEW_PARAM } from "@shared/query-params";

/** `?lang=en` marks an English page (app/i18n/lang.ts); the dictionaries are not loaded here to keep the island small. */
const pageLang = (params: URLSearchParams) => (params.get("lang") === "en" ? "en" : "fr");

/**
 * Sends one visit record (path, referrer, the page's language and the UTM source and campaign of the URL, nothing
 * else of the query); a failure is only logged (docs/product.md, "Visits").
 */
/** A document pack's link carries its token in the path (decision 0125): the statistics get the path without it. */
const recordedPath = (path: string) => (path.startsWith("/document-pack/") ? "/document-pack/link" : path);

function send(): void {
  const params = new URLSearchParams(location.search);
  const utm = (name: string) => params.get(name)?.slice(0, LIMITS.utmMax) || undefined;
  fetch("/api/analytics", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      pagePath: recordedPath(location.pathname).slice(0, LIMITS.pagePathMax),
      referrer: document.referrer.slice(0, LIMITS.referrerMax),
      lang: pageLang(params),
      utmSource: utm("utm_source"),
      utmCampaign: utm("utm_campaign"),
    }),
    keepalive: true,
  })
    .then((response) => {
      if (!response.ok) console.error(`Visit tracking failed: HTTP ${response.status}`);
    })
    .catch((error: unknown) => console.error("Visit tracking failed", error));
}

/**
 * One record per page view. A page prerendered by the speculation rules is counted when it is shown (never if it is
 * not), and a page restored from the back/forward cache is a new view. An admin's preview of an unpublished product
 * is not a visit.
 */
export function recordVisits(): void {
  if (new URLSearchParams(location.search).has(PREVIEW_PARAM)) return;
  const doc = document as Document & { prerendering?: boolean };
  if (doc.prerendering) document.addEventListener("prerenderingchange", send, { once: true });
  else send();
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) send();
  });
}
