import { PACK_ADD_PATH, PACK_COOKIE } from "@shared/document-pack";
import { FINDER_FACETS, FINDER_LIMITS, type FinderFacet, type FinderResult } from "@shared/finder";
import type { Category } from "@shared/schemas/category";
import type { Certification } from "@shared/schemas/certification";
import type { Product, ProductInput } from "@shared/schemas/product";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentMultipart, makePdf } from "../../test/pdf";
import { createTestContext, type TestContext } from "../../test/test-app";

/**
 * The product finder (`GET /api/finder`, issue 33) against a plain model of the same catalogue: the products a filter
 * combination lists, page after page, and every option's count (the products listed with that option added to the
 * other filters) are what a count over the model gives.
 */

type Model = { slug: string; nameFr: string; public: boolean } & Record<FinderFacet, string[]> & { sample: boolean };

let ctx: TestContext;
const model: Model[] = [];
const values: Record<FinderFacet, string[]> = {
  application: [],
  function: [],
  category: [],
  form: [],
  certification: [],
  cosmos: [],
  origin: [],
};

const FORMS = ["Poudre", "Liquide", "Paillettes", ""] as const;

beforeAll(async () => {
  ctx = await createTestContext();
  const categories: Category[] = [];
  for (const slug of ["algues-rouges", "plantes"]) {
    const response = await ctx.call("POST", "/categories", { slug, nameFr: slug, nameEn: slug });
    categories.push(response.json<Category>());
  }
  const certification = async (nameFr: string, validUntil: string | null) =>
    (
      await ctx.call("POST", "/certifications", {
        nameFr,
        nameEn: nameFr,
        certifyingBody: "Ecocert",
        ...(validUntil ? { validUntil } : {}),
      })
    ).json<Certification>();
  const valid = await certification("Bio", null);
  const expired = await certification("Casher", "2001-01-01");
  const uses: Record<"application" | "function", { _id: string; slug: string }[]> = { application: [], function: [] };
  for (const [kind, root] of [
    ["application", "applications"],
    ["function", "functions"],
  ] as const) {
    for (const [k, slug] of [`${kind}-a`, `${kind}-b`, `${kind}-c`].entries()) {
      // The third is switched off: its products are never found through it, nor is it offered.
      const response = await ctx.call("POST", `/${root}`, { slug, nameFr: slug, nameEn: slug, isActive: k < 2 });
      expect(response.statusCode, response.body).toBe(201);
      uses[kind].push(response.json<{ _id: string; slug: string }>());
    }
  }
  values.application = uses.application.map((u) => u.slug);
  values.function = uses.function.map((u) => u.slug);
  values.origin = ["TN", "IT"];
  values.category = categories.map((c) => c.slug);
  values.form = FORMS.filter(Boolean);
  values.certification = [valid._id, expired._id];
  // 31 products (more than a page): forms, categories and certifications in turn; two never public.
  for (let i = 0; i < 31; i++) {
    const category = categories[i % 2] as Category;
    const form = FORMS[i % 4] as string;
    const certificationIds = [valid._id, expired._id].filter((_, k) => (i >> k) % 2 === 1);
    const applicationIds = uses.application.filter((_, k) => (i >> (k + 1)) % 2 === 1).map((u) => u._id);
    const functionIds = uses.function.filter((_, k) => ((i * 5) >> k) % 2 === 1).map((u) => u._id);
    const harvestCountry = ["TN", "IT", ""][i % 3] as string;
    const sampleAvailable = i % 5 !== 0;
    const cosmosStatus = (["", "cosmos_certified", "cosmos_approved"] as const)[i % 3 === 1 ? (i % 2) + 1 : 0] ?? "";
    const isActive = i !== 7;
    const publishAt = i === 11 ? "2999-01-01T00:00:00.000Z" : null;
    const input = {
      slug: `finder-${String(i).padStart(2, "0")}`,
      nameFr: `Produit ${String((i * 7) % 31).padStart(2, "0")}`,
      nameEn: `Product ${i}`,
      shortDescriptionFr: "Une algue",
      shortDescriptionEn: "An alga",
      mainImageUrl: "/uploads/algues/main.webp",
      categoryId: category._id,
      isActive,
      publishAt,
      formFr: form,
      formEn: form ? `${form} (en)` : "",
      certificationIds,
      applicationIds,
      functionIds,
      harvestCountry,
      sampleAvailable,
      cosmosStatus,
      contentBlocks: [],
    } satisfies ProductInput;
    const response = await ctx.call("POST", "/products", input);
    expect(response.statusCode, response.body).toBe(201);
    const product = response.json<Product>();
    model.push({
      slug: product.slug,
      nameFr: product.nameFr,
      public: isActive && publishAt === null,
      // Only an active use counts.
      application: uses.application.filter((u, k) => k < 2 && applicationIds.includes(u._id)).map((u) => u.slug),
      function: uses.function.filter((u, k) => k < 2 && functionIds.includes(u._id)).map((u) => u.slug),
      category: [category.slug],
      form: form ? [form] : [],
      // Only a valid certification counts.
      certification: certificationIds.filter((id) => id === valid._id),
      cosmos: cosmosStatus ? [cosmosStatus] : [],
      origin: harvestCountry ? [harvestCountry] : [],
      sample: sampleAvailable,
    });
  }
}, 120_000);
afterAll(() => ctx.close());

