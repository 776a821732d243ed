import type { Category } from "@shared/schemas/category";
import type { Product, ProductInput } from "@shared/schemas/product";
import { expect } from "vitest";
import type { TestContext } from "./test-app";

const categories = new WeakMap<TestContext, Category>();
let seq = 0;

/** A published product in a category made once per test context; `overrides` change any of its fields. */
export async function createTestProduct(ctx: TestContext, overrides: Partial<ProductInput> = {}): Promise<Product> {
  seq += 1;
  let category = categories.get(ctx);
  if (!category) {
    const created = await ctx.call("POST", "/categories", { slug: `test-category-${seq}`, nameFr: "Catégorie", nameEn: "Category" });
    expect(created.statusCode, created.body).toBe(201);
    category = created.json<Category>();
    categories.set(ctx, category);
  }
  const response = await ctx.call("POST", "/products", {
    slug: `test-product-${seq}`,
    nameFr: `Produit ${seq}`,
    nameEn: `Product ${seq}`,
    shortDescriptionFr: "Une algue",
    shortDescriptionEn: "An alga",
    mainImageUrl: "/uploads/algues/main.webp",
    categoryId: category._id,
    isActive: true,
    contentBlocks: [],
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}
