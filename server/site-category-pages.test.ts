import { LIMITS } from "@shared/limits";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/test-app";
import { categories, products } from "./db/schema/index";
import { registerSite } from "./site";

/** Server-rendered pages of a category: `/category/:slug?page=N`, 24 cards each, prev/next links, one canonical address per page. */

let ctx: TestContext;
const SLUG = "gamme-paginee";
const PRODUCT_COUNT = 30;

const get = (url: string) => ctx.app.inject({ method: "GET", url });
/** The product links of a page's cards, in order. */
const cardSlugs = (html: string) => [...html.matchAll(/href="\/product\/([a-z0-9-]+)(?:\?lang=en)?"/g)].map((m) => m[1]);
const relLink = (html: string, rel: "prev" | "next") => new RegExp(`<a href="([^"]*)" rel="${rel}"`).exec(html)?.[1] ?? null;
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"\/>/.exec(html)?.[1] ?? null;
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;

beforeAll(async () => {
  ctx = await createTestContext({ app: { site: (app) => registerSite(app) } });
  const { db } = ctx.database;
  const [category] = await db
    .insert(categories)
    .values([
      { slug: SLUG, nameFr: "Gamme paginée", nameEn: "Paged range", descriptionFr: "Une gamme", descriptionEn: "A range" },
      { slug: "gamme-vide", nameFr: "Gamme vide", nameEn: "Empty range" },
    ])
    .returning({ _id: categories._id });
  if (!category) throw new Error("category not created");
  await db.insert(products).values(
    Array.from({ length: PRODUCT_COUNT + 2 }, (_, i) => ({
      slug: `p-${String(i).padStart(2, "0")}`,
      nameFr: `Produit ${String(i).padStart(2, "0")}`,
      nameEn: `Product ${i}`,
      shortDescriptionFr: `Description ${i}`,
      shortDescriptionEn: `Description ${i}`,
      mainImageUrl: "/uploads/algues/p.webp",
      categoryId: category._id,
      // Two inactive products: neither shown nor counted.
      isActive: i < PRODUCT_COUNT,
    })),
  );
});
afterAll(() => ctx.close());

const allSlugs = Array.from({ length: PRODUCT_COUNT }, (_, i) => `p-${String(i).padStart(2, "0")}`);

describe("category pages", () => {
  it("page 1 shows the first 24 cards, the total count, a next link and a canonical address without ?page", async () => {
    const response = await get(`/category/${SLUG}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(cardSlugs(html)).toEqual(allSlugs.slice(0, LIMITS.categoryPageSize));
    expect(html).toContain(`${PRODUCT_COUNT} références`);
    expect(relLink(html, "next")).toBe(`/category/${SLUG}?page=2`);
    expect(relLink(html, "prev")).toBeNull();
    expect(canonical(html)).toMatch(new RegExp(`^https?://[^/]+/category/${SLUG}$`));
    expect(title(html)).not.toContain("page");
    expect(html).toContain("Page 1 sur 2");
  });

  it("page 2 shows the rest, a prev link to page 1 without ?page, its number in the title and its own canonical address", async () => {
    const response = await get(`/category/${SLUG}?page=2`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(cardSlugs(html)).toEqual(allSlugs.slice(LIMITS.categoryPageSize));
    expect(relLink(html, "prev")).toBe(`/category/${SLUG}`);
    expect(relLink(html, "next")).toBeNull();
    expect(title(html)).toMatch(/^Gamme paginée \| .* – page 2$/);
    expect(canonical(html)).toMatch(new RegExp(`^https?://[^/]+/category/${SLUG}\\?page=2$`));
    expect(html).toContain("Page 2 sur 2");
  });

  it("keeps ?lang=en in the prev/next links and the canonical address", async () => {
    const first = (await get(`/category/${SLUG}?lang=en`)).body;
    expect(relLink(first, "next")).toBe(`/category/${SLUG}?page=2&amp;lang=en`);
    expect(first).toContain("Page 1 of 2");
    const second = (await get(`/category/${SLUG}?page=2&lang=en`)).body;
    expect(relLink(second, "prev")).toBe(`/category/${SLUG}?lang=en`);
    expect(canonical(second)).toMatch(new RegExp(`/category/${SLUG}\\?page=2&amp;lang=en$`));
    expect(title(second)).toMatch(/^Paged range \| .* – page 2$/);
  });

  it("answers 404 for a page after the last", async () => {
    expect((await get(`/category/${SLUG}?page=3`)).statusCode).toBe(404);
    expect((await get(`/category/${SLUG}?page=999999`)).statusCode).toBe(404);
  });

  it("answers 404 for a page that is not a plain number from 1, and redirects ?page=1 to the address without it", async () => {
    for (const page of ["abc", "0", "-1", "02", "1.5", "", "9999999"]) {
      expect((await get(`/category/${SLUG}?page=${page}`)).statusCode, page).toBe(404);
    }
    expect((await get(`/category/${SLUG}?page=2&page=3`)).statusCode).toBe(404);
    const redirect = await get(`/category/${SLUG}?page=1&lang=en`);
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe(`/category/${SLUG}?lang=en`);
  });

  it("shows an empty category's page 1 with its message, without paging, and 404 for its page 2", async () => {
    const response = await get("/category/gamme-vide");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Aucun produit n&#x27;est publié dans cette gamme pour le moment.");
    expect(relLink(response.body, "next")).toBeNull();
    expect((await get("/category/gamme-vide?page=2")).statusCode).toBe(404);
  });

  it("lists each page of a category in the sitemap, in French and English with their alternates, and no page after the last", async () => {
    const xml = (await get("/sitemap.xml")).body;
    const locs = [...xml.matchAll(/<loc>https?:\/\/[^/]+(\/category\/[^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        `/category/${SLUG}`,
        `/category/${SLUG}?lang=en`,
        `/category/${SLUG}?page=2`,
        `/category/${SLUG}?page=2&amp;lang=en`,
      ]),
    );
    expect(locs.filter((loc) => loc?.startsWith(`/category/${SLUG}`))).toHaveLength(4);
    expect(locs.filter((loc) => loc?.startsWith("/category/gamme-vide"))).toEqual(["/category/gamme-vide", "/category/gamme-vide?lang=en"]);
    expect(xml).toMatch(new RegExp(`hreflang="en" href="https?://[^/]+/category/${SLUG}\\?page=2&amp;lang=en"`));
    expect(xml).toMatch(new RegExp(`hreflang="x-default" href="https?://[^/]+/category/${SLUG}\\?page=2"`));
  });

  it("shows a product made inactive no more, and the count follows", async () => {
    await ctx.database.db.update(products).set({ isActive: false }).where(eq(products.slug, "p-00"));
    const html = (await get(`/category/${SLUG}`)).body;
    expect(cardSlugs(html)).toEqual(allSlugs.slice(1, LIMITS.categoryPageSize + 1));
    expect(html).toContain(`${PRODUCT_COUNT - 1} références`);
  });
});
