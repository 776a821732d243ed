import type { Category } from "@shared/schemas/category";
import type { Product, ProductInput } from "@shared/schemas/product";
import type { SiteSearchResult } from "@shared/schemas/site-search";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { registerSite } from "../site";

/** Product key facts (decision 0110), on PGlite, or PostgreSQL with TEST_DATABASE_URL; the page needs `npm run build`. */
let ctx: TestContext;
let category: Category;
let seq = 0;

const FACTS = {
  inciName: "Gracilaria Gracilis Powder",
  casNumbers: "9002-18-0",
  botanicalName: "Gracilaria gracilis (Stackhouse) Steentoft",
  originFr: "Bizerte, Tunisie",
  originEn: "Bizerte, Tunisia",
  formFr: "Thalles séchés",
  formEn: "Dried thalli",
  packagingFr: "Balles de 25 kg",
  packagingEn: "",
  storageFr: "Au sec, sous 25 °C",
  storageEn: "Dry, below 25 °C",
  moqQuantity: 500,
  moqUnit: "kg",
  shelfLifeMonths: 24,
} satisfies Partial<ProductInput>;

function input(overrides: Partial<ProductInput> = {}): ProductInput {
  seq += 1;
  return {
    slug: `produit-faits-${seq}`,
    nameFr: `Produit ${seq}`,
    nameEn: `Product ${seq}`,
    shortDescriptionFr: "Court",
    shortDescriptionEn: "Short",
    mainImageUrl: "/uploads/algues/p.webp",
    categoryId: category._id,
    ...overrides,
  };
}

async function ok<T>(response: Promise<{ statusCode: number; body: string; json<U>(): U }>, status = 200): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json<T>();
}

const factsOf = (product: Product) => ({
  inciName: product.inciName,
  casNumbers: product.casNumbers,
  botanicalName: product.botanicalName,
  originFr: product.originFr,
  originEn: product.originEn,
  formFr: product.formFr,
  formEn: product.formEn,
  packagingFr: product.packagingFr,
  packagingEn: product.packagingEn,
  storageFr: product.storageFr,
  storageEn: product.storageEn,
  moqQuantity: product.moqQuantity,
  moqUnit: product.moqUnit,
  shelfLifeMonths: product.shelfLifeMonths,
});

async function page(path: string): Promise<string> {
  const response = await ctx.app.inject({ method: "GET", url: path });
  expect(response.statusCode, path).toBe(200);
  return response.body;
}

function jsonLdProduct(html: string): { additionalProperty?: Record<string, unknown>[] } {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1] ?? "{}"));
  const product = blocks.find((block) => block["@type"] === "Product");
  expect(product).toBeDefined();
  return product;
}

beforeAll(async () => {
  ctx = await createTestContext({ app: { site: (app) => registerSite(app) } });
  // A restore checks that the product's image still exists.
  await ctx.storage.writeObject("algues/p.webp", Buffer.from("RIFF0000WEBP"));
  category = await ok<Category>(ctx.call("POST", "/categories", { slug: "faits-cat", nameFr: "Algues", nameEn: "Algae" }), 201);
});
afterAll(() => ctx.close());

