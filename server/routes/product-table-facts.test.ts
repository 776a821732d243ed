import type { Category } from "@shared/schemas/category";
import type { ContentBlock } from "@shared/schemas/content-block";
import type { Product, ProductInput } from "@shared/schemas/product";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";

/** A specification table may not repeat a key fact with another value (issue 32); PGlite, or PostgreSQL with TEST_DATABASE_URL. */
let ctx: TestContext;
let category: Category;
let seq = 0;

const FACTS = {
  packagingFr: "Sacs kraft doublés PE de 10 kg",
  packagingEn: "10 kg PE-lined kraft bags",
  shelfLifeMonths: 18,
} satisfies Partial<ProductInput>;

const tableBlock = (frRows: string[][], enRows: string[][] = [["Moisture", "≤ 10%"]]) => ({
  type: "table" as const,
  contentFr: "Fiche",
  contentEn: "Sheet",
  tableData: { fr: { headers: ["Paramètre", "Valeur"], rows: frRows }, en: { headers: ["Parameter", "Value"], rows: enRows } },
});

function input(overrides: Partial<ProductInput> = {}): ProductInput {
  seq += 1;
  return {
    slug: `produit-tableau-${seq}`,
    nameFr: `Produit ${seq}`,
    nameEn: `Product ${seq}`,
    shortDescriptionFr: "Court",
    shortDescriptionEn: "Short",
    mainImageUrl: "/uploads/algues/p.webp",
    categoryId: category._id,
    ...FACTS,
    ...overrides,
  };
}

type Refusal = {
  code: string;
  error: string;
  params: { row: string; fact: string; value: string };
  details: { path: string; lang: string };
};

beforeAll(async () => {
  ctx = await createTestContext();
  category = (await ctx.call("POST", "/categories", { slug: "tableau-cat", nameFr: "Algues", nameEn: "Algae" })).json<Category>();
});
afterAll(() => ctx.close());

describe("a specification table that repeats a key fact", () => {
  it.each([
    {
      name: "a French row with another shelf life",
      blocks: [tableBlock([["Durée de conservation", "24 mois"]])],
      params: { row: "Durée de conservation", fact: "shelfLife", value: "18 mois" },
      details: { path: "contentBlocks.0.tableData", lang: "fr" },
    },
    {
      name: "an English row with other packaging, in the second block",
      blocks: [
        { type: "text" as const, contentFr: "Texte", contentEn: "Text" },
        tableBlock([["Humidité", "≤ 10 %"]], [["Packaging", "10 kg bags in cartons"]]),
      ],
      params: { row: "Packaging", fact: "packaging", value: "10 kg PE-lined kraft bags" },
      details: { path: "contentBlocks.1.tableData", lang: "en" },
    },
  ])("is refused on create with 422 product.table_repeats_fact naming the row and the fact: $name", async ({ blocks, params, details }) => {
    const response = await ctx.call("POST", "/products", input({ contentBlocks: blocks }));
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json<Refusal>();
    expect(body).toMatchObject({ code: "product.table_repeats_fact", params, details });
    expect(body.error).toContain(`«\u00a0${params.row}\u00a0»`);
    expect(body.error).toContain(`“${params.row}”`);
  });

  it("is accepted when the row says the same value as the fact (case, accents and spacing aside), or names no set fact", async () => {
    const blocks = [
      tableBlock(
        [
          ["Durée de conservation", "18 MOIS"],
          ["Conditionnement", "Sacs kraft doubles PE de 10  kg"],
          ["Nom INCI", "Crithmum Maritimum Extract"],
        ],
        [["Shelf life", "18 months"]],
      ),
    ];
    const response = await ctx.call("POST", "/products", input({ contentBlocks: blocks }));
    expect(response.statusCode, response.body).toBe(201);
  });

  it("is refused on update, and when the facts change under an existing table; the product stays as it was", async () => {
    const created = (
      await ctx.call("POST", "/products", input({ contentBlocks: [tableBlock([["Durée de conservation", "18 mois"]])] }))
    ).json<Product>();
    const table = created.contentBlocks[0];
    const editBody = {
      ...input({ slug: created.slug, version: created.version }),
      contentBlocks: [{ ...tableBlock([["Durée de conservation", "24 mois"]]), _id: table?._id }],
    };
    const edited = await ctx.call("PUT", `/products/${created._id}`, editBody);
    expect(edited.statusCode, edited.body).toBe(422);
    const factChanged = await ctx.call("PUT", `/products/${created._id}`, {
      ...input({ slug: created.slug, version: created.version, shelfLifeMonths: 24 }),
      contentBlocks: [{ ...tableBlock([["Durée de conservation", "18 mois"]]), _id: table?._id }],
    });
    expect(factChanged.statusCode, factChanged.body).toBe(422);
    const stored = (await ctx.call("GET", `/products/id/${created._id}`)).json<Product>();
    expect(stored).toMatchObject({ version: created.version, shelfLifeMonths: 18 });
    expect(stored.contentBlocks[0]?.tableData?.fr.rows).toEqual([["Durée de conservation", "18 mois"]]);
  });

  it("is refused when one table block is added or edited on its own (the block routes)", async () => {
    const created = (await ctx.call("POST", "/products", input({ contentBlocks: [tableBlock([["Humidité", "≤ 10 %"]])] }))).json<Product>();
    const added = await ctx.call("POST", `/products/${created._id}/content-blocks`, tableBlock([["Conditionnement", "Cartons de 5 kg"]]));
    expect(added.statusCode, added.body).toBe(422);
    expect(added.json<Refusal>().details.path).toBe("contentBlocks.1.tableData");
    const blockId = created.contentBlocks[0]?._id;
    const edited = await ctx.call("PUT", `/products/${created._id}/content-blocks/${blockId}`, tableBlock([["Shelf life", "2 years"]]));
    expect(edited.statusCode, edited.body).toBe(422);
    expect(edited.json<Refusal>()).toMatchObject({
      params: { row: "Shelf life", value: "18 mois" },
      details: { path: "contentBlocks.0.tableData" },
    });
    const same = await ctx.call(
      "PUT",
      `/products/${created._id}/content-blocks/${blockId}`,
      tableBlock([["Conditionnement", "10 kg PE-lined kraft bags"]]),
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<ContentBlock>().tableData?.fr.rows).toEqual([["Conditionnement", "10 kg PE-lined kraft bags"]]);
  });
});
