import type { Category } from "@shared/schemas/category";
import type { Product, ProductInput } from "@shared/schemas/product";
import type { SiteSearchResult } from "@shared/schemas/site-search";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { rateLimits, siteSearchDaily } from "../db/schema/index";
import { searchTermsReport, storableTerm } from "../services/site-search";

/** The public search (decision 0107), on PGlite, or PostgreSQL with TEST_DATABASE_URL. */
const START = Date.parse("2026-12-01T09:00:00.000Z");
let nowMs = START;
const DAY = 86_400_000;

let ctx: TestContext;
let algues: Category;
let seq = 0;

async function createProduct(overrides: Partial<ProductInput> = {}): Promise<Product> {
  seq += 1;
  const response = await ctx.call("POST", "/products", {
    slug: `recherche-${seq}`,
    nameFr: `Produit ${seq}`,
    nameEn: `Product ${seq}`,
    shortDescriptionFr: "Court",
    shortDescriptionEn: "Short",
    mainImageUrl: "/uploads/algues/p.webp",
    categoryId: algues._id,
    ...overrides,
  } satisfies ProductInput);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

let clients = 0;
/** A new visitor's address for each search unless one is given: each address has its own search budget. */
const newClient = () => `10.77.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;

/** A browser's: a robot's search is not counted (server/services/analytics-audience.ts). */
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

function searchAs(client: string, q: string, extra = "") {
  return ctx.app.inject({
    method: "GET",
    url: `/api/search?q=${encodeURIComponent(q)}${extra}`,
    remoteAddress: client,
    headers: { "user-agent": BROWSER_UA },
  });
}

async function search(q: string, extra = "", client = newClient()): Promise<SiteSearchResult> {
  const response = await searchAs(client, q, extra);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SiteSearchResult>();
}
const slugs = (result: SiteSearchResult) => result.products.map((p) => p.slug);

beforeAll(async () => {
  ctx = await createTestContext({ app: { clock: () => nowMs } });
  algues = (
    await ctx.call("POST", "/categories", {
      slug: "algues-marines",
      nameFr: "Algues marines",
      nameEn: "Seaweeds",
      descriptionFr: "Récoltées à Bizerte",
      descriptionEn: "Harvested in Bizerte",
    })
  ).json<Category>();
  await createProduct({ slug: "ulva", nameFr: "Ulva lactuca", nameEn: "Sea lettuce", shortDescriptionFr: "Laitue de mer séchée" });
  await createProduct({
    slug: "poudre",
    nameFr: "Poudre verte",
    nameEn: "Green powder",
    shortDescriptionFr: "Faite d'Ulva lactuca broyée",
    shortDescriptionEn: "Ground sea lettuce",
  });
  await createProduct({
    slug: "gracilaria",
    nameFr: "Gracilaria",
    nameEn: "Gracilaria",
    contentBlocks: [{ type: "text", contentFr: "Riche en agar-agar, cueillie à la main", contentEn: "Rich in agar" }],
  });
  await createProduct({ slug: "cachee", nameFr: "Ulva cachée", nameEn: "Hidden ulva", isActive: false });
  await createProduct({ slug: "future", nameFr: "Ulva future", nameEn: "Future ulva", publishAt: new Date(START + DAY).toISOString() });
});
afterAll(() => ctx.close());
beforeEach(() => {
  nowMs = START;
});

describe("public search", () => {
  it("ignores accents and case: 'algue' finds the 'Algues marines' category, 'ULVA' finds 'Ulva lactuca'", async () => {
    const byCategory = await search("algue");
    expect(byCategory.categories.map((c) => c.slug)).toEqual(["algues-marines"]);
    expect(byCategory.status).toBe("ok");
    expect(slugs(await search("ULVA"))).toContain("ulva");
    expect(slugs(await search("séchée"))).toEqual(["ulva"]);
    expect(slugs(await search("SECHEE"))).toEqual(["ulva"]);
    expect((await search("récoltées bizerte")).categories).toHaveLength(1);
  });

  it("needs every word, in any order, and ranks products whose names hold them first", async () => {
    expect(slugs(await search("lactuca ulva"))).toEqual(["ulva", "poudre"]);
    expect(slugs(await search("ulva lactuca"))).toEqual(["ulva", "poudre"]);
    expect(slugs(await search("ulva poudre"))).toEqual(["poudre"]);
    expect(slugs(await search("ulva introuvable"))).toEqual([]);
  });

  it("finds block texts, and follows a block change", async () => {
    expect(slugs(await search("cueillie main"))).toEqual(["gracilaria"]);
    const product = (await search("gracilaria")).products[0];
    const full = (await ctx.call("GET", `/products/id/${product?._id}`)).json<Product>();
    const response = await ctx.call("PUT", `/products/${full._id}`, {
      ...full,
      contentBlocks: [{ type: "text", contentFr: "Séchée au soleil", contentEn: "Sun-dried" }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(slugs(await search("cueillie"))).toEqual([]);
    expect(slugs(await search("soleil sun-dried"))).toEqual(["gracilaria"]);
  });

  it("answers in English order with lang=en and keeps hidden and unpublished products out until they are public", async () => {
    expect(slugs(await search("ulva"))).not.toContain("cachee");
    expect(slugs(await search("ulva"))).not.toContain("future");
    nowMs = START + DAY;
    expect(slugs(await search("future"))).toEqual(["future"]);
    expect(slugs(await search("lettuce", "&lang=en"))).toEqual(["ulva", "poudre"]);
    await createProduct({ slug: "agar-1", nameFr: "Agar alpha", nameEn: "Agar zulu" });
    await createProduct({ slug: "agar-2", nameFr: "Agar zulu", nameEn: "Agar alpha" });
    expect(slugs(await search("agar"))).toEqual(["agar-1", "agar-2"]);
    expect(slugs(await search("agar", "&lang=en"))).toEqual(["agar-2", "agar-1"]);
  });

  it("says a query under two visible characters is too short and searches nothing", async () => {
    for (const q of ["", "a", " é ", "\u0000x"]) {
      const result = await search(q);
      expect(result.status).toBe("too_short");
      expect(result.products).toEqual([]);
    }
    const tooLong = await ctx.call("GET", `/search?q=${"a".repeat(101)}`, undefined, false);
    expect(tooLong.statusCode).toBe(400);
  });

  it("pages 24 cards at a time, with the total and page count", async () => {
    for (let i = 0; i < 26; i += 1) await createProduct({ nameFr: `Spiruline ${String(i).padStart(2, "0")}`, nameEn: `Spirulina ${i}` });
    const first = await search("spiruline");
    expect(first).toMatchObject({ total: 26, page: 1, pageCount: 2 });
    expect(first.products).toHaveLength(24);
    const second = await search("spiruline", "&page=2");
    expect(slugs(second)).toHaveLength(2);
    expect(new Set([...slugs(first), ...slugs(second)]).size).toBe(26);
    expect((await ctx.call("GET", "/search?q=spiruline&page=21", undefined, false)).statusCode).toBe(400);
    expect((await ctx.call("GET", "/search?q=spiruline&page=0", undefined, false)).statusCode).toBe(400);
  });
});

describe("searches in the audience report", () => {
  const rows = () => ctx.database.db.select().from(siteSearchDaily).orderBy(asc(siteSearchDaily.day), asc(siteSearchDaily.term));

  it("counts each first-page search per day and term, folded, with its no-result count, and never a personal-looking term", async () => {
    await ctx.database.db.delete(siteSearchDaily);
    nowMs = Date.parse("2026-12-10T10:00:00.000Z");
    await search("Algue");
    await search("  ALGUE ");
    await search("introuvable");
    await search("algue", "&page=1");
    await search("spiruline", "&page=2");
    await search("jean@example.com");
    await search("+216 71 123 456");
    await search("71 12 34 56");
    await search("commande 12345678");
    await search("x");
    nowMs += DAY;
    await search("algue");
    expect(await rows()).toEqual([
      { day: "2026-12-10", term: "algue", searches: 3, empty: 0 },
      { day: "2026-12-10", term: "introuvable", searches: 1, empty: 1 },
      { day: "2026-12-11", term: "algue", searches: 1, empty: 0 },
    ]);
    const report = await searchTermsReport(ctx.database.db, "2026-12-10", "2026-12-11");
    expect(report).toEqual({
      searches: [
        { term: "algue", count: 4 },
        { term: "introuvable", count: 1 },
      ],
      emptySearches: [{ term: "introuvable", count: 1 }],
    });
  });

  it("counts a client's term once a day, and stops counting a client's or the day's new terms beyond their budgets", async () => {
    await ctx.database.db.delete(siteSearchDaily);
    nowMs = Date.parse("2026-12-12T10:00:00.000Z");
    const client = newClient();
    await search("gracilaria", "", client);
    await search("GRACILARIA", "", client);
    expect(await rows()).toEqual([{ day: "2026-12-12", term: "gracilaria", searches: 1, empty: 0 }]);

    // A client whose day's budget is spent: still answered, no longer counted.
    const spent = newClient();
    const tomorrow = new Date(Date.now() + DAY);
    const spend = (key: string, count: number) =>
      ctx.database.db
        .insert(rateLimits)
        .values({ key, count, resetAt: tomorrow })
        .onConflictDoUpdate({ target: rateLimits.key, set: { count, resetAt: tomorrow } });
    await spend(`search-record ${spent}`, 50);
    expect((await search("ulva", "", spent)).total).toBeGreaterThan(0);
    expect((await rows()).map((row) => row.term)).toEqual(["gracilaria"]);

    // The day's new terms spent: a new term is not kept, a term already counted that day still grows.
    await spend("search-new-term 2026-12-12", 500);
    await search("laitue");
    await search("gracilaria");
    expect(await rows()).toEqual([{ day: "2026-12-12", term: "gracilaria", searches: 2, empty: 0 }]);
  });

  it("answers 429 to the 31st search of one address within a minute, and does not count it", async () => {
    await ctx.database.db.delete(siteSearchDaily);
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await searchAs(client, `terme${String.fromCharCode(97 + (i % 26))}${i}`)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect(await rows()).toHaveLength(30);
  });

  it("keeps a CAS number and cuts a long term", () => {
    expect(storableTerm("CAS 7732-18-5")).toBe("cas 7732-18-5");
    expect(storableTerm("a".repeat(80))).toHaveLength(40);
    expect(storableTerm("Écrivez-moi: léa@exemple.tn")).toBeNull();
    expect(storableTerm("0612345678")).toBeNull();
  });
});
