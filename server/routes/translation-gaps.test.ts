import { categoryResource } from "@shared/resources/categories";
import { pageResource } from "@shared/resources/pages";
import { productResource } from "@shared/resources/products";
import type { DashboardSummary } from "@shared/schemas/analytics";
import type { Category, CategoryWithCount } from "@shared/schemas/category";
import type { Product, ProductAdminRow, ProductInput } from "@shared/schemas/product";
import type { RichDoc } from "@shared/schemas/rich-text";
import type { SitePage, SitePageInput, SitePageRow } from "@shared/schemas/site-page";
import { needsTranslation } from "@shared/translation-gaps";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestProduct } from "../../test/catalogue";
import { createTestContext, type TestContext } from "../../test/test-app";
import { fillTranslationFlags } from "../services/translation-flags";

let ctx: TestContext;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const doc = (text: string): RichDoc => ({ type: "doc", content: [{ type: "paragraph", content: text ? [{ type: "text", text }] : [] }] });
const table = (fr: string, en: string) => ({ fr: { headers: ["Taille"], rows: [[fr]] }, en: { headers: ["Size"], rows: [[en]] } });

/** Every row of a paged admin list, following its `Link` headers with `limit` rows a page; and the `X-Total-Count` of the first. */
async function allPages<T>(url: string, limit: number): Promise<{ rows: T[]; total: number; pages: number }> {
  const rows: T[] = [];
  let next: string | null = `${url}${url.includes("?") ? "&" : "?"}limit=${limit}`;
  let total = -1;
  let pages = 0;
  while (next) {
    const response = await ctx.call("GET", next);
    expect(response.statusCode, response.body).toBe(200);
    if (total < 0) total = Number(response.headers["x-total-count"]);
    rows.push(...response.json<T[]>());
    pages += 1;
    const link = String(response.headers.link ?? "");
    next = /<\/api([^>]+)>; rel="next"/.exec(link)?.[1] ?? null;
  }
  return { rows, total, pages };
}

/** The products needing a translation, computed plainly from each product as read, not from the stored flag. */
async function productsComputed(): Promise<string[]> {
  const { rows } = await allPages<ProductAdminRow>("/products/all", 200);
  const flagged: string[] = [];
  for (const row of rows) {
    const product = (await ctx.call("GET", `/products/id/${row._id}`)).json<Product>();
    if (needsTranslation(productResource, product)) flagged.push(product._id);
  }
  return flagged.sort();
}

const ids = (rows: { _id: string }[]) => rows.map((row) => row._id).sort();

const product = (overrides: Partial<ProductInput>) => createTestProduct(ctx, overrides);

