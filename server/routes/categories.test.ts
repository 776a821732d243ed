import type { Category, CategoryInput, CategoryWithCount } from "@shared/schemas/category";
import type { CategoryPage, Product, ProductInput } from "@shared/schemas/product";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiMethod, createTestContext, type TestContext } from "../../test/test-app";
import { products } from "../db/schema/index";
import { PUBLIC_CACHE } from "../plugins/response-cache";
import { CATEGORY_NOT_EMPTY, WRONG_CATEGORY_IDS } from "../services/catalogue/categories";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const call = (...args: Parameters<TestContext["call"]>) => ctx.call(...args);

const categoryInput = (slug: string, overrides: Partial<CategoryInput> = {}): CategoryInput => ({
  slug,
  nameFr: `Catégorie ${slug}`,
  nameEn: `Category ${slug}`,
  descriptionFr: "Description",
  descriptionEn: "Description",
  coverImageUrl: "/uploads/algues/cover.webp",
  ...overrides,
});

async function createCategory(slug: string): Promise<Category> {
  const response = await call("POST", "/categories", categoryInput(slug));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Category>();
}

async function createProduct(categoryId: string, slug: string, isActive = true): Promise<Product> {
  const input: ProductInput = {
    slug,
    nameFr: slug,
    nameEn: slug,
    shortDescriptionFr: "Court",
    shortDescriptionEn: "Short",
    mainImageUrl: "/uploads/algues/p.webp",
    categoryId,
    isActive,
  };
  const response = await call("POST", "/products", input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

describe("categories", () => {
  it("answers 401 without a token on every protected category route", async () => {
    const category = await createCategory("protegee");
    const routes: [ApiMethod, string, unknown?][] = [
      ["POST", "/categories", categoryInput("autre")],
      ["PUT", `/categories/${category._id}`, categoryInput("protegee")],
      ["DELETE", `/categories/${category._id}`],
      ["GET", "/categories/all"],
      ["PUT", "/categories/order", { ids: [category._id] }],
    ];
    for (const [method, url, payload] of routes) {
      const response = await call(method, url, payload, false);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toHaveProperty("error");
    }
    expect((await call("GET", "/categories/protegee", undefined, false)).statusCode).toBe(200);
  });

  it("creates a category with 201 (last position, version 1, empty SEO fields) and lists it publicly in order with public caching", async () => {
    const first = await createCategory("les-algues");
    const second = await createCategory("les-plantes");
    expect(first).toEqual({
      _id: first._id,
      ...categoryInput("les-algues"),
      metaTitleFr: "",
      metaTitleEn: "",
      metaDescriptionFr: "",
      metaDescriptionEn: "",
      position: first.position,
      version: 1,
    });
    expect(second.position).toBeGreaterThan(first.position);
    const response = await call("GET", "/categories", undefined, false);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe(PUBLIC_CACHE);
    const slugs = response.json<Category[]>().map((c) => c.slug);
    expect(slugs.indexOf("les-algues")).toBeLessThan(slugs.indexOf("les-plantes"));
    expect(response.json<Category[]>()).toEqual(expect.arrayContaining([first, second]));
  });

  it("serves a category by slug with its active products only", async () => {
    const category = await createCategory("actifs-biologiques");
    const active = await createProduct(category._id, "actif-visible");
    await createProduct(category._id, "actif-cache", false);
    const response = await call("GET", "/categories/actifs-biologiques", undefined, false);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe(PUBLIC_CACHE);
    const page = response.json<CategoryPage>();
    expect(page.category).toEqual(category);
    expect(page.products.map((p) => p._id)).toEqual([active._id]);
    expect(page.products[0]?.category).toEqual(category);
  });

  it("serves a category with one page of its active products: 50 by default, the next page in Link, the count in X-Total-Count", async () => {
    const category = await createCategory("gamme-longue");
    await ctx.database.db.insert(products).values(
      Array.from({ length: 53 }, (_, i) => ({
        slug: `longue-${String(i).padStart(2, "0")}`,
        nameFr: `Produit ${String(i).padStart(2, "0")}`,
        nameEn: `Product ${i}`,
        shortDescriptionFr: "Court",
        shortDescriptionEn: "Short",
        mainImageUrl: "/uploads/algues/p.webp",
        categoryId: category._id,
        // One inactive product: neither listed nor counted.
        isActive: i !== 7,
      })),
    );
    const expected = Array.from({ length: 53 }, (_, i) => `longue-${String(i).padStart(2, "0")}`).filter((slug) => slug !== "longue-07");
    const first = await call("GET", "/categories/gamme-longue", undefined, false);
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-total-count"]).toBe("52");
    expect(first.json<CategoryPage>().products.map((p) => p.slug)).toEqual(expected.slice(0, 50));
    expect(first.headers.link).toMatch(/^<\/api\/categories\/gamme-longue\?cursor=[A-Za-z0-9_-]+>; rel="next"$/);

    // Walked by its Link with ?limit=20: every active product once, in name order, each page with the category.
    const seen: string[] = [];
    let pages = 0;
    for (let url: string | null = "/categories/gamme-longue?limit=20"; url !== null; pages += 1) {
      const response = await call("GET", url, undefined, false);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<CategoryPage>();
      expect(page.category).toEqual(category);
      seen.push(...page.products.map((p) => p.slug));
      const link = response.headers.link;
      url = typeof link === "string" ? (/^<\/api([^>]+)>; rel="next"$/.exec(link)?.[1] ?? null) : null;
    }
    expect(seen).toEqual(expected);
    expect(pages).toBe(3);

    const forged = Buffer.from(JSON.stringify(["x"])).toString("base64url");
    const refused = await call("GET", `/categories/gamme-longue?cursor=${forged}`, undefined, false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "page.invalid_cursor" });
    expect((await call("GET", "/categories/gamme-longue?limit=201", undefined, false)).statusCode).toBe(400);
  });

  it("answers 404 with an error for an unknown slug", async () => {
    const response = await call("GET", "/categories/inconnue", undefined, false);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty("error");
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("updates a category and shows the change in its products", async () => {
    const category = await createCategory("a-renommer");
    await createProduct(category._id, "produit-renomme");
    const response = await call("PUT", `/categories/${category._id}`, categoryInput("renommee", { nameFr: "Renommée" }));
    expect(response.statusCode).toBe(200);
    expect(response.json<Category>()).toMatchObject({ _id: category._id, slug: "renommee", nameFr: "Renommée" });
    const page = (await call("GET", "/categories/renommee", undefined, false)).json<CategoryPage>();
    expect(page.products[0]?.category?.nameFr).toBe("Renommée");
    expect((await call("GET", "/categories/a-renommer", undefined, false)).statusCode).toBe(404);
    expect((await call("PUT", "/categories/00000000-0000-4000-8000-000000000000", categoryInput("x"))).statusCode).toBe(404);
  });

  it("answers 409 for a slug already used, on create and on update", async () => {
    await createCategory("doublon");
    const other = await createCategory("unique");
    const created = await call("POST", "/categories", categoryInput("doublon"));
    expect(created.statusCode).toBe(409);
    expect(created.json()).toEqual({ error: "Ce slug est déjà utilisé / This slug is already used", code: "slug_taken" });
    expect((await call("PUT", `/categories/${other._id}`, categoryInput("doublon"))).statusCode).toBe(409);
  });

  it("refuses blank names and bad slugs", async () => {
    expect((await call("POST", "/categories", categoryInput("vide", { nameFr: "   " }))).statusCode).toBe(400);
    expect((await call("POST", "/categories", categoryInput("Pas Bon"))).statusCode).toBe(400);
    expect((await call("GET", "/categories/vide", undefined, false)).statusCode).toBe(404);
  });

  it("refuses with 409 to delete a category that still has products, and deletes it once empty", async () => {
    const category = await createCategory("a-vider");
    const product = await createProduct(category._id, "dernier-produit", false);
    const refused = await call("DELETE", `/categories/${category._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: CATEGORY_NOT_EMPTY, code: "category.not_empty" });
    const kept = await call("GET", `/products/id/${product._id}`);
    expect(kept.json<Product>().category?._id).toBe(category._id);
    expect((await call("GET", "/categories/all")).json<Category[]>().map((c) => c._id)).toContain(category._id);

    expect((await call("DELETE", `/products/${product._id}`)).statusCode).toBe(204);
    const deleted = await call("DELETE", `/categories/${category._id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call("GET", "/categories/a-vider", undefined, false)).statusCode).toBe(404);
    expect((await call("DELETE", `/categories/${category._id}`)).statusCode).toBe(404);
  });
});

describe("category order", () => {
  const allIds = async () => (await call("GET", "/categories/all")).json<CategoryWithCount[]>().map((c) => c._id);

  it("lists every category for the admin with its product count (active or not), in the site's order", async () => {
    const category = await createCategory("comptee");
    await createProduct(category._id, "compte-actif");
    await createProduct(category._id, "compte-inactif", false);
    const empty = await createCategory("vide-comptee");
    const response = await call("GET", "/categories/all");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const list = response.json<CategoryWithCount[]>();
    expect(list.find((c) => c._id === category._id)).toMatchObject({ ...category, productCount: 2 });
    expect(list.find((c) => c._id === empty._id)?.productCount).toBe(0);
    const publicIds = (await call("GET", "/categories", undefined, false)).json<Category[]>().map((c) => c._id);
    expect(list.map((c) => c._id)).toEqual(publicIds);
  });

  it("stores a new order that the public list and the catalogue order follow", async () => {
    const a = await createCategory("ordre-a");
    const b = await createCategory("ordre-b");
    const pa = await createProduct(a._id, "produit-ordre-a");
    const pb = await createProduct(b._id, "produit-ordre-b");
    const ids = await allIds();
    const reversed = [...ids].reverse();
    const response = await call("PUT", "/categories/order", { ids: reversed });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Category[]>().map((c) => c._id)).toEqual(reversed);
    expect(response.json<Category[]>().map((c) => c.position)).toEqual(reversed.map((_, i) => i));

    const publicList = (await call("GET", "/categories", undefined, false)).json<Category[]>();
    expect(publicList.map((c) => c._id)).toEqual(reversed);
    const catalogue = (await call("GET", "/products", undefined, false)).json<Product[]>().map((p) => p._id);
    expect(catalogue.indexOf(pb._id)).toBeLessThan(catalogue.indexOf(pa._id));
    // A category created afterwards goes last.
    const late = await createCategory("ordre-tardive");
    expect((await allIds()).at(-1)).toBe(late._id);
  });

  it("answers 400 unless every category is given exactly once, and keeps the order", async () => {
    const before = await allIds();
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const ids of [
      before.slice(1),
      [...before, unknown],
      [...before.slice(1), before[1]],
      [...before.slice(1), unknown],
      ["pas-un-id"],
    ]) {
      const response = await call("PUT", "/categories/order", { ids });
      expect(response.statusCode, JSON.stringify(ids)).toBe(400);
      expect(response.json()).toHaveProperty("error");
    }
    expect((await call("PUT", "/categories/order", { ids: before.slice(1) })).json()).toMatchObject({ error: WRONG_CATEGORY_IDS });
    expect(await allIds()).toEqual(before);
  });
});

describe("SEO fields of a category", () => {
  it("stores the meta fields on create and update and refuses a title over the limit", async () => {
    const category = await createCategory("seo-categorie");
    const response = await call("PUT", `/categories/${category._id}`, {
      ...categoryInput("seo-categorie"),
      metaTitleFr: "Algues rouges de Bizerte",
      metaDescriptionEn: "Red algae from Bizerte",
      version: category.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Category>()).toMatchObject({
      metaTitleFr: "Algues rouges de Bizerte",
      metaTitleEn: "",
      metaDescriptionEn: "Red algae from Bizerte",
    });
    const tooLong = await call("PUT", `/categories/${category._id}`, { ...categoryInput("seo-categorie"), metaTitleEn: "x".repeat(121) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      details: [{ path: "metaTitleEn", message: "120 caractères maximum / 120 characters maximum" }],
    });
  });
});
