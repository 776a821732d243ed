import type { Category } from "@shared/schemas/category";
import type { ProductInput } from "@shared/schemas/product";
import type { MissingPath, Redirect } from "@shared/schemas/redirect";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiMethod, createTestContext, type TestContext } from "../test/test-app";
import { KNOWN_PATHS_TTL_MS, MISSING_PATHS_KEPT, PENDING_MAX } from "./services/redirects";
import { registerSite } from "./site";

let ctx: TestContext;
let category: Category;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext({ app: { site: (app) => registerSite(app) } });
  const created = await ctx.call("POST", "/categories", { slug: "redirigees", nameFr: "Redirigées", nameEn: "Redirected" });
  category = created.json<Category>();
});
afterAll(() => ctx.close());

const page = (url: string) => ctx.app.inject({ method: "GET", url });

function productInput(slug: string): ProductInput {
  return {
    slug,
    nameFr: slug,
    nameEn: slug,
    shortDescriptionFr: "Court",
    shortDescriptionEn: "Short",
    mainImageUrl: "/uploads/algues/p.webp",
    categoryId: category._id,
  };
}

async function createProduct(): Promise<{ _id: string; slug: string }> {
  seq += 1;
  const response = await ctx.call("POST", "/products", productInput(`produit-redirige-${seq}`));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function renameProduct(id: string, slug: string): Promise<void> {
  const response = await ctx.call("PUT", `/products/${id}`, { ...productInput(slug), contentBlocks: [] });
  expect(response.statusCode, response.body).toBe(200);
}

async function redirectsMatching(q: string): Promise<Redirect[]> {
  const response = await ctx.call("GET", `/redirects?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Redirect[]>();
}

async function missing(): Promise<MissingPath[]> {
  await ctx.app.services.redirects.flush();
  const response = await ctx.call("GET", "/redirects/missing?limit=200");
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MissingPath[]>();
}

describe("redirects", () => {
  it("answers 401 without a token on every redirect route", async () => {
    const routes: [ApiMethod, string, unknown?][] = [
      ["GET", "/redirects"],
      ["POST", "/redirects", { fromPath: "/ancien", toPath: "/contact" }],
      ["DELETE", "/redirects/00000000-0000-4000-8000-000000000000"],
      ["GET", "/redirects/missing"],
      ["DELETE", "/redirects/missing?path=%2Fancien"],
    ];
    for (const [method, url, payload] of routes) {
      const response = await ctx.call(method, url, payload, false);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("a product's slug change redirects its old address permanently, in both languages", async () => {
    const product = await createProduct();
    const old = product.slug;
    await renameProduct(product._id, `${old}-nouveau`);

    const fr = await page(`/product/${old}`);
    expect(fr.statusCode).toBe(301);
    expect(fr.headers.location).toBe(`/product/${old}-nouveau`);
    const en = await page(`/product/${old}?lang=en`);
    expect(en.statusCode).toBe(301);
    expect(en.headers.location).toBe(`/product/${old}-nouveau?lang=en`);
    // Normalised: a trailing slash and another parameter land on the same redirect.
    const slash = await page(`/product/${old}/?utm_source=x`);
    expect(slash.headers.location).toBe(`/product/${old}-nouveau`);
    expect((await page(`/product/${old}-nouveau`)).statusCode).toBe(200);

    const [row] = await redirectsMatching(old);
    expect(row).toMatchObject({ fromPath: `/product/${old}`, toPath: `/product/${old}-nouveau`, kind: "auto" });
  });

  it("counts a redirect's hits in memory and writes them with the next flush", async () => {
    const product = await createProduct();
    await renameProduct(product._id, `${product.slug}-compte`);
    for (let i = 0; i < 3; i++) expect((await page(`/product/${product.slug}`)).statusCode).toBe(301);
    await ctx.app.services.redirects.flush();
    const [row] = await redirectsMatching(`/product/${product.slug}-compte`);
    expect(row?.hits).toBe(3);
    expect(row?.lastHitAt).not.toBeNull();
  });

  it("collapses chains: renaming twice points the first address at the last one", async () => {
    const product = await createProduct();
    const a = product.slug;
    await renameProduct(product._id, `${a}-b`);
    await renameProduct(product._id, `${a}-c`);
    expect((await page(`/product/${a}`)).headers.location).toBe(`/product/${a}-c`);
    expect((await page(`/product/${a}-b`)).headers.location).toBe(`/product/${a}-c`);
    const rows = await redirectsMatching(a);
    expect(rows.map((r) => [r.fromPath, r.toPath]).sort()).toEqual([
      [`/product/${a}`, `/product/${a}-c`],
      [`/product/${a}-b`, `/product/${a}-c`],
    ]);
  });

  it("a slug changed back deletes the redirect from the address that is live again (no loop)", async () => {
    const product = await createProduct();
    const a = product.slug;
    await renameProduct(product._id, `${a}-tmp`);
    await renameProduct(product._id, a);
    expect((await page(`/product/${a}`)).statusCode).toBe(200);
    expect((await page(`/product/${a}-tmp`)).headers.location).toBe(`/product/${a}`);
    const rows = await redirectsMatching(a);
    expect(rows.map((r) => r.fromPath)).toEqual([`/product/${a}-tmp`]);
  });

  it("a category's slug change redirects its old address, page parameter aside", async () => {
    const created = await ctx.call("POST", "/categories", { slug: "cat-ancienne", nameFr: "Ancienne", nameEn: "Old" });
    const cat = created.json<Category>();
    const renamed = await ctx.call("PUT", `/categories/${cat._id}`, { slug: "cat-nouvelle", nameFr: "Nouvelle", nameEn: "New" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await page("/category/cat-ancienne?lang=en")).headers.location).toBe("/category/cat-nouvelle?lang=en");
    // A new category taking the old slug makes the address live: the redirect goes.
    await ctx.call("POST", "/categories", { slug: "cat-ancienne", nameFr: "Autre", nameEn: "Other" });
    expect((await page("/category/cat-ancienne")).statusCode).toBe(200);
    expect(await redirectsMatching("/category/cat-ancienne")).toEqual([]);
  });

  it("adds a manual redirect from an unknown address, answered instead of the home redirect, in both languages", async () => {
    const created = await ctx.call("POST", "/redirects", { fromPath: " /ancien-catalogue.html/ ", toPath: "/contact" });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Redirect>()).toMatchObject({ fromPath: "/ancien-catalogue.html", toPath: "/contact", kind: "manual", hits: 0 });
    expect((await page("/ancien-catalogue.html")).headers.location).toBe("/contact");
    expect((await page("/ancien-catalogue.html?lang=en")).headers.location).toBe("/contact?lang=en");
    const again = await ctx.call("POST", "/redirects", { fromPath: "/ancien-catalogue.html", toPath: "/" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "redirect.exists" });
  });

  it("refuses a redirect to itself and one that would loop, with their codes", async () => {
    const self = await ctx.call("POST", "/redirects", { fromPath: "/boucle-a", toPath: "/boucle-a/" });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: "redirect.self" });
    expect((await ctx.call("POST", "/redirects", { fromPath: "/boucle-a", toPath: "/boucle-b" })).statusCode).toBe(201);
    const loop = await ctx.call("POST", "/redirects", { fromPath: "/boucle-b", toPath: "/boucle-a" });
    expect(loop.statusCode).toBe(400);
    expect(loop.json()).toMatchObject({ code: "redirect.loop", error: expect.stringContaining("boucle") });
    // A longer chain is collapsed, so a loop through it is seen too.
    expect((await ctx.call("POST", "/redirects", { fromPath: "/boucle-c", toPath: "/boucle-a" })).json<Redirect>().toPath).toBe(
      "/boucle-b",
    );
    expect((await ctx.call("POST", "/redirects", { fromPath: "/boucle-b", toPath: "/boucle-c" })).json()).toMatchObject({
      code: "redirect.loop",
    });
  });

  it("two opposite redirects sent at once never make a loop: one is refused", async () => {
    for (let round = 0; round < 5; round += 1) {
      const [a, b] = [`/course-a-${round}`, `/course-b-${round}`];
      const answers = await Promise.all([
        ctx.call("POST", "/redirects", { fromPath: a, toPath: b }),
        ctx.call("POST", "/redirects", { fromPath: b, toPath: a }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
      // The one that landed answers; the other address is not sent round in a circle.
      const first = await page(a);
      const second = await page(b);
      expect([first.headers.location, second.headers.location].filter((location) => location === a || location === b)).toHaveLength(1);
    }
  });

  it("a manual redirect from an address others point at repoints them (one hop)", async () => {
    expect((await ctx.call("POST", "/redirects", { fromPath: "/vieux-1", toPath: "/vieux-2" })).statusCode).toBe(201);
    expect((await ctx.call("POST", "/redirects", { fromPath: "/vieux-2", toPath: "/contact" })).statusCode).toBe(201);
    expect((await page("/vieux-1")).headers.location).toBe("/contact");
  });

  it("refuses paths that leave the site or are reserved", async () => {
    for (const [fromPath, toPath] of [
      ["/a", "//evil.example/x"],
      ["/a", "https://evil.example/"],
      ["/a", "/\\evil.example"],
      ["/api/products", "/"],
      ["/uploads/x.webp", "/"],
      ["/a", "/%zz"],
    ]) {
      const response = await ctx.call("POST", "/redirects", { fromPath, toPath });
      expect(response.statusCode, `${fromPath} → ${toPath}`).toBe(400);
    }
  });

  it("deletes a redirect, and 404s an unknown one", async () => {
    const created = (await ctx.call("POST", "/redirects", { fromPath: "/a-supprimer", toPath: "/" })).json<Redirect>();
    expect((await ctx.call("DELETE", `/redirects/${created._id}`)).statusCode).toBe(204);
    const again = await ctx.call("DELETE", `/redirects/${created._id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: "not_found", params: { item: "redirect" } });
    expect((await page("/a-supprimer")).statusCode).toBe(302);
  });
});

