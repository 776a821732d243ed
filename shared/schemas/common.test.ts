import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validationApiText } from "../validation-messages";
import { visitInputSchema } from "./analytics";
import { hasDotSegment, imageUrlSchema, isSitePath, optionalImageUrlSchema } from "./common";
import { normalisePath, redirectInputSchema } from "./redirect";
import { isSafeHref } from "./rich-text";

/** How a dot segment is written: plain, percent-encoded in either case, or mixed. */
const dotSegment = fc.constantFrom(".", "..", "%2e", "%2E", "%2e%2e", "%2E%2e", ".%2e", "%2e.", "%2E.");
const plainSegment = fc.stringMatching(/^[a-z0-9_-][a-z0-9_.-]{0,11}$/);

/**
 * A path with at least one dot segment somewhere among ordinary ones, e.g. `/algues/%2e%2e/etc/passwd`, optionally
 * with a query or fragment after it.
 */
const dotPath = fc
  .record({
    before: fc.array(plainSegment, { maxLength: 3 }),
    dot: dotSegment,
    after: fc.array(fc.oneof(plainSegment, dotSegment), { maxLength: 3 }),
    tail: fc.constantFrom("", "?v=1", "#top"),
  })
  .map(({ before, dot, after, tail }) => `/${[...before, dot, ...after].join("/")}${tail}`);

/** Ways a dot-segment path is stored as an image address: an upload path, an absolute URL, with a backslash. */
const dotImageAddress = fc.oneof(
  dotPath.map((path) => `/uploads${path}`),
  dotPath.map((path) => `https://cdn.example.com${path}`),
  dotPath.map((path) => `/uploads${path.replaceAll("/", "\\")}`),
);

describe("image addresses", () => {
  it.each([
    "/uploads/algues/0123456789abcdef-800x600.jpg",
    "/uploads/logos/a_b-c.d.webp",
    "https://cdn.example.com/images/a.png",
    "https://cdn.example.com/a..b/c.png?v=1",
  ])("accepts %s", (url) => {
    expect(imageUrlSchema.safeParse(url).success).toBe(true);
  });

  it.each([
    ["the review's traversal", "/uploads/../../../../etc/passwd"],
    ["a dot segment at the end", "/uploads/algues/.."],
    ["a current-folder segment", "/uploads/./algues/x.jpg"],
    ["a percent-encoded dot segment", "/uploads/%2e%2e/x.jpg"],
    ["a mixed-case encoded one in an absolute URL", "https://cdn.example.com/a/%2E%2e/b.png"],
    ["a plain one in an absolute URL", "https://cdn.example.com/a/../b.png"],
    ["a backslash", "/uploads\\..\\x.jpg"],
    ["a backslash in an absolute URL", "https://cdn.example.com/a\\b.png"],
    ["a double slash", "/uploads//algues/x.jpg"],
  ])("refuses %s with a message saying why", (_, url) => {
    const result = imageUrlSchema.safeParse(url);
    expect(result.success).toBe(false);
    expect(validationApiText(result.error?.issues[0]?.message ?? "")).toMatch(
      /^Adresse d'image invalide : chemin avec .* \/ Invalid image address: path with /,
    );
  });

  it.each([
    ["a dot file", "/uploads/algues/.env"],
    ["a folder alone", "/uploads/"],
    ["an encoded slash", "/uploads/algues%2fx.jpg"],
  ])("refuses %s as an invalid image address", (_, url) => {
    expect(validationApiText(imageUrlSchema.safeParse(url).error?.issues[0]?.message ?? "")).toBe(
      "Adresse d'image invalide / Invalid image address",
    );
  });

  it("never accepts an address with a dot segment, however it is written (property)", () => {
    fc.assert(
      fc.property(dotImageAddress, (url) => {
        expect(hasDotSegment(url) || url.includes("\\")).toBe(true);
        expect(imageUrlSchema.safeParse(url).success).toBe(false);
        expect(optionalImageUrlSchema.safeParse(url).success).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe("every other stored address naming a path of this site", () => {
  const link = (href: string) => isSafeHref(href);
  const redirect = (path: string) => redirectInputSchema.safeParse({ fromPath: path, toPath: "/category/algues" }).success;
  const redirectTarget = (path: string) => redirectInputSchema.safeParse({ fromPath: "/old", toPath: path }).success;
  const visit = (path: string) => visitInputSchema.safeParse({ pagePath: path }).success;
  const stores = {
    "a rich text link": link,
    "a redirect's path": redirect,
    "a redirect's target": redirectTarget,
    "a visit's page": visit,
  };

  it.each(Object.entries(stores))("%s: accepts plain paths of this site", (_, accepts) => {
    for (const path of ["/product/spiruline", "/category/algues-rouges", "/page/a-propos?lang=en"]) expect(accepts(path), path).toBe(true);
  });

  it.each(Object.entries(stores))("%s: never accepts a dot segment (property)", (_, accepts) => {
    fc.assert(
      fc.property(dotPath, (path) => {
        expect(accepts(path)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it("a redirect's path is refused, not resolved, so `/x/../admin` cannot reach a reserved path", () => {
    expect(normalisePath("/x/../admin")).toBeNull();
    expect(normalisePath("/x/%2e%2e/admin")).toBeNull();
  });

  it.each([
    ["a double slash", "/a//b", false],
    ["a backslash", "/a\\b", false],
    ["dots inside a name", "/fichier..pdf", true],
    ["a dot segment in the query only", "/search?q=../x", true],
  ])("isSitePath: %s", (_, path, expected) => {
    expect(isSitePath(path)).toBe(expected);
  });
});
