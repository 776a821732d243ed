import { LIMITS } from "@shared/limits";
import type { Category } from "@shared/schemas/category";
import type { ContentBlock, ContentBlockInput } from "@shared/schemas/content-block";
import type { CategoryPage, Product, ProductInput, ProductPage } from "@shared/schemas/product";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiMethod, createTestContext, type TestContext } from "../../test/test-app";
import { contentBlocks } from "../db/schema/index";
import { PUBLIC_CACHE } from "../plugins/response-cache";

let ctx: TestContext;
let algae: Category;
let plants: Category;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  algae = await createCategory("les-algues");
  plants = await createCategory("les-plantes");
});
afterAll(() => ctx.close());

const call = (...args: Parameters<TestContext["call"]>) => ctx.call(...args);

async function createCategory(slug: string): Promise<Category> {
  const response = await call("POST", "/categories", { slug, nameFr: `Cat ${slug}`, nameEn: `Cat ${slug}` });
  expect(response.statusCode).toBe(201);
  return response.json<Category>();
}

function productInput(overrides: Partial<ProductInput> = {}): ProductInput {
  seq += 1;
  return {
    slug: `produit-${seq}`,
    nameFr: `Produit ${seq}`,
    nameEn: `Product ${seq}`,
    shortDescriptionFr: "Une algue de Bizerte",
    shortDescriptionEn: "An alga from Bizerte",
    mainImageUrl: "/uploads/algues/main.webp",
    categoryId: algae._id,
    isActive: true,
    contentBlocks: [],
    ...overrides,
  };
}

