import { parseTimestamp } from "@shared/schedule";
import type { Banner, BannerInput } from "@shared/schemas/banner";
import type { Category } from "@shared/schemas/category";
import type { HistoryEntry } from "@shared/schemas/history";
import type { Product, ProductBulkResult, ProductInput, ProductListItem } from "@shared/schemas/product";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { banners } from "../db/schema/index";

/** Scheduling with an injected clock: the services read `now` from it, so tests move time without waiting. */
const START = Date.parse("2026-12-01T09:00:00.000Z");
let nowMs = START;
const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();

let ctx: TestContext;
let category: Category;
let otherCategory: Category;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext({ app: { clock: () => nowMs } });
  category = (await ctx.call("POST", "/categories", { slug: "sched-a", nameFr: "Planifiées A", nameEn: "Scheduled A" })).json<Category>();
  otherCategory = (
    await ctx.call("POST", "/categories", { slug: "sched-b", nameFr: "Planifiées B", nameEn: "Scheduled B" })
  ).json<Category>();
});
afterAll(() => ctx.close());
beforeEach(() => {
  nowMs = START;
});

const call = (...args: Parameters<TestContext["call"]>) => ctx.call(...args);

function bannerInput(overrides: Partial<BannerInput> = {}): BannerInput {
  seq += 1;
  return {
    imageUrlFr: "/uploads/algues/banner-fr.webp",
    imageUrlEn: "/uploads/algues/banner-en.webp",
    titleFr: `Bannière ${seq}`,
    titleEn: `Banner ${seq}`,
    descriptionFr: "Algues de Bizerte",
    descriptionEn: "Algae from Bizerte",
    ...overrides,
  };
}