type Filters = Record<FinderFacet, string[]> & { sample: boolean };

const matches = (product: Model, filters: Filters, except?: FinderFacet) =>
  product.public &&
  (!filters.sample || product.sample) &&
  FINDER_FACETS.every((facet) => facet === except || filters[facet].length === 0 || filters[facet].some((v) => product[facet].includes(v)));

function query(filters: Filters, page?: number): string {
  const search = new URLSearchParams();
  for (const facet of FINDER_FACETS) for (const value of filters[facet]) search.append(facet, value);
  if (filters.sample) search.set("sample", "1");
  if (page) search.set("page", String(page));
  return `/finder?${search}`;
}

let clients = 0;
/** Each read from its own address: the property runs ask more than one address's `finder` budget. */
async function find(url: string): Promise<FinderResult> {
  clients += 1;
  const remoteAddress = `10.127.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
  const response = await ctx.app.inject({ method: "GET", url: `/api${url}`, remoteAddress });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["cache-control"]).toContain("no-store");
  return response.json<FinderResult>();
}

const filtersArb = fc.record({
  application: fc.subarray(["application-a", "application-b", "application-c"]),
  function: fc.subarray(["function-a", "function-b", "function-c"]),
  origin: fc.subarray(["TN", "IT", "ES"]),
  cosmos: fc.subarray(["cosmos_certified", "cosmos_approved"]),
  category: fc.subarray(["algues-rouges", "plantes", "inconnue"]),
  form: fc.subarray(["Poudre", "Liquide", "Paillettes", "Gel"]),
  certification: fc.subarray([...Array(2).keys()]).map((picked) => picked.map((k) => values.certification[k] as string)),
  sample: fc.boolean(),
}) satisfies fc.Arbitrary<Filters>;

describe("GET /api/finder", () => {
  it("lists, page after page without gap or repeat, exactly the public products every filter lets through, by name", async () => {
    await fc.assert(
      fc.asyncProperty(filtersArb, async (filters) => {
        const expected = model
          .filter((p) => matches(p, filters))
          .sort((a, b) => a.nameFr.localeCompare(b.nameFr) || a.slug.localeCompare(b.slug))
          .map((p) => p.slug);
        const first = await find(query(filters));
        expect(first.total).toBe(expected.length);
        expect(first.pageCount).toBe(Math.max(1, Math.ceil(expected.length / FINDER_LIMITS.pageSize)));
        const listed = first.products.map((p) => p.slug);
        for (let page = 2; page <= first.pageCount; page++) listed.push(...(await find(query(filters, page))).products.map((p) => p.slug));
        expect(listed).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });

  it("counts each option as the products listed once it is added to the other filters, and marks the chosen ones", async () => {
    await fc.assert(
      fc.asyncProperty(filtersArb, async (filters) => {
        const result = await find(query(filters));
        for (const facet of FINDER_FACETS) {
          const counts = Object.fromEntries(result.facets[facet].map((o) => [o.value, o.count]));
          const expected: Record<string, number> = {};
          for (const product of model.filter((p) => matches(p, filters, facet)))
            for (const value of product[facet]) expected[value] = (expected[value] ?? 0) + 1;
          // A chosen value no product matches (or an unknown one) stays listed with 0, so it can be unticked.
          for (const value of filters[facet]) expected[value] ??= 0;
          expect(counts, facet).toEqual(expected);
          for (const option of result.facets[facet])
            expect(option.selected, `${facet} ${option.value}`).toBe(filters[facet].includes(option.value));
        }
      }),
      { numRuns: 25 },
    );
  });

  it("never offers an expired certification nor a switched-off application or function; countries by name", async () => {
    const result = await find("/finder?lang=en");
    expect(result.facets.certification.map((o) => o.labelFr)).toEqual(["Bio"]);
    expect(result.facets.application.map((o) => o.value)).toEqual(["application-a", "application-b"]);
    expect(result.facets.function.map((o) => o.value)).toEqual(["function-a", "function-b"]);
    expect(result.facets.origin.map((o) => [o.value, o.labelFr, o.labelEn])).toEqual([
      ["IT", "Italie", "Italy"],
      ["TN", "Tunisie", "Tunisia"],
    ]);
  });

  it.each([
    ["a page that is no number", "/finder?page=abc", 400],
    ["page 0", "/finder?page=0", 400],
    ["two pages", "/finder?page=1&page=2", 400],
    ["a page past the last", "/finder?page=9", 200],
    ["a malformed certification id", "/finder?certification=1'%20or%201=1", 200],
    ["a value far too long", `/finder?form=${"x".repeat(5000)}`, 200],
    ["an unknown parameter", "/finder?x=1&origin=tn", 200],
  ])("answers %s without an error page: %s → %i", async (_label, url, status) => {
    const response = await ctx.call("GET", url, undefined, false);
    expect(response.statusCode, response.body).toBe(status);
    if (status === 400) expect(response.json()).toMatchObject({ code: "bad_request" });
    else if (url.includes("page=9")) expect(response.json<FinderResult>().products).toEqual([]);
    else expect(response.json<FinderResult>().total).toBe(model.filter((p) => p.public).length);
  });

  it("keeps at most the allowed number of values of one filter", async () => {
    const many = Array.from({ length: 40 }, (_, i) => `form=F${i}`).join("&");
    const result = await find(`/finder?${many}`);
    expect(result.facets.form.filter((o) => o.selected)).toHaveLength(FINDER_LIMITS.valuesPerFacet);
  });

  it("gives each card its documents' ids, public and on request, in the product page's order, for the pack's one-post add", async () => {
    const product = (await find("/finder")).products[0] as FinderResult["products"][number];
    const uploaded: string[] = [];
    for (const [kind, visibility] of [
      ["tds", "public"],
      ["coa", "on_request"],
    ] as const) {
      const body = documentMultipart(
        { data: await makePdf(`${kind} ${product.slug}`), filename: `${kind}.pdf`, contentType: "application/pdf" },
        { kind, language: "fr", visibility },
      );
      const response = await ctx.app.inject({
        method: "POST",
        url: `/api/products/${product._id}/documents`,
        payload: body.payload,
        headers: { ...body.headers, ...ctx.auth },
      });
      expect(response.statusCode, response.body).toBe(201);
      uploaded.push(response.json<{ _id: string }>()._id);
    }
    const [first, ...others] = (await find("/finder")).products;
    expect(first?.documentIds).toEqual(uploaded);
    for (const other of others) expect(other.documentIds).toEqual([]);
    const added = await ctx.app.inject({
      method: "POST",
      url: PACK_ADD_PATH,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ documentIds: uploaded.join(",") }).toString(),
    });
    expect(added.statusCode).toBe(303);
    expect(String(added.headers["set-cookie"])).toContain(`${PACK_COOKIE}=${uploaded.join(".")};`);
  });
});
