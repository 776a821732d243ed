import { LIMITS } from "@shared/limits";
import type { Category } from "@shared/schemas/category";
import type { Product, ProductInput } from "@shared/schemas/product";
import type { RichDoc } from "@shared/schemas/rich-text";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";

/** Rich text in product text blocks (decision 0102): plain blocks unchanged, rich ones keep a plain `contentFr`/`contentEn`. */
let ctx: TestContext;
let category: Category;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  category = (await ctx.call("POST", "/categories", { slug: "riches", nameFr: "Riches", nameEn: "Rich" })).json<Category>();
});
afterAll(() => ctx.close());

function productInput(contentBlocks: ProductInput["contentBlocks"]): ProductInput {
  seq += 1;
  return {
    slug: `produit-riche-${seq}`,
    nameFr: `Produit ${seq}`,
    nameEn: `Product ${seq}`,
    shortDescriptionFr: "Court",
    shortDescriptionEn: "Short",
    mainImageUrl: "/uploads/algues/main.webp",
    categoryId: category._id,
    contentBlocks,
  };
}

const rich: RichDoc = {
  type: "doc",
  content: [
    {
      type: "paragraph",
      content: [
        { type: "text", text: "Récoltée " },
        { type: "text", text: "à la main", marks: [{ type: "bold" }] },
      ],
    },
    {
      type: "bulletList",
      content: [
        { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Bizerte" }] }] },
        { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Cap Zebib" }] }] },
      ],
    },
  ],
};

describe("rich text blocks", () => {
  it("keeps a plain text block exactly as before, with no rich document", async () => {
    const response = await ctx.call(
      "POST",
      "/products",
      productInput([{ type: "text", contentFr: "Ligne 1\n\nLigne 2", contentEn: "Line" }]),
    );
    expect(response.statusCode, response.body).toBe(201);
    const [block] = response.json<Product>().contentBlocks;
    expect(block).toMatchObject({ contentFr: "Ligne 1\n\nLigne 2", contentEn: "Line", richFr: null, richEn: null });
  });

  it("stores a rich document and answers its visible text in contentFr/contentEn for the specification's clients", async () => {
    const response = await ctx.call(
      "POST",
      "/products",
      productInput([{ type: "text", contentFr: "ignored", contentEn: "Plain English", richFr: rich, richEn: null }]),
    );
    expect(response.statusCode, response.body).toBe(201);
    const product = response.json<Product>();
    const [block] = product.contentBlocks;
    expect(block?.richFr).toEqual(rich);
    expect(block?.contentFr).toBe("Récoltée à la main\n\n- Bizerte\n- Cap Zebib");
    expect(block).toMatchObject({ contentEn: "Plain English", richEn: null });
    const stored = (await ctx.call("GET", `/products/id/${product._id}`)).json<Product>();
    expect(stored.contentBlocks[0]?.richFr).toEqual(rich);
  });

  it("drops the rich document of a table or image block, and refuses unsafe or too long rich text", async () => {
    const table = await ctx.call(
      "POST",
      "/products",
      productInput([{ type: "table", contentFr: "Titre", contentEn: "Title", richFr: rich }]),
    );
    expect(table.statusCode, table.body).toBe(201);
    expect(table.json<Product>().contentBlocks[0]).toMatchObject({ contentFr: "Titre", richFr: null });

    const unsafe = structuredClone(rich) as unknown as { content: { content: { marks?: unknown[] }[] }[] };
    const first = unsafe.content[0]?.content[0];
    if (first) first.marks = [{ type: "link", attrs: { href: "javascript:alert(1)" } }];
    const refused = await ctx.call("POST", "/products", productInput([{ type: "text", richFr: unsafe as unknown as RichDoc }]));
    expect(refused.statusCode).toBe(400);

    const long: RichDoc = {
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text: "a".repeat(LIMITS.textBlockContent + 1) }] }],
    };
    expect((await ctx.call("POST", "/products", productInput([{ type: "text", richFr: long }]))).statusCode).toBe(400);
    const marked: RichDoc = {
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text: "a".repeat(LIMITS.textBlockContent), marks: [{ type: "bold" }] }] }],
    };
    expect((await ctx.call("POST", "/products", productInput([{ type: "text", richFr: marked }]))).statusCode).toBe(201);
  });
});
