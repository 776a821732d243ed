import { describe, expect, it } from "vitest";
import { audienceHeadersOf, audienceHeadersOfWeb, countsInAudience } from "./analytics-audience";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";

describe("the one audience rule: visits, searches and downloads count the same requests", () => {
  it.each([
    ["a desktop browser", { userAgent: CHROME }, true],
    ["a phone browser", { userAgent: IPHONE }, true],
    ["Firefox", { userAgent: FIREFOX }, true],
    ["a browser's prefetch of a link (Sec-Purpose: prefetch)", { userAgent: CHROME, purpose: "prefetch" }, false],
    ["a prerender by the speculation rules", { userAgent: CHROME, purpose: "prefetch;prerender" }, false],
    ["an older prefetch header (Purpose: prefetch)", { userAgent: FIREFOX, purpose: "Prefetch" }, false],
    ["no user agent", { userAgent: undefined }, false],
    ["an empty user agent", { userAgent: "  " }, false],
    ["a search engine crawler", { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }, false],
    ["Bing's crawler", { userAgent: "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" }, false],
    ["a link preview", { userAgent: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)" }, false],
    ["a messenger's preview", { userAgent: "WhatsApp/2.23.20.0" }, false],
    ["a headless browser", { userAgent: CHROME.replace("Chrome/", "HeadlessChrome/") }, false],
    ["an HTTP library", { userAgent: "python-requests/2.31.0" }, false],
    ["curl", { userAgent: "curl/8.5.0" }, false],
  ])("%s: counted %s", (_name, headers, counted) => {
    expect(countsInAudience(headers)).toBe(counted);
  });

  it("reads the same headers from Node's request headers and from a Web request's", () => {
    const node = audienceHeadersOf({ "user-agent": CHROME, "sec-purpose": "prefetch" });
    const web = audienceHeadersOfWeb(new Headers({ "User-Agent": CHROME, "Sec-Purpose": "prefetch" }));
    expect(node).toEqual({ userAgent: CHROME, purpose: "prefetch" });
    expect(web).toEqual(node);
    expect(audienceHeadersOf({ "user-agent": CHROME, purpose: "prefetch" }).purpose).toBe("prefetch");
    expect(audienceHeadersOfWeb(new Headers()).userAgent).toBeNull();
  });
});