async function createBanner(overrides: Partial<BannerInput> = {}): Promise<Banner> {
  const response = await call("POST", "/banners", bannerInput(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Banner>();
}

async function shownBanner(): Promise<string | null> {
  const response = await call("GET", "/banners/active", undefined, false);
  if (response.statusCode === 404) return null;
  expect(response.statusCode).toBe(200);
  return response.json<Banner>().titleFr;
}

async function createProduct(overrides: Partial<ProductInput> = {}): Promise<Product> {
  seq += 1;
  const response = await call("POST", "/products", {
    slug: `planifie-${seq}`,
    nameFr: `Planifié ${seq}`,
    nameEn: `Scheduled ${seq}`,
    shortDescriptionFr: "Court",
    shortDescriptionEn: "Short",
    mainImageUrl: "/uploads/algues/p.webp",
    categoryId: category._id,
    ...overrides,
  } satisfies ProductInput);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

/** Where visitors can see a product: its page, the public list, its category page, the sitemap. */
async function publicPlaces(product: Product) {
  const page = await call("GET", `/products/${product.slug}`, undefined, false);
  const list = (await call("GET", `/products?categoryId=${product.categoryId}&limit=200`, undefined, false)).json<ProductListItem[]>();
  const categorySlug = product.categoryId === category._id ? category.slug : otherCategory.slug;
  const categoryPage = (await call("GET", `/categories/${categorySlug}`, undefined, false)).json<{ products: ProductListItem[] }>();
  const listing = await ctx.app.services.products.categoryListing(categorySlug, 1);
  const sitemap = await ctx.app.services.products.activeSlugs();
  return {
    page: page.statusCode,
    list: list.some((p) => p._id === product._id),
    categoryPage: categoryPage.products.some((p) => p._id === product._id),
    listing: listing?.products.some((p) => p._id === product._id) ?? false,
    sitemap: sitemap.some((p) => p.slug === product.slug),
  };
}

describe("scheduled banners (injected clock)", () => {
  beforeEach(async () => {
    await ctx.database.db.delete(banners);
  });

  it("shows an active event banner only inside its window, and the default before and after it", async () => {
    await createBanner({ titleFr: "Standard" });
    const event = await createBanner({ titleFr: "Ramadan", startsAt: at(START + HOUR), endsAt: at(START + 3 * HOUR) });
    expect((await call("PATCH", `/banners/${event._id}`, { isActive: true })).statusCode).toBe(200);

    expect(await shownBanner()).toBe("Standard");
    nowMs = START + HOUR - 1;
    expect(await shownBanner()).toBe("Standard");
    nowMs = START + HOUR; // the start is inclusive
    expect(await shownBanner()).toBe("Ramadan");
    nowMs = START + 3 * HOUR - 1;
    expect(await shownBanner()).toBe("Ramadan");
    nowMs = START + 3 * HOUR; // the end is exclusive: the default returns
    expect(await shownBanner()).toBe("Standard");
  });

  it("shows no hero when even the default banner's window does not hold now", async () => {
    await createBanner({ titleFr: "Standard", startsAt: at(START + HOUR) });
    expect(await shownBanner()).toBeNull();
    nowMs = START + HOUR;
    expect(await shownBanner()).toBe("Standard");
  });

  it("stores the window in UTC from Tunisia's local time, and refuses an end not after the start", async () => {
    await createBanner({ titleFr: "Standard" });
    // 00:30 on 1 January in Tunis (UTC+1, no daylight saving) is 23:30 UTC the day before.
    const event = await createBanner({ startsAt: "2027-01-01T00:30", endsAt: "2027-01-01T23:59" });
    expect(parseTimestamp(event.startsAt ?? "")).toBe(Date.parse("2026-12-31T23:30:00Z"));
    expect(parseTimestamp(event.endsAt ?? "")).toBe(Date.parse("2027-01-01T22:59:00Z"));

    const refused = await call("POST", "/banners", bannerInput({ startsAt: at(START + HOUR), endsAt: at(START + HOUR) }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "validation", details: [{ path: "endsAt" }] });
    const badDate = await call("POST", "/banners", bannerInput({ startsAt: "2026-02-30T10:00" }));
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toMatchObject({ code: "validation", details: [{ path: "startsAt" }] });
  });

  it("keeps the window on a save that sends it, clears it on one that does not, and refuses a stale version", async () => {
    await createBanner({ titleFr: "Standard" });
    const event = await createBanner({ startsAt: at(START + HOUR) });
    const { _id, version, createdAt: _c, updatedAt: _u, isDefault: _d, ...fields } = event;
    const kept = await call("PUT", `/banners/${_id}`, { ...fields, imageUrlFrMobile: "", imageUrlEnMobile: "", version });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<Banner>().startsAt).not.toBeNull();
    const stale = await call("PUT", `/banners/${_id}`, { ...bannerInput(), version });
    expect(stale.statusCode).toBe(409);
    const cleared = await call("PUT", `/banners/${_id}`, bannerInput());
    expect(cleared.json<Banner>().startsAt).toBeNull();
  });
});

describe("scheduled products (injected clock)", () => {
  it("keeps an active product with a future publishAt off every public place until then", async () => {
    const product = await createProduct({ publishAt: at(START + HOUR) });
    expect(await publicPlaces(product)).toEqual({ page: 404, list: false, categoryPage: false, listing: false, sitemap: false });
    // The admin still sees it, with its publication time.
    const admin = await call("GET", `/products/id/${product._id}`);
    expect(admin.json<Product>().publishAt).not.toBeNull();

    nowMs = START + HOUR;
    expect(await publicPlaces(product)).toEqual({ page: 200, list: true, categoryPage: true, listing: true, sitemap: true });
  });

  it("never publishes an inactive product, whatever its publishAt", async () => {
    const product = await createProduct({ isActive: false, publishAt: at(START - HOUR) });
    expect((await publicPlaces(product)).page).toBe(404);
  });

  it("shows a scheduled product to the holder of a preview link as a preview (never cached as public)", async () => {
    const product = await createProduct({ publishAt: at(START + HOUR) });
    const { url } = (await call("POST", `/products/${product._id}/preview`)).json<{ url: string }>();
    const token = new URL(url, "http://x").searchParams.get("preview");
    const view = await ctx.app.services.preview.productView(product.slug, token);
    expect(view?.preview).toBe(true);
    nowMs = START + HOUR;
    expect((await ctx.app.services.preview.productView(product.slug, token))?.preview).toBe(false);
  });
});

describe("next scheduled change", () => {
  it("is the earliest future banner start or end or product publication, read again as the clock moves", async () => {
    await ctx.database.db.delete(banners);
    nowMs = START + 100 * HOUR;
    const base = nowMs;
    await createBanner({ titleFr: "Standard" });
    await createBanner({ startsAt: at(base + 2 * HOUR), endsAt: at(base + 5 * HOUR) });
    await createProduct({ publishAt: at(base + 3 * HOUR) });
    const next = () => ctx.app.services.schedule.nextChange();
    expect(await next()).toBe(base + 2 * HOUR);
    nowMs = base + 2 * HOUR;
    expect(await next()).toBe(base + 3 * HOUR);
    nowMs = base + 3 * HOUR;
    expect(await next()).toBe(base + 5 * HOUR);
    nowMs = base + 5 * HOUR;
    const later = await next();
    expect(later === null || later > nowMs).toBe(true);
  });
});

describe("POST /api/products/bulk", () => {
  const bulk = (body: unknown, signedIn = true) => call("POST", "/products/bulk", body, signedIn);
  const stored = async (id: string) => (await call("GET", `/products/id/${id}`)).json<Product>();

  it("answers 401 before reading the body without a token", async () => {
    const response = await bulk({ ids: [], action: "delete" }, false);
    expect(response.statusCode).toBe(401);
  });

  it("activates, deactivates and moves every named product, each with a new version", async () => {
    const a = await createProduct({ isActive: false });
    const b = await createProduct({ isActive: false });
    const on = await bulk({ ids: [a._id, b._id, a._id], action: "activate" });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<ProductBulkResult>()).toEqual({ action: "activate", count: 2 });
    expect((await stored(a._id)).isActive).toBe(true);
    expect((await stored(b._id)).version).toBe(b.version + 1);

    expect((await bulk({ ids: [a._id, b._id], action: "deactivate" })).statusCode).toBe(200);
    expect((await stored(b._id)).isActive).toBe(false);

    const moved = await bulk({ ids: [a._id, b._id], action: "move", categoryId: otherCategory._id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await stored(a._id)).categoryId).toBe(otherCategory._id);
  });

  it("deletes every named product and writes one history row naming the count", async () => {
    const a = await createProduct({ nameFr: "Lot Ulve" });
    const b = await createProduct({ nameFr: "Lot Codium" });
    const response = await bulk({ ids: [a._id, b._id], action: "delete" });
    expect(response.json<ProductBulkResult>()).toEqual({ action: "delete", count: 2 });
    expect((await call("GET", `/products/id/${a._id}`)).statusCode).toBe(404);
    const rows = (await call("GET", "/history?type=product&limit=5")).json<HistoryEntry[]>();
    expect(rows[0]).toMatchObject({ action: "delete", label: "2 produits : Lot Codium, Lot Ulve" });
  });

  it("changes nothing when one id is unknown (404 naming it) or the category is (400)", async () => {
    const a = await createProduct({ isActive: false });
    const missing = "00000000-0000-4000-8000-000000000000";
    const unknownId = await bulk({ ids: [a._id, missing], action: "activate" });
    expect(unknownId.statusCode).toBe(404);
    expect(unknownId.json()).toMatchObject({ code: "not_found", params: { item: "product" }, details: { missing: [missing] } });
    expect((await stored(a._id)).isActive).toBe(false);

    const unknownCategory = await bulk({ ids: [a._id], action: "move", categoryId: missing });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json()).toMatchObject({ code: "category.unknown" });
    expect((await stored(a._id)).categoryId).toBe(category._id);
  });

  it("refuses an empty list, more than 200 ids, a move without a category and an unknown action", async () => {
    const ids = Array.from({ length: 201 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    for (const body of [
      { ids: [], action: "activate" },
      { ids, action: "activate" },
      { ids: [ids[0]], action: "move" },
      { ids: [ids[0]], action: "archive" },
    ]) {
      const response = await bulk(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: "validation" });
    }
  });
});
