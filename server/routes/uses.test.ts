import type { ProductDocument } from "@shared/documents";
import type { Application, ProductFunction } from "@shared/resources/uses";
import type { HistoryEntry } from "@shared/schemas/history";
import type { Product, ProductInput, ProductPage } from "@shared/schemas/product";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestProduct } from "../../test/catalogue";
import { documentMultipart, makePdf } from "../../test/pdf";
import { createTestContext, type TestContext } from "../../test/test-app";

/** Applications, functions and regulatory facts of products (decision 0124), on PGlite, or PostgreSQL with TEST_DATABASE_URL. */
let ctx: TestContext;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function ok<T>(response: Promise<{ statusCode: number; body: string; json<U>(): U }>, status = 200): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json<T>();
}

function createUse<T>(root: "applications" | "functions", overrides: Record<string, unknown> = {}): Promise<T> {
  seq += 1;
  return ok<T>(
    ctx.call("POST", `/${root}`, { slug: `use-${root}-${seq}`, nameFr: `Usage ${seq}`, nameEn: `Use ${seq}`, ...overrides }),
    201,
  );
}

const REGULATORY = {
  eNumber: "e 407 A",
  eNumberStatus: "authorised",
  cosmosStatus: "cosmos_approved",
  naturalOriginIndex: 0.98,
  allergenStatementFr: "Aucun allergène majeur",
  allergenStatementEn: "No major allergen",
  gmoStatementFr: "Sans OGM",
  gmoStatementEn: "",
  nagoyaStatementFr: "Récolté en Tunisie",
  nagoyaStatementEn: "Harvested in Tunisia",
  harvestCountry: "tn",
  sampleAvailable: false,
} satisfies Partial<ProductInput>;

/** A product's PUT body: the product as read, with `overrides`. */
const putBody = (product: Product, overrides: Partial<ProductInput> = {}) => {
  const { _id, category, createdAt, updatedAt, ...rest } = product;
  return { ...rest, ...overrides };
};

