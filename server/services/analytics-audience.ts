import { isbot } from "isbot";

/** What the audience rule reads of a request: its `User-Agent`, and its `Sec-Purpose` (or older `Purpose`) header. */
export type AudienceHeaders = { userAgent?: string | null | undefined; purpose?: string | null | undefined };

/**
 * The one rule deciding whether a request counts in the statistics: a page view (`POST /api/analytics`), a search (the
 * `/search` page and `GET /api/search`) and a document download all ask it (docs/product.md, "Visits"). Not counted:
 * a request with no user agent, one whose user agent is a robot's (crawlers, link previews, HTTP libraries, headless
 * browsers: the `isbot` list), and a prefetch or prerender the browser made ahead of a click (`Sec-Purpose: prefetch`).
 */
export function countsInAudience({ userAgent, purpose }: AudienceHeaders): boolean {
  const agent = userAgent?.trim() ?? "";
  if (agent === "" || isbot(agent)) return false;
  return !/\b(prefetch|prerender)\b/i.test(purpose ?? "");
}

type HeaderBag = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The rule's input from Node's request headers (Fastify's `request.headers`). */
export const audienceHeadersOf = (headers: HeaderBag): AudienceHeaders => ({
  userAgent: first(headers["user-agent"]),
  purpose: first(headers["sec-purpose"]) ?? first(headers.purpose),
});

/** The rule's input from a Web `Headers` (a loader's `request.headers`). */
export const audienceHeadersOfWeb = (headers: Headers): AudienceHeaders => ({
  userAgent: headers.get("user-agent"),
  purpose: headers.get("sec-purpose") ?? headers.get("purpose"),
});