describe("missing paths", () => {
  it("logs unknown addresses and missing products with counts and last seen, most requested first, never /api, /assets or /uploads", async () => {
    for (let i = 0; i < 3; i++) await page("/introuvable-souvent?x=1");
    await page("/introuvable-souvent/");
    await page("/produit-disparu");
    await page("/product/n-existe-pas?lang=en");
    await page("/assets/manque.js");
    await page("/uploads/manque.webp");
    await ctx.app.inject({ method: "GET", url: "/api/manque" });
    const rows = await missing();
    const paths = rows.map((r) => r.path);
    expect(rows[0]).toMatchObject({ path: "/introuvable-souvent", hits: 4 });
    expect(paths).toEqual(expect.arrayContaining(["/produit-disparu", "/product/n-existe-pas"]));
    expect(paths.some((p) => /^\/(api|assets|uploads)\//.test(p))).toBe(false);
    expect(rows[0]?.lastSeenAt).toBeTruthy();
  });

  it("adding a redirect from a missing path removes it from the log; dismiss removes one line", async () => {
    await page("/a-rediriger");
    await page("/a-ecarter");
    expect((await missing()).map((r) => r.path)).toEqual(expect.arrayContaining(["/a-rediriger", "/a-ecarter"]));
    expect((await ctx.call("POST", "/redirects", { fromPath: "/a-rediriger", toPath: "/" })).statusCode).toBe(201);
    expect((await ctx.call("DELETE", "/redirects/missing?path=%2Fa-ecarter")).statusCode).toBe(204);
    const paths = (await missing()).map((r) => r.path);
    expect(paths).not.toContain("/a-rediriger");
    expect(paths).not.toContain("/a-ecarter");
  });

  it("keeps no path longer than the cap and prunes the log to its most requested paths", async () => {
    await page(`/${"x".repeat(400)}`);
    expect((await missing()).some((r) => r.path.length > 300)).toBe(false);
    const { db } = ctx.database;
    await db.execute(sql`insert into missing_paths (path, hits) select '/bruit-' || n, 1 from generate_series(1, ${MISSING_PATHS_KEPT}) n`);
    await db.execute(sql`insert into missing_paths (path, hits) values ('/demandee-souvent', 1000)`);
    const before = (await db.execute(sql`select count(*)::int as n from missing_paths`)) as unknown as { rows: { n: number }[] };
    const pruned = await ctx.app.services.redirects.pruneMissing();
    expect(pruned).toBe((before.rows[0]?.n ?? 0) - MISSING_PATHS_KEPT);
    expect((await missing())[0]).toMatchObject({ path: "/demandee-souvent", hits: 1000 });
    const after = (await db.execute(sql`select count(*)::int as n from missing_paths`)) as unknown as { rows: { n: number }[] };
    expect(after.rows[0]?.n).toBe(MISSING_PATHS_KEPT);
  });

  it("counts a flood of new paths in one write per flush, at most PENDING_MAX of them", async () => {
    await ctx.app.services.redirects.flush();
    for (let i = 0; i < PENDING_MAX + 50; i++) ctx.app.services.redirects.recordMissing(`/flot-${i}`);
    for (let i = 0; i < 5; i++) ctx.app.services.redirects.recordMissing("/flot-0");
    await ctx.app.services.redirects.flush();
    const { db } = ctx.database;
    const rows = (await db.execute(sql`select path, hits from missing_paths where path like '/flot-%'`)) as unknown as {
      rows: { path: string; hits: number }[];
    };
    expect(rows.rows).toHaveLength(PENDING_MAX);
    expect(rows.rows.find((r) => r.path === "/flot-0")?.hits).toBe(6);
  });
});

describe("redirect look-ups", () => {
  it("answer from the in-memory list of redirected paths until an admin write or its lifetime (another instance's redirect)", async () => {
    expect((await page("/ajoutee-ailleurs")).statusCode).toBe(302);
    // As another instance would: straight into the table, no admin write through this one.
    await ctx.database.db.execute(sql`insert into redirects (from_path, to_path, kind) values ('/ajoutee-ailleurs', '/contact', 'manual')`);
    expect((await page("/ajoutee-ailleurs")).statusCode).toBe(302);
    ctx.app.services.redirects.forget();
    expect((await page("/ajoutee-ailleurs")).headers.location).toBe("/contact");
    expect(KNOWN_PATHS_TTL_MS).toBeLessThanOrEqual(10_000);
  });
});
