import type { Category } from "@shared/schemas/category";
import type { CategoryPage, Product, ProductInput, ProductListItem, ProductPage } from "@shared/schemas/product";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { foldText } from "../db/text-fold";

/** GET /api/products/all, the admin list: pages, search, and rows without content blocks (decision 0092). */

let ctx: TestContext;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function createCategory(slug: string): Promise<Category> {
  const response = await ctx.call("POST", "/categories", { slug, nameFr: `Cat ${slug}`, nameEn: `Cat ${slug}` });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Category>();
}

async function createProduct(categoryId: string, overrides: Partial<ProductInput> = {}): Promise<Product> {
  seq += 1;
  const input: ProductInput = {
    slug: `liste-${seq}`,
    nameFr: `Produit ${seq}`,
    nameEn: `Product ${seq}`,
    shortDescriptionFr: "Une algue de Bizerte",
    shortDescriptionEn: "An alga from Bizerte",
    mainImageUrl: "/uploads/algues/main.webp",
    categoryId,
    isActive: true,
    contentBlocks: [{ type: "text", contentFr: "Bloc", contentEn: "Block" }],
    ...overrides,
  };
  const response = await ctx.call("POST", "/products", input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

/** The next page's path (without /api) from a `Link: <…>; rel="next"` header, or null on the last page. */
function nextPath(response: LightMyRequestResponse): string | null {
  const link = response.headers.link;
  if (typeof link !== "string") return null;
  const match = /^<\/api([^>]+)>; rel="next"$/.exec(link);
  if (!match?.[1]) throw new Error(`unexpected Link header: ${link}`);
  return match[1];
}

async function getPage(
  path: string,
): Promise<{ rows: ProductListItem[]; next: string | null; total: number; response: LightMyRequestResponse }> {
  const response = await ctx.call("GET", path);
  expect(response.statusCode, response.body).toBe(200);
  return { rows: response.json<ProductListItem[]>(), next: nextPath(response), total: Number(response.headers["x-total-count"]), response };
}

/** Every row of a list, page after page, calling `between` after each page. */
async function readAll(first: string, between: () => Promise<void> = async () => {}): Promise<ProductListItem[]> {
  const rows: ProductListItem[] = [];
  let path: string | null = first;
  while (path) {
    const page = await getPage(path);
    rows.push(...page.rows);
    path = page.next;
    if (path) await between();
  }
  return rows;
}

describe("GET /api/products/all pages", () => {
  it("answers pages in the catalogue order with Link and X-Total-Count, and no content blocks in the rows", async () => {
    const first = await createCategory("pages-first");
    const second = await createCategory("pages-second");
    for (const name of ["Zostère", "Algue", "Posidonie"]) await createProduct(second._id, { nameFr: name });
    for (const name of ["Ulve", "Codium"]) await createProduct(first._id, { nameFr: name });

    const all = await getPage("/products/all?limit=200");
    expect(all.next).toBeNull();
    expect(all.response.headers.link).toBeUndefined();
    expect(all.total).toBe(all.rows.length);
    for (const row of all.rows) expect(row).not.toHaveProperty("contentBlocks");
    // Categories in the site's order (a new one goes last), then products by French name.
    const ours = all.rows.filter((r) => r.categoryId === first._id || r.categoryId === second._id).map((r) => r.nameFr);
    expect(ours).toEqual(["Codium", "Ulve", "Algue", "Posidonie", "Zostère"]);

    const filtered = `/products/all?categoryId=${second._id}&limit=2`;
    const page1 = await getPage(filtered);
    expect(page1.rows.map((r) => r.nameFr)).toEqual(["Algue", "Posidonie"]);
    expect(page1.total).toBe(3);
    expect(page1.next).toMatch(new RegExp(`^/products/all\\?categoryId=${second._id}&limit=2&cursor=[A-Za-z0-9_-]+$`));
    const page2 = await getPage(page1.next ?? "");
    expect(page2.rows.map((r) => r.nameFr)).toEqual(["Zostère"]);
    expect(page2.total).toBe(3);
    expect(page2.next).toBeNull();
  });

  it("never skips nor repeats a row while products are added between two pages", async () => {
    const category = await createCategory("pages-moving");
    const names = ["Bêta", "Delta", "Epsilon", "Gamma", "Iota", "Kappa", "Lambda", "Mu", "Nu", "Omicron", "Pi"];
    for (const nameFr of names) await createProduct(category._id, { nameFr });
    const before = (await getPage("/products/all?limit=200")).rows.map((r) => r._id);

    const added: string[] = [];
    let round = 0;
    const seen = await readAll("/products/all?limit=3", async () => {
      round += 1;
      // One before every position already read (first in the catalogue), one after (last), one in the middle.
      added.push((await createProduct(category._id, { nameFr: `AAA ${round}` }))._id);
      added.push((await createProduct(category._id, { nameFr: `ZZZ ${round}` }))._id);
      added.push((await createProduct(category._id, { nameFr: `Kappa ${round}` }))._id);
    });
    const ids = seen.map((r) => r._id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of before) expect(ids).toContain(id);
    expect(ids.every((id) => before.includes(id) || added.includes(id))).toBe(true);
    // What was read is in the catalogue order, as one read of the whole list answers it now.
    const now = (await getPage("/products/all?limit=200")).rows.map((r) => r._id);
    expect(ids).toEqual(now.filter((id) => ids.includes(id)));
  });

  it("refuses a cursor it did not make with 400 page.invalid_cursor", async () => {
    for (const cursor of ["nope", Buffer.from(JSON.stringify(["x"])).toString("base64url")]) {
      const response = await ctx.call("GET", `/products/all?cursor=${cursor}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ code: string }>().code).toBe("page.invalid_cursor");
    }
  });

  it("lists of the catalogue (public list, category page, similar products) carry no content blocks", async () => {
    const category = await createCategory("pages-public");
    const [one] = [await createProduct(category._id), await createProduct(category._id)];
    const publicList = await ctx.call("GET", `/products?categoryId=${category._id}`, undefined, false);
    expect(publicList.json<ProductListItem[]>()).toHaveLength(2);
    for (const row of publicList.json<ProductListItem[]>()) expect(row).not.toHaveProperty("contentBlocks");
    const categoryPage = (await ctx.call("GET", `/categories/${category.slug}`, undefined, false)).json<CategoryPage>();
    for (const row of categoryPage.products) expect(row).not.toHaveProperty("contentBlocks");
    const productPage = (await ctx.call("GET", `/products/${one?.slug}`, undefined, false)).json<ProductPage>();
    expect(productPage.contentBlocks.map((b) => b.contentFr)).toEqual(["Bloc"]);
    expect(productPage.similarProducts).toHaveLength(1);
    for (const row of productPage.similarProducts) expect(row).not.toHaveProperty("contentBlocks");
    // The form still loads one product with its blocks.
    const full = (await ctx.call("GET", `/products/id/${one?._id}`)).json<Product>();
    expect(full.contentBlocks.map((b) => b.contentFr)).toEqual(["Bloc"]);
  });
});

describe("GET /api/products/all?q=", () => {
  let category: Category;
  let corpus: Product[];
  /** Names with accents in both cases, ligatures, LIKE's own characters and a backslash. */
  const NAMES: [string, string][] = [
    ["Œuf de mer", "Sea egg"],
    ["Cœur d'algue", "Algae heart"],
    ["Écume ÉTÉ", "Summer foam"],
    ["Laitue de mer", "Sea lettuce"],
    ["Ulva 100% pure", "Ulva 100 percent"],
    ["Ulva 100 pourcent", "Ulva 100% pure"],
    ["Extrait_brut", "Raw extract"],
    ["Extrait brut", "Raw_extract"],
    ["Æthuse", "Aethusa"],
    ["Chêne marin", "Sea oak"],
    ["Crème d'ulve", "Ulva cream"],
    ["Sel \\ iodé", "Iodised salt"],
    ["Posidonie", "Posidonia"],
    ["Zostère naine", "Dwarf eelgrass"],
  ];
  const ALPHABET = [..."aeioucdlmnrstu ÉéèêëœŒæÆçÇ%_\\'-0123"];

  /** The plain comparison the search must agree with: `q` (trimmed) folded, inside one of the three folded fields. */
  const expected = (q: string) => {
    const needle = foldText(q.trim());
    return corpus
      .filter((p) => !needle || [p.nameFr, p.nameEn, p.slug].some((field) => foldText(field).includes(needle)))
      .map((p) => p._id)
      .sort();
  };
  const found = async (q: string) => {
    const rows = await readAll(`/products/all?categoryId=${category._id}&limit=200&q=${encodeURIComponent(q)}`);
    return rows.map((r) => r._id).sort();
  };

  beforeAll(async () => {
    category = await createCategory("search-corpus");
    corpus = [];
    for (const [index, [nameFr, nameEn]] of NAMES.entries()) {
      corpus.push(await createProduct(category._id, { nameFr, nameEn, slug: `corpus-${index}-extrait` }));
    }
  });

  it("finds names and slugs whatever the accents, case and ligatures, with % and _ taken literally", async () => {
    const named = async (q: string) =>
      (await readAll(`/products/all?categoryId=${category._id}&q=${encodeURIComponent(q)}`)).map((r) => r.nameFr).sort();
    expect(await named("oeuf")).toEqual(["Œuf de mer"]);
    expect(await named("CŒUR")).toEqual(["Cœur d'algue"]);
    expect(await named("ecume ete")).toEqual(["Écume ÉTÉ"]);
    expect(await named("ÆTH")).toEqual(["Æthuse"]);
    expect(await named("100%")).toEqual(["Ulva 100 pourcent", "Ulva 100% pure"]);
    expect(await named("t_b")).toEqual(["Extrait_brut"]);
    expect(await named("w_e")).toEqual(["Extrait brut"]);
    expect(await named("\\")).toEqual(["Sel \\ iodé"]);
    expect(await named("corpus-3-")).toEqual(["Laitue de mer"]);
    // Never across two fields: the end of the French name and the start of the English one.
    expect(await named("mer sea")).toEqual([]);
    const response = await ctx.call("GET", `/products/all?categoryId=${category._id}&q=${encodeURIComponent("  ÉCUME ")}`);
    expect(response.headers["x-total-count"]).toBe("1");
  });

  it("finds exactly what a plain folded comparison finds (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: fc.constantFrom(...ALPHABET), minLength: 1, maxLength: 4 }),
          // A piece of a stored name, with its case changed: something is always found.
          fc
            .tuple(fc.constantFrom(...NAMES.flat()), fc.nat(), fc.integer({ min: 1, max: 6 }), fc.boolean())
            .map(([name, start, length, upper]) => {
              const piece = name.slice(start % name.length, (start % name.length) + length);
              return upper ? piece.toUpperCase() : piece;
            }),
        ),
        async (q) => {
          expect(await found(q)).toEqual(expected(q));
        },
      ),
      { numRuns: 60 },
    );
  });
});