describe("translation gaps: products", () => {
  let made: Record<string, Product> = {};

  beforeAll(async () => {
    made = {
      translated: await product({
        originFr: "Tunisie",
        originEn: "Tunisia",
        contentBlocks: [{ type: "table", tableData: table("1 kg", "1 kg") }],
      }),
      fact: await product({ formFr: "Poudre" }),
      seo: await product({ metaDescriptionEn: "Only in English" }),
      block: await product({ contentBlocks: [{ type: "text", contentFr: "Seulement en français" }] }),
      tableCells: await product({ contentBlocks: [{ type: "table", tableData: table("1 kg", "") }] }),
      another: await product({ storageFr: "Au sec" }),
      alsoTranslated: await product({}),
    };
  });

  it("lists with translation=missing exactly the products a plain computation finds, page by page", async () => {
    const expected = await productsComputed();
    expect(expected).toEqual(ids([made.fact, made.seo, made.block, made.tableCells, made.another] as Product[]));
    const { rows, total, pages } = await allPages<ProductAdminRow>("/products/all?translation=missing", 2);
    expect(ids(rows)).toEqual(expected);
    expect(total).toBe(expected.length);
    expect(pages).toBe(Math.ceil(expected.length / 2));
    expect(rows.every((row) => row.needsTranslation)).toBe(true);
  });

  it("marks each row of the full list, and narrows a search or a category with the same filter", async () => {
    const { rows } = await allPages<ProductAdminRow>("/products/all", 200);
    expect(rows.find((row) => row._id === made.translated?._id)?.needsTranslation).toBe(false);
    expect(rows.find((row) => row._id === made.fact?._id)?.needsTranslation).toBe(true);
    const searched = await ctx.call("GET", `/products/all?translation=missing&q=${made.fact?.slug}`);
    expect(ids(searched.json<ProductAdminRow[]>())).toEqual([made.fact?._id]);
  });

  it("updates the flag on every write: a full save, a block added, changed and removed", async () => {
    const item = made.alsoTranslated as Product;
    const flagged = async () => ids((await allPages<ProductAdminRow>("/products/all?translation=missing", 200)).rows).includes(item._id);
    expect(await flagged()).toBe(false);

    const added = await ctx.call("POST", `/products/${item._id}/content-blocks`, { type: "text", contentFr: "Texte", contentEn: "" });
    expect(added.statusCode, added.body).toBe(201);
    expect(await flagged()).toBe(true);

    const blockId = added.json<{ _id: string }>()._id;
    const changed = await ctx.call("PUT", `/products/${item._id}/content-blocks/${blockId}`, {
      type: "text",
      contentFr: "Texte",
      contentEn: "Text",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await flagged()).toBe(false);

    const current = (await ctx.call("GET", `/products/id/${item._id}`)).json<Product>();
    const saved = await ctx.call("PUT", `/products/${item._id}`, { ...current, category: undefined, packagingEn: "Bags of 25 kg" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await flagged()).toBe(true);

    const again = (await ctx.call("GET", `/products/id/${item._id}`)).json<Product>();
    const fixed = await ctx.call("PUT", `/products/${item._id}`, { ...again, category: undefined, packagingFr: "Sacs de 25 kg" });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(await flagged()).toBe(false);

    await ctx.call("PUT", `/products/${item._id}/content-blocks/${blockId}`, { type: "text", contentFr: "", contentEn: "Text" });
    expect(await flagged()).toBe(true);
    const removed = await ctx.call("DELETE", `/products/${item._id}/content-blocks/${blockId}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await flagged()).toBe(false);
  });

  it("refuses an unknown filter value with 400", async () => {
    for (const url of ["/products/all?translation=all", "/categories/all?translation=yes", "/pages?translation=1"]) {
      const response = await ctx.call("GET", url);
      expect(response.statusCode, url).toBe(400);
    }
  });
});

describe("translation gaps: categories and pages", () => {
  let category: Category;
  let page: SitePage;

  beforeAll(async () => {
    seq += 1;
    const created = await ctx.call("POST", "/categories", {
      slug: `a-traduire-${seq}`,
      nameFr: "Algues",
      nameEn: "Seaweed",
      descriptionFr: "Description en français seulement",
    });
    expect(created.statusCode, created.body).toBe(201);
    category = created.json<Category>();
    const input: SitePageInput = {
      slugFr: `page-a-traduire-${seq}`,
      slugEn: `page-to-translate-${seq}`,
      titleFr: "Conditions",
      titleEn: "Terms",
      bodyFr: doc("Texte"),
      bodyEn: doc(""),
    };
    const createdPage = await ctx.call("POST", "/pages", input);
    expect(createdPage.statusCode, createdPage.body).toBe(201);
    page = createdPage.json<SitePage>();
  });

  it("lists the categories to translate: exactly those a plain computation finds", async () => {
    const all = (await ctx.call("GET", "/categories/all")).json<CategoryWithCount[]>();
    const expected = ids(all.filter((c) => needsTranslation(categoryResource, c)));
    expect(expected).toContain(category._id);
    const filtered = (await ctx.call("GET", "/categories/all?translation=missing")).json<CategoryWithCount[]>();
    expect(ids(filtered)).toEqual(expected);
    expect(all.find((c) => c._id === category._id)?.needsTranslation).toBe(true);
  });

  it("lists the pages to translate, paged: exactly those a plain computation finds", async () => {
    const { rows: all } = await allPages<SitePageRow>("/pages", 200);
    const pages = await Promise.all(all.map(async (row) => (await ctx.call("GET", `/pages/id/${row._id}`)).json<SitePage>()));
    const expected = ids(pages.filter((p) => needsTranslation(pageResource, p)));
    expect(expected).toContain(page._id);
    const { rows, total } = await allPages<SitePageRow>("/pages?translation=missing", 1);
    expect(ids(rows)).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it("clears the flag when the missing text is written", async () => {
    const saved = await ctx.call("PUT", `/categories/${category._id}`, { ...category, descriptionEn: "English description" });
    expect(saved.statusCode, saved.body).toBe(200);
    const filtered = (await ctx.call("GET", "/categories/all?translation=missing")).json<CategoryWithCount[]>();
    expect(ids(filtered)).not.toContain(category._id);
    const savedPage = await ctx.call("PUT", `/pages/${page._id}`, { ...page, bodyEn: doc("Text") });
    expect(savedPage.statusCode, savedPage.body).toBe(200);
    const { rows } = await allPages<SitePageRow>("/pages?translation=missing", 50);
    expect(ids(rows)).not.toContain(page._id);
    const back = await ctx.call("PUT", `/pages/${page._id}`, { ...savedPage.json<SitePage>(), bodyEn: doc("") });
    expect(back.statusCode, back.body).toBe(200);
  });

  it("counts the items to translate on the dashboard, as the filtered lists do", async () => {
    const summary = (await ctx.call("GET", "/analytics/summary")).json<DashboardSummary>();
    const products = await allPages<ProductAdminRow>("/products/all?translation=missing", 200);
    const categories = (await ctx.call("GET", "/categories/all?translation=missing")).json<CategoryWithCount[]>();
    const pages = await allPages<SitePageRow>("/pages?translation=missing", 200);
    expect(summary.toTranslate).toEqual({ product: products.total, category: categories.length, page: pages.total });
  });
});

describe("translation flags not computed yet", () => {
  it("are computed at start-up from the same function: the lists answer the same after", async () => {
    const before = {
      products: ids((await allPages<ProductAdminRow>("/products/all?translation=missing", 200)).rows),
      pages: ids((await allPages<SitePageRow>("/pages?translation=missing", 200)).rows),
      categories: ids((await ctx.call("GET", "/categories/all?translation=missing")).json<CategoryWithCount[]>()),
    };
    const { db } = ctx.database;
    for (const name of ["products", "categories", "pages"]) await db.execute(sql.raw(`update ${name} set needs_translation = null`));
    const empty = await allPages<ProductAdminRow>("/products/all?translation=missing", 200);
    expect(empty.total).toBe(0);
    expect(await fillTranslationFlags(db)).toBeGreaterThan(0);
    expect(ids((await allPages<ProductAdminRow>("/products/all?translation=missing", 200)).rows)).toEqual(before.products);
    expect(ids((await allPages<SitePageRow>("/pages?translation=missing", 200)).rows)).toEqual(before.pages);
    expect(ids((await ctx.call("GET", "/categories/all?translation=missing")).json<CategoryWithCount[]>())).toEqual(before.categories);
    expect(await fillTranslationFlags(db)).toBe(0);
  });
});
