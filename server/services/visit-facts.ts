import type { DeviceClass } from "@shared/schemas/analytics";

/**
 * The device class of a user agent, the only thing kept of it. Follows MDN's advice for user-agent sniffing: "Mobi"
 * marks phones (iPhone, Android phones, Firefox and Opera mobile); tablets are iPads and Android without "Mobile".
 * iPadOS 13+ announces itself as a Mac and is counted as a desktop: nothing in its user agent tells them apart.
 */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Windows Phone/i.test(userAgent)) return "phone";
  if (/Android/i.test(userAgent)) return "tablet";
  return "desktop";
}

/**
 * The host of another site that sent the visitor, without `www.`; null for an empty or unreadable referrer and for a
 * page of this site (its configured host, or the host the request was addressed to).
 */
export function externalReferrerHost(referrer: string, siteHosts: readonly string[]): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const own = siteHosts.map((host) => host.toLowerCase());
  if (own.includes(url.host.toLowerCase()) || own.includes(url.hostname.toLowerCase())) return null;
  return url.hostname.toLowerCase().replace(/^www\./, "") || null;
}

/**
 * What a visit keeps of its referrer: origin and path. The query and the fragment (other sites carry e-mail addresses
 * and tokens there) and any `user:password@` are dropped; an unreadable or non-web referrer is kept as "".
 */
export function referrerOriginAndPath(referrer: string): string {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return "";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "";
  return `${url.origin}${url.pathname}`;
}

/** The path of a visited page, without any query or fragment (the UTM values arrive as fields of their own). */
export function pathWithoutQuery(pagePath: string): string {
  return pagePath.split(/[?#]/, 1)[0] || "/";
}
