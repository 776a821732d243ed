import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category, CategoryInput } from "../../shared/schemas/category";
import type { CategoryPage, Product, ProductInput } from "../../shared/schemas/product";
import { type ApiMethod, createTestContext, type TestContext } from "../../test/test-app";
import { PUBLIC_CACHE } from "../plugins/response-cache";

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
    expect(created.json()).toEqual({ error: "Ce slug est déjà utilisé / This slug is already used" });
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
    expect(refused.json()).toHaveProperty("error");

    expect((await call("DELETE", `/products/${product._id}`)).statusCode).toBe(204);
    const deleted = await call("DELETE", `/categories/${category._id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call("GET", "/categories/a-vider", undefined, false)).statusCode).toBe(404);
    expect((await call("DELETE", `/categories/${category._id}`)).statusCode).toBe(404);
  });
});