async function uploadDocument(productId: string): Promise<ProductDocument> {
  const body = documentMultipart(
    { data: await makePdf("APA"), filename: "nagoya.pdf", contentType: "application/pdf" },
    { kind: "other", language: "both", visibility: "public" },
  );
  const response = await ctx.app.inject({
    method: "POST",
    url: `/api/products/${productId}/documents`,
    payload: body.payload,
    headers: { ...body.headers, ...ctx.auth },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ProductDocument>();
}

describe("applications and functions: managed lists", () => {
  it("creates, lists in their order, updates, switches off and deletes an application, with its history", async () => {
    const second = await createUse<Application>("applications", { position: 20, nameFr: "Cosmétique", nameEn: "Cosmetics" });
    const first = await createUse<Application>("applications", { position: 10, nameFr: "Alimentaire", nameEn: "Food" });
    expect(first).toMatchObject({ position: 10, isActive: true, version: 1 });
    const listed = await ok<Application[]>(ctx.call("GET", "/applications?limit=100"));
    const ids = listed.map((a) => a._id);
    expect(ids.indexOf(first._id)).toBeLessThan(ids.indexOf(second._id));

    const updated = await ok<Application>(
      ctx.call("PUT", `/applications/${first._id}`, { ...first, nameEn: "Food and drink", version: first.version }),
    );
    expect(updated).toMatchObject({ nameEn: "Food and drink", version: 2 });
    const off = await ok<Application>(ctx.call("PATCH", `/applications/${first._id}`, { isActive: false }));
    expect(off.isActive).toBe(false);
    const history = await ok<HistoryEntry[]>(ctx.call("GET", "/history?type=application&limit=5"));
    expect(history[0]).toMatchObject({ action: "deactivate" });
    expect(history[1]?.changes).toContainEqual(expect.objectContaining({ field: "nameEn", before: "Food", after: "Food and drink" }));

    expect((await ctx.call("DELETE", `/applications/${first._id}`)).statusCode).toBe(204);
    expect((await ctx.call("GET", `/applications/${first._id}`)).statusCode).toBe(404);
  });

  it.each([
    [{ slug: "Food Stuff" }, "slug"],
    [{ nameFr: "" }, "nameFr"],
    [{ position: -1 }, "position"],
    [{ position: 1.5 }, "position"],
  ])("refuses a function with %o: 400 naming %s", async (overrides, path) => {
    seq += 1;
    const response = await ctx.call("POST", "/functions", { slug: `f-${seq}`, nameFr: "Gélifiant", nameEn: "Gelling agent", ...overrides });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ details: { path: string }[] }>().details).toEqual([expect.objectContaining({ path })]);
  });

  it("answers a slug already taken with 409 slug_taken", async () => {
    const taken = await createUse<ProductFunction>("functions");
    const response = await ctx.call("POST", "/functions", { slug: taken.slug, nameFr: "Autre", nameEn: "Other" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "slug_taken" });
  });

  it("refuses to delete a function still attached (409 function.in_use naming the products); deleting the product frees it", async () => {
    const fn = await createUse<ProductFunction>("functions");
    const product = await createTestProduct(ctx, { functionIds: [fn._id] });
    const refused = await ctx.call("DELETE", `/functions/${fn._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "function.in_use",
      details: { products: [{ _id: product._id, nameFr: product.nameFr }] },
    });
    expect((await ctx.call("DELETE", `/products/${product._id}`)).statusCode).toBe(204);
    expect((await ctx.call("DELETE", `/functions/${fn._id}`)).statusCode).toBe(204);
  });

  it("lets nobody signed out read or write the lists", async () => {
    for (const [method, url] of [
      ["GET", "/applications"],
      ["POST", "/applications"],
      ["GET", "/functions"],
      ["DELETE", "/functions/00000000-0000-4000-8000-000000000000"],
    ] as const)
      expect((await ctx.call(method, url, {}, false)).statusCode, `${method} ${url}`).toBe(401);
  });
});

describe("a product's applications, functions and regulatory facts", () => {
  it("stores them on create, normalised, and answers them on the admin read and the public page (active uses only)", async () => {
    const food = await createUse<Application>("applications");
    const hidden = await createUse<Application>("applications", { isActive: false });
    const gelling = await createUse<ProductFunction>("functions");
    const product = await createTestProduct(ctx, { ...REGULATORY, applicationIds: [hidden._id, food._id], functionIds: [gelling._id] });
    expect(product).toMatchObject({
      ...REGULATORY,
      eNumber: "E407a",
      harvestCountry: "TN",
      nagoyaDocumentId: null,
      applicationIds: [hidden._id, food._id],
      functionIds: [gelling._id],
    });
    const read = await ok<Product>(ctx.call("GET", `/products/id/${product._id}`));
    expect(read).toMatchObject({
      eNumber: "E407a",
      naturalOriginIndex: 0.98,
      sampleAvailable: false,
      applicationIds: [hidden._id, food._id],
    });

    const page = await ok<ProductPage>(ctx.call("GET", `/products/${product.slug}`, undefined, false));
    expect(page.product).toMatchObject({ eNumber: "E407a", cosmosStatus: "cosmos_approved", harvestCountry: "TN" });
    expect(page.applications.map((a) => a.slug)).toEqual([food.slug]);
    expect(page.functions.map((f) => [f.nameFr, f.nameEn])).toEqual([[gelling.nameFr, gelling.nameEn]]);
  });

  it("starts a product with no regulatory fact and a sample available", async () => {
    const product = await createTestProduct(ctx);
    expect(product).toMatchObject({
      eNumber: "",
      eNumberStatus: "",
      cosmosStatus: "",
      naturalOriginIndex: null,
      harvestCountry: "",
      nagoyaDocumentId: null,
      sampleAvailable: true,
      applicationIds: [],
      functionIds: [],
    });
  });

  it.each([
    [{ eNumber: "407" }, "eNumber", "e_number.invalid"],
    [{ eNumber: "E40" }, "eNumber", "e_number.invalid"],
    [{ eNumber: "E160a(xv)" }, "eNumber", "e_number.invalid"],
    [{ eNumberStatus: "banned" }, "eNumberStatus", "e_number.status_unknown"],
    [{ cosmosStatus: "cosmos" }, "cosmosStatus", "cosmos.status_unknown"],
    [{ naturalOriginIndex: 1.2 }, "naturalOriginIndex", "natural_origin_index.invalid"],
    [{ naturalOriginIndex: 0.955 }, "naturalOriginIndex", "natural_origin_index.decimals"],
    [{ harvestCountry: "XX" }, "harvestCountry", "country.unknown"],
    [{ gmoStatementEn: "x".repeat(601) }, "gmoStatementEn", "field.max_chars"],
    [{ nagoyaDocumentId: "not-an-id" }, "nagoyaDocumentId", "id.invalid"],
  ])("refuses %o with a 400 naming %s and its code %s", async (overrides, path, code) => {
    const response = await ctx.call("POST", "/products", { ...(await createTestProductBody()), ...overrides });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ details: { path: string; messageCode?: string }[] }>().details).toEqual([
      expect.objectContaining({ path, messageCode: code }),
    ]);
  });

  it("accepts E-numbers as the EU writes them, upper-case E", async () => {
    for (const [typed, stored] of [
      ["E407", "E407"],
      ["e160a(iv)", "E160a(iv)"],
      ["E 1422", "E1422"],
      ["", ""],
    ]) {
      const product = await createTestProduct(ctx, { eNumber: typed });
      expect(product.eNumber, typed).toBe(stored);
    }
  });

  it("refuses an unknown application with 400 application.unknown and changes nothing", async () => {
    const product = await createTestProduct(ctx);
    const response = await ctx.call(
      "PUT",
      `/products/${product._id}`,
      putBody(product, { applicationIds: ["00000000-0000-4000-8000-000000000000"] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "application.unknown" });
    expect((await ok<Product>(ctx.call("GET", `/products/id/${product._id}`))).version).toBe(product.version);
  });

  it("takes one of the product's own documents as its Nagoya document, refuses another product's (422), and empties it when the document goes", async () => {
    const product = await createTestProduct(ctx);
    const other = await createTestProduct(ctx);
    const own = await uploadDocument(product._id);
    const foreign = await uploadDocument(other._id);

    const refused = await ctx.call("PUT", `/products/${product._id}`, putBody(product, { nagoyaDocumentId: foreign._id }));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ code: "product.nagoya_document", details: [{ path: "nagoyaDocumentId" }] });
    const onCreate = await ctx.call("POST", "/products", { ...(await createTestProductBody()), nagoyaDocumentId: own._id });
    expect(onCreate.statusCode).toBe(422);

    const fresh = await ok<Product>(ctx.call("GET", `/products/id/${product._id}`));
    const set = await ok<Product>(ctx.call("PUT", `/products/${product._id}`, putBody(fresh, { nagoyaDocumentId: own._id })));
    expect(set.nagoyaDocumentId).toBe(own._id);
    expect((await ctx.call("DELETE", `/products/${product._id}/documents/${own._id}`)).statusCode).toBe(204);
    expect((await ok<Product>(ctx.call("GET", `/products/id/${product._id}`))).nagoyaDocumentId).toBeNull();
  });

  it("names changed applications in the history and restores a version with its old applications, functions and regulatory facts", async () => {
    const [a, b] = [await createUse<Application>("applications"), await createUse<Application>("applications")];
    const fn = await createUse<ProductFunction>("functions");
    const product = await createTestProduct(ctx, {
      ...REGULATORY,
      applicationIds: [a._id, b._id],
      functionIds: [fn._id],
      mainImageUrl: "https://cdn.example.com/ulve.webp",
    });
    const changed = await ok<Product>(
      ctx.call(
        "PUT",
        `/products/${product._id}`,
        putBody(product, { applicationIds: [b._id], functionIds: [], eNumber: "E406", harvestCountry: "FR", naturalOriginIndex: null }),
      ),
    );
    expect(changed).toMatchObject({ applicationIds: [b._id], functionIds: [], eNumber: "E406", harvestCountry: "FR" });
    const line = (await ok<HistoryEntry[]>(ctx.call("GET", "/history?type=product&limit=1")))[0];
    expect(line?.changes).toContainEqual({ field: "applications", before: `${a.nameFr}, ${b.nameFr}`, after: b.nameFr });
    expect(line?.changes).toContainEqual({ field: "functions", before: fn.nameFr, after: null });
    expect(line?.changes).toContainEqual(expect.objectContaining({ field: "eNumber", before: "E407a", after: "E406" }));

    const restored = await ctx.call("POST", `/versions/product/${product._id}/${product.version}/restore`, { version: changed.version });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await ok<Product>(ctx.call("GET", `/products/id/${product._id}`))).toMatchObject({
      applicationIds: [a._id, b._id],
      functionIds: [fn._id],
      eNumber: "E407a",
      harvestCountry: "TN",
      naturalOriginIndex: 0.98,
      sampleAvailable: false,
    });
  });

  it("finds a product by its E-number in the public search", async () => {
    const product = await createTestProduct(ctx, { eNumber: "E401" });
    const found = await ok<{ products: { slug: string }[] }>(ctx.call("GET", "/search?q=E401", undefined, false));
    expect(found.products.map((r) => r.slug)).toContain(product.slug);
  });
});

/** A valid product body not yet sent (a fresh slug). */
async function createTestProductBody(): Promise<ProductInput> {
  const base = await createTestProduct(ctx);
  seq += 1;
  const { _id, category, createdAt, updatedAt, version, ...rest } = base;
  return { ...rest, slug: `${base.slug}-copy-${seq}` };
}