async function createProduct(overrides: Partial<ProductInput> = {}): Promise<Product> {
  const response = await call("POST", "/products", productInput(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

const textBlock = (contentFr: string, contentEn = contentFr): ContentBlockInput => ({ type: "text", contentFr, contentEn });

const orders = (blocks: ContentBlock[]) => blocks.map((b) => b.order);
const contents = (blocks: ContentBlock[]) => blocks.map((b) => b.contentFr);

async function blocksOf(productId: string): Promise<ContentBlock[]> {
  const response = await call("GET", `/products/id/${productId}`);
  expect(response.statusCode).toBe(200);
  return response.json<Product>().contentBlocks;
}

describe("authentication", () => {
  it("answers 401 without a token on every protected product route", async () => {
    const product = await createProduct({ contentBlocks: [textBlock("x")] });
    const block = product.contentBlocks[0] as ContentBlock;
    const protectedRoutes: [ApiMethod, string, unknown?][] = [
      ["GET", "/products/all"],
      ["GET", `/products/id/${product._id}`],
      ["POST", "/products", productInput()],
      ["PUT", `/products/${product._id}`, productInput()],
      ["DELETE", `/products/${product._id}`],
      ["POST", `/products/${product._id}/content-blocks`, textBlock("y")],
      ["PUT", `/products/${product._id}/content-blocks/${block._id}`, textBlock("z")],
      ["DELETE", `/products/${product._id}/content-blocks/${block._id}`],
    ];
    for (const [method, url, payload] of protectedRoutes) {
      const response = await call(method, url, payload, false);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toHaveProperty("error");
    }
    expect((await blocksOf(product._id)).length).toBe(1);
  });
});

describe("create and read", () => {
  it("creates a product with every block type and answers 201 with the full resource", async () => {
    const input = productInput({
      contentBlocks: [
        { type: "text", contentFr: "  Bonjour  ", contentEn: "Hello" },
        { type: "image", imageUrl: "/uploads/algues/a.webp", contentFr: "Légende", contentEn: "Caption" },
        { type: "text-image", imageUrl: "https://images.example.com/b.jpg", contentFr: "Texte", contentEn: "Text" },
        { type: "table", contentFr: "Composition", contentEn: "Composition", tableData: { headers: ["A", "B"], rows: [["1", "2"]] } },
      ],
    });
    const response = await call("POST", "/products", input);
    expect(response.statusCode).toBe(201);
    const product = response.json<Product>();
    expect(product).toMatchObject({
      slug: input.slug,
      nameFr: input.nameFr,
      categoryId: algae._id,
      category: { _id: algae._id, slug: "les-algues", nameFr: algae.nameFr },
      isActive: true,
    });
    expect(typeof product._id).toBe("string");
    expect(typeof product.createdAt).toBe("string");
    expect(typeof product.updatedAt).toBe("string");
    expect(product.contentBlocks.map((b) => b.type)).toEqual(["text", "image", "text-image", "table"]);
    expect(orders(product.contentBlocks)).toEqual([0, 1, 2, 3]);
    expect(product.contentBlocks[0]?.contentFr).toBe("Bonjour");
    expect(product.contentBlocks[0]).toMatchObject({ imageUrl: null, tableData: null, productId: product._id });
    expect(product.contentBlocks[3]?.imageUrl).toBeNull();

    const stored = await call("GET", `/products/id/${product._id}`);
    expect(stored.json()).toEqual(product);
  });

  it("accepts the category as an embedded object", async () => {
    const product = await createProduct({ categoryId: { _id: plants._id } });
    expect(product.categoryId).toBe(plants._id);
    expect(product.category?.slug).toBe("les-plantes");
  });

  it("stores blocks in their requested order, renumbered 0..n-1", async () => {
    const product = await createProduct({
      contentBlocks: [
        { ...textBlock("third"), order: 7 },
        { ...textBlock("first"), order: 0 },
        { ...textBlock("second"), order: 3 },
      ],
    });
    expect(contents(product.contentBlocks)).toEqual(["first", "second", "third"]);
    expect(orders(product.contentBlocks)).toEqual([0, 1, 2]);
  });

  it("never stores unknown fields", async () => {
    const payload = {
      ...productInput({ contentBlocks: [{ ...textBlock("a"), evil: true } as ContentBlockInput] }),
      evil: "x",
      _id: "forged",
    };
    const response = await call("POST", "/products", payload);
    expect(response.statusCode).toBe(201);
    const product = response.json<Product & { evil?: string }>();
    expect(product._id).not.toBe("forged");
    const stored = (await call("GET", `/products/id/${product._id}`)).json<Record<string, unknown>>();
    expect(stored).not.toHaveProperty("evil");
    expect(stored.contentBlocks).toEqual([expect.not.objectContaining({ evil: true })]);
    expect(Object.keys(product.contentBlocks[0] ?? {}).sort()).toEqual(
      ["_id", "contentEn", "contentFr", "imageUrl", "order", "productId", "richEn", "richFr", "tableData", "type"].sort(),
    );
  });

  it("answers 409 for a slug already used, on create and on update", async () => {
    const first = await createProduct();
    const duplicate = await call("POST", "/products", productInput({ slug: first.slug }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: "Ce slug est déjà utilisé / This slug is already used", code: "slug_taken" });

    const second = await createProduct();
    const renamed = await call("PUT", `/products/${second._id}`, productInput({ slug: first.slug }));
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().error).toBe("Ce slug est déjà utilisé / This slug is already used");
  });

  it("answers 400 with a clear error when the category does not exist, on create and on update", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const created = await call("POST", "/products", productInput({ categoryId: missing }));
    expect(created.statusCode).toBe(400);
    expect(created.json().error).toBe("Catégorie inconnue / Unknown category");

    const product = await createProduct();
    const updated = await call("PUT", `/products/${product._id}`, productInput({ slug: product.slug, categoryId: missing }));
    expect(updated.statusCode).toBe(400);
    expect((await call("GET", `/products/id/${product._id}`)).json<Product>().categoryId).toBe(algae._id);
  });
});

describe("validation", () => {
  const tooLong = (n: number) => "x".repeat(n + 1);

  it("accepts short descriptions of exactly 300 characters and refuses 301", async () => {
    const max = LIMITS.productShortDescription;
    expect(
      (await call("POST", "/products", productInput({ shortDescriptionFr: "x".repeat(max), shortDescriptionEn: "y".repeat(max) })))
        .statusCode,
    ).toBe(201);
    for (const field of ["shortDescriptionFr", "shortDescriptionEn"] as const) {
      const response = await call("POST", "/products", productInput({ [field]: tooLong(max) }));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ path: field })]));
    }
  });

  it("accepts text blocks of 1000 characters per language and refuses 1001", async () => {
    const max = LIMITS.textBlockContent;
    const ok = await call("POST", "/products", productInput({ contentBlocks: [textBlock("x".repeat(max), "y".repeat(max))] }));
    expect(ok.statusCode).toBe(201);
    for (const block of [textBlock(tooLong(max), "ok"), textBlock("ok", tooLong(max))]) {
      const response = await call("POST", "/products", productInput({ contentBlocks: [block] }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(String(max));
    }
  });

  it("accepts table titles of 200 characters per language and refuses 201", async () => {
    const max = LIMITS.tableTitle;
    const table = (contentFr: string, contentEn: string): ContentBlockInput => ({
      type: "table",
      contentFr,
      contentEn,
      tableData: { headers: ["A"], rows: [["1"]] },
    });
    expect((await call("POST", "/products", productInput({ contentBlocks: [table("x".repeat(max), "y".repeat(max))] }))).statusCode).toBe(
      201,
    );
    for (const block of [table(tooLong(max), "ok"), table("ok", tooLong(max))]) {
      expect((await call("POST", "/products", productInput({ contentBlocks: [block] }))).statusCode).toBe(400);
    }
  });

  it("refuses required fields that are missing or only spaces", async () => {
    for (const field of ["slug", "nameFr", "nameEn", "shortDescriptionFr", "shortDescriptionEn", "mainImageUrl"] as const) {
      const blank = await call("POST", "/products", productInput({ [field]: "   " }));
      expect(blank.statusCode, `${field} blank`).toBe(400);
      const { [field]: _removed, ...rest } = productInput();
      const missing = await call("POST", "/products", rest);
      expect(missing.statusCode, `${field} missing`).toBe(400);
      expect(missing.json()).toHaveProperty("error");
    }
    const { categoryId: _c, ...noCategory } = productInput();
    expect((await call("POST", "/products", noCategory)).statusCode).toBe(400);
  });

  it("refuses bad slugs, bad image addresses and image blocks without an image", async () => {
    expect((await call("POST", "/products", productInput({ slug: "Pas Un Slug!" }))).statusCode).toBe(400);
    expect((await call("POST", "/products", productInput({ mainImageUrl: "javascript:alert(1)" }))).statusCode).toBe(400);
    expect(
      (await call("POST", "/products", productInput({ contentBlocks: [{ type: "image", contentFr: "", contentEn: "" }] }))).statusCode,
    ).toBe(400);
    expect(
      (await call("POST", "/products", productInput({ contentBlocks: [{ type: "video" } as unknown as ContentBlockInput] }))).statusCode,
    ).toBe(400);
  });
});

