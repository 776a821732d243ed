import { describe, expect, it } from "vitest";
import { deviceClass, externalReferrerHost, pathWithoutQuery, referrerOriginAndPath } from "./visit-facts";

describe("deviceClass", () => {
  it.each([
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "phone",
    ],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36", "phone"],
    ["Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0", "phone"],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "tablet",
    ],
    ["Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36", "tablet"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36", "desktop"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", "desktop"],
    ["", "desktop"],
  ])("classes %s as %s", (userAgent, expected) => {
    expect(deviceClass(userAgent)).toBe(expected);
  });
});

describe("externalReferrerHost", () => {
  const site = ["marine-algae.tn", "localhost:3000"];

  it("keeps only the host of another site, lower-cased and without www.", () => {
    expect(externalReferrerHost("https://www.Google.com/search?q=ulva", site)).toBe("google.com");
    expect(externalReferrerHost("https://news.ycombinator.com/", site)).toBe("news.ycombinator.com");
  });

  it("ignores this site's own pages, empty and unreadable referrers and non-web schemes", () => {
    expect(externalReferrerHost("https://marine-algae.tn/product/ulva", site)).toBeNull();
    expect(externalReferrerHost("http://localhost:3000/", site)).toBeNull();
    expect(externalReferrerHost("", site)).toBeNull();
    expect(externalReferrerHost("not a url", site)).toBeNull();
    expect(externalReferrerHost("android-app://com.google.android.gm/", site)).toBeNull();
  });
});

describe("referrerOriginAndPath", () => {
  it.each([
    ["https://www.google.com/", "https://www.google.com/"],
    ["https://mail.example.com/read?email=a@b.c&token=x#frag", "https://mail.example.com/read"],
    ["https://user:pw@host.example:8443/p?q", "https://host.example:8443/p"],
    ["HTTP://Example.COM", "http://example.com/"],
    ["", ""],
    ["/relative/path?x", ""],
    ["javascript:alert(1)", ""],
    ["ftp://files.example/a", ""],
  ])("keeps %j as %j", (referrer, expected) => {
    expect(referrerOriginAndPath(referrer)).toBe(expected);
  });
});

describe("pathWithoutQuery", () => {
  it.each([
    ["/product/ulva", "/product/ulva"],
    ["/product/ulva?email=a@b.c", "/product/ulva"],
    ["/contact#form", "/contact"],
    ["/?utm_source=x", "/"],
  ])("keeps %j as %j", (pagePath, expected) => {
    expect(pathWithoutQuery(pagePath)).toBe(expected);
  });
});
