import type { ProductListItem } from "@shared/schemas/product";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { categories, contentBlocks, products } from "../db/schema/index";

/** The public product list `GET /api/products?categoryId=&limit=&cursor=`: bounded pages in the catalogue order, without blocks. */

let ctx: TestContext;
type Created = { _id: string; slug: string };
let second: Created;
let third: Created;
/** Every active product, in the catalogue order: categories by position, then name, then slug. */
let expected: string[];

const call = (url: string) => ctx.call("GET", url, undefined, false);

/** The `rel="next"` address of an answer, without `/api` (as `call` takes it), or null. */
function nextOf(link: string | string[] | undefined): string | null {
  if (typeof link !== "string") return null;
  const match = /^<\/api([^>]+)>; rel="next"$/.exec(link);
  if (!match?.[1]) throw new Error(`unexpected Link header: ${link}`);
  return match[1];
}

/** Follows `Link: rel="next"` from `url` to the end; every slug in the order the pages gave them. */
async function walk(url: string): Promise<{ slugs: string[]; pages: number }> {
  const slugs: string[] = [];
  let pages = 0;
  for (let next: string | null = url; next !== null; pages += 1) {
    const response = await call(next);
    expect(response.statusCode, response.body).toBe(200);
    slugs.push(...response.json<ProductListItem[]>().map((p) => p.slug));
    next = nextOf(response.headers.link);
  }
  return { slugs, pages };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  // Positions out of creation order, and two categories on the same position (ordered by creation, then slug).
  const created = await db
    .insert(categories)
    .values([
      { slug: "c-premiere", nameFr: "Première", nameEn: "First", position: 0 },
      { slug: "c-deuxieme", nameFr: "Deuxième", nameEn: "Second", position: 2 },
      { slug: "c-troisieme", nameFr: "Troisième", nameEn: "Third", position: 2 },
    ])
    .returning({ _id: categories._id, slug: categories.slug });
  const [first, secondRow, thirdRow] = created;
  if (!first || !secondRow || !thirdRow) throw new Error("categories not created");
  second = secondRow;
  third = thirdRow;
  const rows = [first, second, third].flatMap((category, c) =>
    Array.from({ length: 25 }, (_, i) => ({
      // Names repeat inside a category ("Même nom" × 5): the slug breaks the tie.
      slug: `p-${c}-${String(i).padStart(2, "0")}`,
      nameFr: i < 5 ? "Même nom" : `Produit ${String(24 - i).padStart(2, "0")}`,
      nameEn: `Product ${i}`,
      shortDescriptionFr: "Court",
      shortDescriptionEn: "Short",
      mainImageUrl: "/uploads/algues/p.webp",
      categoryId: category._id,
      isActive: i % 6 !== 5,
    })),
  );
  const inserted = await db.insert(products).values(rows).returning({ _id: products._id });
  await db
    .insert(contentBlocks)
    .values(
      inserted.map((p) => ({ productId: p._id, type: "text" as const, contentFr: "Bloc".repeat(200), contentEn: "Block", order: 0 })),
    );
  // The same position and creation time (one statement): the slug puts `c-deuxieme` before `c-troisieme`.
  const byCategory = (category: Created) =>
    rows
      .filter((r) => r.categoryId === category._id && r.isActive)
      .sort((a, b) => (a.nameFr < b.nameFr ? -1 : a.nameFr > b.nameFr ? 1 : a.slug < b.slug ? -1 : 1))
      .map((r) => r.slug);
  expected = [...byCategory(first), ...byCategory(second), ...byCategory(third)];
});
afterAll(() => ctx.close());

describe("GET /api/products, the public list", () => {
  it("answers 50 rows by default with the next page in Link, and walks every active product once, in the catalogue order", async () => {
    const response = await call("/products");
    expect(response.statusCode).toBe(200);
    expect(response.json<ProductListItem[]>()).toHaveLength(50);
    expect(nextOf(response.headers.link)).toMatch(/^\/products\?cursor=[A-Za-z0-9_-]+$/);
    const { slugs, pages } = await walk("/products");
    expect(pages).toBe(2);
    expect(slugs).toEqual(expected);
  });

  it("pages of 7 give every row exactly once, with no gap or repeat at page boundaries, and no Link on the last page", async () => {
    const { slugs, pages } = await walk("/products?limit=7");
    expect(slugs).toEqual(expected);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(pages).toBe(Math.ceil(expected.length / 7));
  });

  it("keeps the category filter in the next page's address", async () => {
    const response = await call(`/products?categoryId=${second._id}&limit=10`);
    expect(nextOf(response.headers.link)).toMatch(new RegExp(`^/products\\?categoryId=${second._id}&limit=10&cursor=`));
    const { slugs } = await walk(`/products?categoryId=${second._id}&limit=10`);
    expect(slugs).toEqual(expected.filter((slug) => slug.startsWith("p-1-")));
  });

  it("answers rows without content blocks, with the category embedded", async () => {
    const [row] = (await call("/products?limit=1")).json<Record<string, unknown>[]>();
    expect(row).toBeDefined();
    expect(row).not.toHaveProperty("contentBlocks");
    expect(row).toMatchObject({ slug: expected[0], isActive: true, category: { slug: "c-premiere" } });
    // The product page keeps its blocks.
    const page = (await call(`/products/${expected[0]}`)).json<{ contentBlocks: unknown[] }>();
    expect(page.contentBlocks).toHaveLength(1);
  });

  it("refuses a limit out of 1..200 and a cursor it did not make with 400", async () => {
    for (const limit of ["0", "201", "abc"]) {
      const response = await call(`/products?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json()).toMatchObject({ code: "validation" });
    }
    expect((await call("/products?limit=200")).json<unknown[]>()).toHaveLength(expected.length);
    const forged = Buffer.from(JSON.stringify(["x"])).toString("base64url");
    for (const cursor of [forged, "bm90LWpzb24"]) {
      const response = await call(`/products?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toMatchObject({ code: "page.invalid_cursor" });
    }
  });

  it("neither skips nor repeats a row when a product is added before the cursor between two pages", async () => {
    const firstPage = await call(`/products?categoryId=${third._id}&limit=5`);
    const seen = firstPage.json<ProductListItem[]>().map((p) => p.slug);
    await ctx.database.db.insert(products).values({
      slug: "p-2-aaa",
      nameFr: "Aaa avant tout",
      nameEn: "Aaa",
      shortDescriptionFr: "Court",
      shortDescriptionEn: "Short",
      mainImageUrl: "/uploads/algues/p.webp",
      categoryId: third._id,
    });
    const next = nextOf(firstPage.headers.link);
    if (next === null) throw new Error("no next page");
    const rest = await walk(next);
    expect([...seen, ...rest.slugs]).toEqual(expected.filter((slug) => slug.startsWith("p-2-")));
  });
});
