import { LANG_PARAM, PAGE_PARAM } from "@shared/query-params";

/**
 * Query parameters whose values a request log line may keep: they name a language, a page of a list or a report's
 * period, never a person or a secret. Every other value (an invitation or preview token, a search that may be an
 * e-mail address, a cursor, a campaign) is written as `[…]` (ASVS 5.0 V16.2.5).
 */
const LOGGED_VALUES: ReadonlySet<string> = new Set([LANG_PARAM, PAGE_PARAM, "days", "limit", "folder", "filter"]);
const HIDDEN = "[…]";

/** A request's URL as the log writes it: its path, and its query with only harmless values kept. */
export function loggedUrl(url: string): string {
  const mark = url.indexOf("?");
  if (mark < 0) return url;
  const query = url.slice(mark + 1);
  if (query === "") return url.slice(0, mark);
  const parts = query.split("&").map((part) => {
    const equals = part.indexOf("=");
    const name = equals < 0 ? part : part.slice(0, equals);
    let decoded: string;
    try {
      decoded = decodeURIComponent(name.replaceAll("+", " "));
    } catch {
      return HIDDEN;
    }
    if (equals < 0) return LOGGED_VALUES.has(decoded) ? part : HIDDEN;
    return LOGGED_VALUES.has(decoded) ? part : `${name.slice(0, 64)}=${HIDDEN}`;
  });
  return `${url.slice(0, mark)}?${parts.join("&")}`;
}