describe("public visibility", () => {
  it("lists only active products, filtered by category, sorted by category then name, with public caching", async () => {
    const hidden = await createProduct({ isActive: false, nameFr: "AAA caché" });
    const plant = await createProduct({ categoryId: plants._id, nameFr: "AAA plante" });
    const response = await call("GET", "/products", undefined, false);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe(PUBLIC_CACHE);
    const list = response.json<Product[]>();
    expect(list.every((p) => p.isActive)).toBe(true);
    expect(list.map((p) => p._id)).not.toContain(hidden._id);
    const algaeNames = list.filter((p) => p.categoryId === algae._id).map((p) => p.nameFr);
    expect(algaeNames).toEqual([...algaeNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(list.findIndex((p) => p._id === plant._id)).toBeGreaterThan(list.findLastIndex((p) => p.categoryId === algae._id));

    const plantsOnly = (await call("GET", `/products?categoryId=${plants._id}`, undefined, false)).json<Product[]>();
    expect(plantsOnly.length).toBeGreaterThan(0);
    expect(plantsOnly.every((p) => p.categoryId === plants._id && p.category?.slug === "les-plantes")).toBe(true);
    expect((await call("GET", "/products?categoryId=not-a-uuid", undefined, false)).statusCode).toBe(400);
  });

  it("hides an inactive product from the public slug page and category page but shows it to the admin", async () => {
    const hidden = await createProduct({ isActive: false });
    const bySlug = await call("GET", `/products/${hidden.slug}`, undefined, false);
    expect(bySlug.statusCode).toBe(404);
    expect(bySlug.json()).toHaveProperty("error");
    expect(bySlug.headers["cache-control"]).toBe("no-store");

    const page = (await call("GET", "/categories/les-algues", undefined, false)).json<CategoryPage>();
    expect(page.products.map((p) => p._id)).not.toContain(hidden._id);
    expect(page.products.every((p) => p.isActive)).toBe(true);

    const all = await call("GET", "/products/all");
    expect(all.headers["cache-control"]).toBe("no-store");
    expect(all.json<Product[]>().map((p) => p._id)).toContain(hidden._id);
    const byId = await call("GET", `/products/id/${hidden._id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json<Product>().isActive).toBe(false);
  });

  it("answers 404 for an unknown slug and an unknown id", async () => {
    expect((await call("GET", "/products/nothing-here", undefined, false)).statusCode).toBe(404);
    expect((await call("GET", "/products/id/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("serves the product page with its blocks and at most 3 active similar products of its category, itself excluded", async () => {
    const category = await createCategory("actifs-biologiques");
    const product = await createProduct({ categoryId: category._id, contentBlocks: [textBlock("un"), textBlock("deux")] });
    const others = [];
    for (let i = 0; i < 4; i++) others.push(await createProduct({ categoryId: category._id }));
    const inactive = await createProduct({ categoryId: category._id, isActive: false, nameFr: "0 inactif en premier" });

    const response = await call("GET", `/products/${product.slug}`, undefined, false);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe(PUBLIC_CACHE);
    const page = response.json<ProductPage>();
    expect(page.product._id).toBe(product._id);
    expect(contents(page.contentBlocks)).toEqual(["un", "deux"]);
    expect(page.similarProducts).toHaveLength(LIMITS.similarProducts);
    const similarIds = page.similarProducts.map((p) => p._id);
    expect(similarIds).not.toContain(product._id);
    expect(similarIds).not.toContain(inactive._id);
    expect(page.similarProducts.every((p) => p.categoryId === category._id && p.isActive)).toBe(true);
    expect(others.map((p) => p._id)).toEqual(expect.arrayContaining(similarIds));
  });

  it("gives a lone product an empty similar list", async () => {
    const category = await createCategory("seule");
    const product = await createProduct({ categoryId: category._id });
    await createProduct({ categoryId: category._id, isActive: false });
    expect((await call("GET", `/products/${product.slug}`, undefined, false)).json<ProductPage>().similarProducts).toEqual([]);
  });

  it("routes /products/all to the admin list even when a product has the slug all", async () => {
    await createProduct({ slug: "all" });
    expect((await call("GET", "/products/all")).json()).toBeInstanceOf(Array);
    expect((await call("GET", "/products/all", undefined, false)).statusCode).toBe(401);
  });
});

describe("update and delete", () => {
  it("replaces every field and the whole block list in one call", async () => {
    const product = await createProduct({ contentBlocks: [textBlock("old 1"), textBlock("old 2"), textBlock("old 3")] });
    const input = productInput({
      slug: `${product.slug}-v2`,
      nameFr: "Nouveau nom",
      categoryId: plants._id,
      isActive: false,
      contentBlocks: [textBlock("new 1"), { type: "table", contentFr: "T", contentEn: "T" }],
    });
    const response = await call("PUT", `/products/${product._id}`, input);
    expect(response.statusCode).toBe(200);
    const updated = response.json<Product>();
    expect(updated).toMatchObject({ _id: product._id, slug: input.slug, nameFr: "Nouveau nom", categoryId: plants._id, isActive: false });
    expect(updated.category?._id).toBe(plants._id);
    expect(contents(updated.contentBlocks)).toEqual(["new 1", "T"]);
    expect(orders(updated.contentBlocks)).toEqual([0, 1]);
    expect(updated.contentBlocks[1]?.tableData).toEqual({ fr: { headers: [""], rows: [[""]] }, en: { headers: [""], rows: [[""]] } });
    expect(updated.updatedAt >= product.updatedAt).toBe(true);
    expect(updated.createdAt).toBe(product.createdAt);
  });

  it("keeps the product untouched when a replacement is invalid", async () => {
    const product = await createProduct({ contentBlocks: [textBlock("keep")] });
    const response = await call(
      "PUT",
      `/products/${product._id}`,
      productInput({ slug: product.slug, contentBlocks: [textBlock("x".repeat(2000))] }),
    );
    expect(response.statusCode).toBe(400);
    expect(contents(await blocksOf(product._id))).toEqual(["keep"]);
  });

  it("answers 404 when updating or deleting an unknown product", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await call("PUT", `/products/${unknown}`, productInput())).statusCode).toBe(404);
    expect((await call("DELETE", `/products/${unknown}`)).statusCode).toBe(404);
  });

  it("deletes a product with 204 and its blocks with it", async () => {
    const product = await createProduct({ contentBlocks: [textBlock("a"), textBlock("b")] });
    const response = await call("DELETE", `/products/${product._id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect((await call("GET", `/products/id/${product._id}`)).statusCode).toBe(404);
    const [left] = await ctx.database.db.select({ n: count() }).from(contentBlocks).where(eq(contentBlocks.productId, product._id));
    expect(left?.n).toBe(0);
  });
});

describe("content blocks", () => {
  it("appends a block at the end, or inserts it at the given position, keeping orders 0..n-1", async () => {
    const product = await createProduct({ contentBlocks: [textBlock("a"), textBlock("b")] });
    const appended = await call("POST", `/products/${product._id}/content-blocks`, textBlock("c"));
    expect(appended.statusCode).toBe(201);
    expect(appended.json<ContentBlock>()).toMatchObject({ contentFr: "c", order: 2, productId: product._id });

    const first = await call("POST", `/products/${product._id}/content-blocks`, { ...textBlock("start"), order: 0 });
    expect(first.json<ContentBlock>().order).toBe(0);
    await call("POST", `/products/${product._id}/content-blocks`, { ...textBlock("middle"), order: 2 });
    await call("POST", `/products/${product._id}/content-blocks`, { ...textBlock("end"), order: 99 });

    const blocks = await blocksOf(product._id);
    expect(contents(blocks)).toEqual(["start", "a", "middle", "b", "c", "end"]);
    expect(orders(blocks)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("moves a block up and down when its order changes, and keeps its place otherwise", async () => {
    const product = await createProduct({ contentBlocks: [textBlock("a"), textBlock("b"), textBlock("c"), textBlock("d")] });
    const [a, , c] = product.contentBlocks as [ContentBlock, ContentBlock, ContentBlock, ContentBlock];

    const down = await call("PUT", `/products/${product._id}/content-blocks/${a._id}`, { ...textBlock("a"), order: 2 });
    expect(down.statusCode).toBe(200);
    expect(down.json<ContentBlock>().order).toBe(2);
    expect(contents(await blocksOf(product._id))).toEqual(["b", "c", "a", "d"]);

    await call("PUT", `/products/${product._id}/content-blocks/${c._id}`, { ...textBlock("c"), order: 0 });
    expect(contents(await blocksOf(product._id))).toEqual(["c", "b", "a", "d"]);

    const edited = await call("PUT", `/products/${product._id}/content-blocks/${a._id}`, {
      type: "text-image",
      contentFr: "A2",
      contentEn: "A2",
      imageUrl: "/uploads/algues/x.webp",
    });
    expect(edited.json<ContentBlock>()).toMatchObject({
      type: "text-image",
      contentFr: "A2",
      imageUrl: "/uploads/algues/x.webp",
      order: 2,
    });
    const blocks = await blocksOf(product._id);
    expect(contents(blocks)).toEqual(["c", "b", "A2", "d"]);
    expect(orders(blocks)).toEqual([0, 1, 2, 3]);
  });

  it("renumbers the remaining blocks after a deletion", async () => {
    const product = await createProduct({ contentBlocks: [textBlock("a"), textBlock("b"), textBlock("c")] });
    const middle = product.contentBlocks[1] as ContentBlock;
    expect((await call("DELETE", `/products/${product._id}/content-blocks/${middle._id}`)).statusCode).toBe(204);
    const blocks = await blocksOf(product._id);
    expect(contents(blocks)).toEqual(["a", "c"]);
    expect(orders(blocks)).toEqual([0, 1]);
  });

  it("answers 404 for an unknown product, an unknown block, or a block of another product", async () => {
    const product = await createProduct({ contentBlocks: [textBlock("a")] });
    const other = await createProduct({ contentBlocks: [textBlock("b")] });
    const foreign = other.contentBlocks[0] as ContentBlock;
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await call("POST", `/products/${unknown}/content-blocks`, textBlock("x"))).statusCode).toBe(404);
    expect((await call("PUT", `/products/${product._id}/content-blocks/${unknown}`, textBlock("x"))).statusCode).toBe(404);
    expect((await call("PUT", `/products/${product._id}/content-blocks/${foreign._id}`, textBlock("x"))).statusCode).toBe(404);
    expect((await call("DELETE", `/products/${product._id}/content-blocks/${foreign._id}`)).statusCode).toBe(404);
    expect(contents(await blocksOf(other._id))).toEqual(["b"]);
  });

  it("validates a single block with the same limits", async () => {
    const product = await createProduct();
    const tooLong = await call("POST", `/products/${product._id}/content-blocks`, textBlock("x".repeat(LIMITS.textBlockContent + 1)));
    expect(tooLong.statusCode).toBe(400);
    const title = await call("POST", `/products/${product._id}/content-blocks`, {
      type: "table",
      contentFr: "x".repeat(LIMITS.tableTitle + 1),
      contentEn: "t",
    });
    expect(title.statusCode).toBe(400);
    expect(await blocksOf(product._id)).toEqual([]);
  });
});

describe("table blocks", () => {
  it("copies the legacy single-language table to both languages and pads or trims rows to the headers", async () => {
    const product = await createProduct({
      contentBlocks: [
        {
          type: "table",
          contentFr: "Analyse",
          contentEn: "Analysis",
          tableData: { headers: ["Nom", "Valeur"], rows: [["pH"], ["Sel", "3%", "extra"]] },
        },
      ],
    });
    const expected = {
      headers: ["Nom", "Valeur"],
      rows: [
        ["pH", ""],
        ["Sel", "3%"],
      ],
    };
    expect(product.contentBlocks[0]?.tableData).toEqual({ fr: expected, en: expected });
  });

  it("keeps bilingual tables per language and always gives at least one header and one row", async () => {
    const product = await createProduct({
      contentBlocks: [
        {
          type: "table",
          contentFr: "T",
          contentEn: "T",
          tableData: { fr: { headers: ["A"], rows: [["1"]] }, en: { headers: [], rows: [] } },
        },
      ],
    });
    const block = await call("POST", `/products/${product._id}/content-blocks`, {
      type: "table",
      contentFr: "Vide",
      contentEn: "Empty",
      tableData: { headers: [], rows: [] },
    });
    expect(block.json<ContentBlock>().tableData).toEqual({ fr: { headers: [""], rows: [[""]] }, en: { headers: [""], rows: [[""]] } });
    expect(product.contentBlocks[0]?.tableData).toEqual({ fr: { headers: ["A"], rows: [["1"]] }, en: { headers: [""], rows: [[""]] } });
  });

  it("drops table data and image addresses from blocks whose type does not use them", async () => {
    const product = await createProduct({
      contentBlocks: [
        { type: "text", contentFr: "t", contentEn: "t", imageUrl: "/uploads/algues/x.webp", tableData: { headers: ["A"], rows: [] } },
      ],
    });
    expect(product.contentBlocks[0]).toMatchObject({ imageUrl: null, tableData: null });
  });
});

describe("service helpers used by the site loaders", () => {
  it("counts active and total products", async () => {
    const before = await ctx.app.services.products.counts();
    await createProduct({ isActive: false });
    await createProduct();
    const after = await ctx.app.services.products.counts();
    expect(after).toEqual({ active: before.active + 1, total: before.total + 2 });
    const all = (await call("GET", "/products/all")).json<Product[]>();
    expect(after.total).toBe(all.length);
    expect(after.active).toBe(all.filter((p) => p.isActive).length);
  });

  it("returns null pages for unknown slugs", async () => {
    expect(await ctx.app.services.products.categoryPage("inconnue", { limit: 50 })).toBeNull();
    expect(await ctx.app.services.products.productPage("inconnu")).toBeNull();
  });
});

describe("block ids across a full save (PUT)", () => {
  const keep = (block: ContentBlock): ContentBlockInput => ({
    _id: block._id,
    type: block.type,
    contentFr: block.contentFr,
    contentEn: block.contentEn,
    imageUrl: block.imageUrl,
    tableData: block.tableData,
  });

  it("keeps every block id when only texts change", async () => {
    const product = await createProduct({
      contentBlocks: [textBlock("un"), textBlock("deux"), { type: "table", contentFr: "T", contentEn: "T" }],
    });
    const blocks = product.contentBlocks.map((b) => ({ ...keep(b), contentFr: `${b.contentFr} modifié` }));
    const response = await call("PUT", `/products/${product._id}`, productInput({ slug: product.slug, contentBlocks: blocks }));
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<Product>().contentBlocks;
    expect(saved.map((b) => b._id)).toEqual(product.contentBlocks.map((b) => b._id));
    expect(contents(saved)).toEqual(["un modifié", "deux modifié", "T modifié"]);
    expect(orders(saved)).toEqual([0, 1, 2]);
  });

  it("deletes the blocks left out, inserts the new ones and renumbers, keeping the ids of the blocks kept", async () => {
    const product = await createProduct({ contentBlocks: [textBlock("a"), textBlock("b"), textBlock("c")] });
    const [a, b, c] = product.contentBlocks as [ContentBlock, ContentBlock, ContentBlock];
    const response = await call(
      "PUT",
      `/products/${product._id}`,
      productInput({ slug: product.slug, contentBlocks: [keep(c), textBlock("nouveau"), keep(a)] }),
    );
    const saved = response.json<Product>().contentBlocks;
    expect(contents(saved)).toEqual(["c", "nouveau", "a"]);
    expect(orders(saved)).toEqual([0, 1, 2]);
    expect(saved[0]?._id).toBe(c._id);
    expect(saved[2]?._id).toBe(a._id);
    expect([a._id, b._id, c._id]).not.toContain(saved[1]?._id);
    const [row] = await ctx.database.db.select({ stored: count() }).from(contentBlocks).where(eq(contentBlocks._id, b._id));
    expect(row?.stored).toBe(0);
  });

  it("inserts as new a block whose id is unknown or belongs to another product, and leaves the other product alone", async () => {
    const other = await createProduct({ contentBlocks: [textBlock("à l'autre")] });
    const product = await createProduct({ contentBlocks: [textBlock("mien")] });
    const foreign = other.contentBlocks[0] as ContentBlock;
    const response = await call(
      "PUT",
      `/products/${product._id}`,
      productInput({
        slug: product.slug,
        contentBlocks: [
          { ...keep(foreign), contentFr: "volé" },
          { ...textBlock("inconnu"), _id: "00000000-0000-4000-8000-000000000001" },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<Product>().contentBlocks;
    expect(contents(saved)).toEqual(["volé", "inconnu"]);
    expect(saved.map((b) => b._id)).not.toContain(foreign._id);
    expect(saved.map((b) => b._id)).not.toContain("00000000-0000-4000-8000-000000000001");
    expect(contents(await blocksOf(other._id))).toEqual(["à l'autre"]);
    expect((await blocksOf(other._id))[0]?._id).toBe(foreign._id);
  });

  it("keeps an id listed twice on its first block and inserts the second as a new one", async () => {
    const product = await createProduct({ contentBlocks: [textBlock("seul")] });
    const only = product.contentBlocks[0] as ContentBlock;
    const response = await call(
      "PUT",
      `/products/${product._id}`,
      productInput({ slug: product.slug, contentBlocks: [keep(only), { ...keep(only), contentFr: "copie" }] }),
    );
    const saved = response.json<Product>().contentBlocks;
    expect(contents(saved)).toEqual(["seul", "copie"]);
    expect(saved[0]?._id).toBe(only._id);
    expect(saved[1]?._id).not.toBe(only._id);
  });

  it("rolls the whole save back when one block is invalid, ids included", async () => {
    const product = await createProduct({ contentBlocks: [textBlock("garde")] });
    const response = await call(
      "PUT",
      `/products/${product._id}`,
      productInput({ slug: product.slug, contentBlocks: [textBlock("x".repeat(LIMITS.textBlockContent + 1))] }),
    );
    expect(response.statusCode).toBe(400);
    expect((await blocksOf(product._id)).map((b) => b._id)).toEqual(product.contentBlocks.map((b) => b._id));
  });

  it("ignores block ids on create: the database makes new ones", async () => {
    const source = await createProduct({ contentBlocks: [textBlock("source")] });
    const copy = await createProduct({ contentBlocks: [keep(source.contentBlocks[0] as ContentBlock)] });
    expect(copy.contentBlocks[0]?._id).not.toBe(source.contentBlocks[0]?._id);
    expect((await blocksOf(source._id))[0]?._id).toBe(source.contentBlocks[0]?._id);
  });
});

describe("SEO fields of a product", () => {
  it("stores the four meta fields, trimmed, empty by default", async () => {
    const plain = await createProduct();
    expect(plain).toMatchObject({ metaTitleFr: "", metaTitleEn: "", metaDescriptionFr: "", metaDescriptionEn: "" });
    const product = await createProduct({
      metaTitleFr: "  Titre SEO  ",
      metaTitleEn: "SEO title",
      metaDescriptionFr: "Description SEO",
      metaDescriptionEn: "SEO description",
    });
    expect(product).toMatchObject({
      metaTitleFr: "Titre SEO",
      metaTitleEn: "SEO title",
      metaDescriptionFr: "Description SEO",
      metaDescriptionEn: "SEO description",
    });
  });

  it(`accepts ${LIMITS.metaTitleMax}/${LIMITS.metaDescriptionMax} characters and refuses one more, naming the field`, async () => {
    await createProduct({ metaTitleFr: "t".repeat(LIMITS.metaTitleMax), metaDescriptionEn: "d".repeat(LIMITS.metaDescriptionMax) });
    for (const [field, max] of [
      ["metaTitleFr", LIMITS.metaTitleMax],
      ["metaTitleEn", LIMITS.metaTitleMax],
      ["metaDescriptionFr", LIMITS.metaDescriptionMax],
      ["metaDescriptionEn", LIMITS.metaDescriptionMax],
    ] as const) {
      const response = await call("POST", "/products", productInput({ [field]: "x".repeat(max + 1) }));
      expect(response.statusCode, field).toBe(400);
      const body = response.json<{ error: string; details: { path: string; message: string }[] }>();
      expect(body.details).toContainEqual({
        path: field,
        message: `${max} caractères maximum / ${max} characters maximum`,
        messageCode: "field.max_chars",
        messageParams: { max: String(max) },
      });
    }
  });
});

describe("preview links", () => {
  it("gives an admin a link to the public page of an inactive product with a signed token", async () => {
    const product = await createProduct({ isActive: false });
    const response = await call("POST", `/products/${product._id}/preview`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(new RegExp(`^/product/${product.slug}\\?preview=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
  });

  it("answers 404 for an unknown product and 401 anonymously", async () => {
    const product = await createProduct({ isActive: false });
    expect((await call("POST", "/products/00000000-0000-4000-8000-000000000000/preview")).statusCode).toBe(404);
    expect((await call("POST", `/products/${product._id}/preview`, undefined, false)).statusCode).toBe(401);
  });

  it("makes a token that the session check refuses, so it can never sign anyone in", async () => {
    const product = await createProduct({ isActive: false });
    const { url } = (await call("POST", `/products/${product._id}/preview`)).json<{ url: string }>();
    const token = new URL(url, "http://x").searchParams.get("preview");
    const response = await ctx.app.inject({ method: "GET", url: "/api/products/all", headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(401);
  });
});