describe("product facts: API", () => {
  it("stores the facts on create, answers them on the admin read and the public page, and a product without facts has none", async () => {
    const created = await ok<Product>(ctx.call("POST", "/products", input(FACTS)), 201);
    expect(factsOf(created)).toEqual(FACTS);
    expect(factsOf(await ok<Product>(ctx.call("GET", `/products/id/${created._id}`)))).toEqual(FACTS);
    const publicPage = await ok<{ product: Product }>(ctx.call("GET", `/products/${created.slug}`, undefined, false));
    expect(factsOf(publicPage.product)).toEqual(FACTS);

    const bare = await ok<Product>(ctx.call("POST", "/products", input()), 201);
    expect(bare).toMatchObject({ inciName: "", casNumbers: "", moqQuantity: null, shelfLifeMonths: null, originFr: "" });
  });

  it("updates the facts under the optimistic version rule (a stale version is 409, the facts unchanged)", async () => {
    const created = await ok<Product>(ctx.call("POST", "/products", input(FACTS)), 201);
    const { _id, version } = created;
    const body = input({
      ...FACTS,
      slug: created.slug,
      inciName: "Agar",
      shelfLifeMonths: 36,
      casNumbers: "9002-18-0; 9000-07-1",
      version,
    });
    const updated = await ok<Product>(ctx.call("PUT", `/products/${_id}`, body));
    expect(updated).toMatchObject({ inciName: "Agar", shelfLifeMonths: 36, casNumbers: "9002-18-0, 9000-07-1" });
    const stale = await ctx.call("PUT", `/products/${_id}`, { ...body, inciName: "Autre", version });
    expect(stale.statusCode).toBe(409);
    expect((await ok<Product>(ctx.call("GET", `/products/id/${_id}`))).inciName).toBe("Agar");
  });

  it("refuses a CAS number with a wrong check digit or format with a 400 naming the number", async () => {
    for (const casNumbers of ["9002-18-1", "9002180", "12-3", "9002-18-0, 9000-07-2"]) {
      const response = await ctx.call("POST", "/products", input({ casNumbers }));
      expect(response.statusCode, casNumbers).toBe(400);
      const details = response.json<{ details: { path: string; message: string }[] }>().details;
      expect(details, casNumbers).toEqual([
        expect.objectContaining({ path: "casNumbers", message: expect.stringContaining("Numéro CAS invalide") }),
      ]);
    }
    const six = "9002-18-0, 9000-07-1, 9005-38-3, 9072-19-9, 7732-18-5, 64-17-5";
    const tooMany = await ctx.call("POST", "/products", input({ casNumbers: six }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain("5 numéros CAS au plus");
  });

  it("refuses a shelf life that is not a whole number of months from 1 to 120, a quantity not positive, an unknown unit, a text too long", async () => {
    const cases: [Partial<ProductInput>, string][] = [
      [{ shelfLifeMonths: 0 }, "shelfLifeMonths"],
      [{ shelfLifeMonths: 121 }, "shelfLifeMonths"],
      [{ shelfLifeMonths: 1.5 }, "shelfLifeMonths"],
      [{ moqQuantity: -1 }, "moqQuantity"],
      [{ moqQuantity: 0 }, "moqQuantity"],
      [{ moqUnit: "barrels" as "kg" }, "moqUnit"],
      [{ originEn: "x".repeat(201) }, "originEn"],
      [{ inciName: "x".repeat(201) }, "inciName"],
    ];
    for (const [overrides, path] of cases) {
      const response = await ctx.call("POST", "/products", input(overrides));
      expect(response.statusCode, path).toBe(400);
      expect(response.json<{ details: { path: string }[] }>().details, path).toEqual([expect.objectContaining({ path })]);
    }
  });
});

describe("product facts: the product page", () => {
  it("shows a key-facts table of the set facts in French, and in English with French where the English is empty", async () => {
    const product = await ok<Product>(ctx.call("POST", "/products", input(FACTS)), 201);
    const fr = await page(`/product/${product.slug}`);
    expect(fr).toContain('data-testid="product-facts"');
    for (const text of [
      "Caractéristiques",
      "Nom INCI",
      "Gracilaria Gracilis Powder",
      "9002-18-0",
      "Bizerte, Tunisie",
      "24 mois",
      "500 kg",
      "Balles de 25 kg",
    ])
      expect(fr, text).toContain(text);
    const en = await page(`/product/${product.slug}?lang=en`);
    for (const text of [
      "Key facts",
      "INCI name",
      "Bizerte, Tunisia",
      "24 months",
      "Minimum order quantity",
      "Balles de 25 kg",
      "Dry, below 25 °C",
    ])
      expect(en, text).toContain(text);
    expect(en).not.toContain("Bizerte, Tunisie");
  });

  it("shows no table when no fact is set", async () => {
    const product = await ok<Product>(ctx.call("POST", "/products", input()), 201);
    expect(await page(`/product/${product.slug}`)).not.toContain('data-testid="product-facts"');
  });

  it("gives the Product JSON-LD one PropertyValue per fact, the CAS number with propertyID CAS, quantities with their unit", async () => {
    const product = await ok<Product>(ctx.call("POST", "/products", input({ ...FACTS, casNumbers: "9002-18-0, 9000-07-1" })), 201);
    const { additionalProperty = [] } = jsonLdProduct(await page(`/product/${product.slug}?lang=en`));
    expect(additionalProperty).toEqual(
      expect.arrayContaining([
        { "@type": "PropertyValue", name: "INCI name", value: "Gracilaria Gracilis Powder" },
        { "@type": "PropertyValue", name: "CAS number", propertyID: "CAS", value: "9002-18-0" },
        { "@type": "PropertyValue", name: "CAS number", propertyID: "CAS", value: "9000-07-1" },
        { "@type": "PropertyValue", name: "Origin", value: "Bizerte, Tunisia" },
        { "@type": "PropertyValue", name: "Minimum order quantity", value: 500, unitCode: "KGM", unitText: "kg" },
        { "@type": "PropertyValue", name: "Shelf life", value: 24, unitCode: "MON", unitText: "months" },
      ]),
    );
    // Ten: INCI, two CAS, botanical name, origin, form, packaging, quantity, shelf life, storage.
    expect(additionalProperty).toHaveLength(10);
    const bare = await ok<Product>(ctx.call("POST", "/products", input()), 201);
    expect(jsonLdProduct(await page(`/product/${bare.slug}`)).additionalProperty).toBeUndefined();
  });
});

describe("product facts: search and versions", () => {
  it("finds a product by its INCI name, its CAS number, its botanical name and a fact's text, in either language", async () => {
    const product = await ok<Product>(
      ctx.call(
        "POST",
        "/products",
        input({
          ...FACTS,
          nameFr: "Poudre rouge",
          nameEn: "Red powder",
          inciName: "Chondrus Crispus Powder",
          casNumbers: "9000-07-1",
          botanicalName: "Chondrus crispus Stackh.",
          formEn: "Milled thalli",
        }),
      ),
      201,
    );
    for (const q of ["chondrus crispus powder", "9000-07-1", "Stackh", "milled thalli", "séchés"]) {
      const result = await ok<SiteSearchResult>(ctx.call("GET", `/search?q=${encodeURIComponent(q)}`, undefined, false));
      expect(
        result.products.map((p) => p.slug),
        q,
      ).toContain(product.slug);
    }
  });

  it("keeps the facts in the product's versions: change a fact, restore the old version, the fact comes back", async () => {
    const created = await ok<Product>(ctx.call("POST", "/products", input(FACTS)), 201);
    const changed = await ok<Product>(
      ctx.call(
        "PUT",
        `/products/${created._id}`,
        input({ ...FACTS, slug: created.slug, originFr: "Tabarka", moqQuantity: null, version: created.version }),
      ),
    );
    expect(changed).toMatchObject({ originFr: "Tabarka", moqQuantity: null });
    const detail = await ok<{ snapshot: Record<string, unknown> }>(ctx.call("GET", `/versions/product/${created._id}/${created.version}`));
    expect(detail.snapshot).toMatchObject({ originFr: "Bizerte, Tunisie", moqQuantity: 500, casNumbers: "9002-18-0" });
    const restored = await ok<Product>(
      ctx.call("POST", `/versions/product/${created._id}/${created.version}/restore`, { version: changed.version }),
    );
    expect(factsOf(restored)).toEqual(FACTS);
  });
});
