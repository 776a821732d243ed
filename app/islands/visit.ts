import { LIMITS } from "../../shared/limits";

/** Sends one visit record (path and referrer); a failure is only logged (SPEC §8). */
function send(): void {
  fetch("/api/analytics", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      pagePath: location.pathname.slice(0, LIMITS.pagePathMax),
      referrer: document.referrer.slice(0, LIMITS.referrerMax),
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
 * not), and a page restored from the back/forward cache is a new view.
 */
export function recordVisits(): void {
  const doc = document as Document & { prerendering?: boolean };
  if (doc.prerendering) document.addEventListener("prerenderingchange", send, { once: true });
  else send();
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) send();
  });
}
