import { request as httpRequest } from "node:http";
import type { Category } from "@shared/schemas/category";
import type { PreviewLink, Product, ProductInput } from "@shared/schemas/product";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/test-app";
import { PREVIEW_CLAIMS } from "./services/catalogue/preview";
import { registerSite } from "./site";

/** Port range of this suite's own servers (see COMMON.md). */
const PORT = 3520;
const JWT_SECRET = "test-secret-test-secret-test-secret-0123";

type Page = { status: number; body: string; headers: Record<string, string | string[] | undefined> };

/** A real HTTP GET through the listening server, so cached answers come from the response cache. */
function get(path: string): Promise<Page> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: PORT, path }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

let ctx: TestContext;
let category: Category;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext({ app: { jwtSecret: JWT_SECRET, site: (app) => registerSite(app) } });
  const created = await ctx.call("POST", "/categories", { slug: "algues-rouges", nameFr: "Algues rouges", nameEn: "Red algae" });
  category = created.json<Category>();
  await ctx.app.listen({ port: PORT, host: "127.0.0.1" });
});
afterAll(() => ctx.close());

async function createProduct(overrides: Partial<ProductInput> = {}): Promise<Product> {
  seq += 1;
  const response = await ctx.call("POST", "/products", {
    slug: `produit-site-${seq}`,
    nameFr: `Produit ${seq}`,
    nameEn: `Product ${seq}`,
    shortDescriptionFr: "Description courte",
    shortDescriptionEn: "Short description",
    mainImageUrl: "/uploads/algues/p.webp",
    categoryId: category._id,
    ...overrides,
  } satisfies ProductInput);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

async function previewUrl(product: Product): Promise<string> {
  const response = await ctx.call("POST", `/products/${product._id}/preview`);
  expect(response.statusCode).toBe(200);
  return response.json<PreviewLink>().url;
}

const PREVIEW_BAND = /<div role="status"[^>]*><p[^>]*><strong[^>]*>Aperçu — non publié<\/strong>/;
const NOINDEX = '<meta name="robots" content="noindex"/>';

describe("SEO fields on the public pages", () => {
  it("uses the product's meta title and description for <title>, description and Open Graph, per language", async () => {
    const product = await createProduct({
      metaTitleFr: "Agar-agar de Bizerte, qualité alimentaire",
      metaTitleEn: "Bizerte agar-agar, food grade",
      metaDescriptionFr: "Agar-agar séché au soleil & trié à la main.",
      metaDescriptionEn: "Sun-dried agar-agar, hand sorted.",
    });
    const fr = await get(`/product/${product.slug}`);
    expect(fr.status).toBe(200);
    expect(fr.body).toContain("<title>Agar-agar de Bizerte, qualité alimentaire</title>");
    expect(fr.body).toContain('<meta name="description" content="Agar-agar séché au soleil &amp; trié à la main."/>');
    expect(fr.body).toContain('<meta property="og:title" content="Agar-agar de Bizerte, qualité alimentaire"/>');
    expect(fr.body).toContain('<meta property="og:description" content="Agar-agar séché au soleil &amp; trié à la main."/>');
    const en = await get(`/product/${product.slug}?lang=en`);
    expect(en.body).toContain("<title>Bizerte agar-agar, food grade</title>");
    expect(en.body).toContain('<meta name="description" content="Sun-dried agar-agar, hand sorted."/>');
  });

  it("keeps today's title and description when the fields are empty", async () => {
    const product = await createProduct();
    const page = await get(`/product/${product.slug}`);
    expect(page.body).toContain(`<title>${product.nameFr} | Marine Algae of Tunisia</title>`);
    expect(page.body).toContain('<meta name="description" content="Description courte"/>');
  });

  it("uses the category's meta title and description when set", async () => {
    const response = await ctx.call("POST", "/categories", {
      slug: "algues-vertes",
      nameFr: "Algues vertes",
      nameEn: "Green algae",
      metaTitleFr: "Ulva et algues vertes de Tunisie",
      metaDescriptionFr: "Algues vertes récoltées à Bizerte.",
    });
    expect(response.statusCode).toBe(201);
    const page = await get("/category/algues-vertes");
    expect(page.body).toContain("<title>Ulva et algues vertes de Tunisie</title>");
    expect(page.body).toContain('<meta name="description" content="Algues vertes récoltées à Bizerte."/>');
    const en = await get("/category/algues-vertes?lang=en");
    expect(en.body).toContain("<title>Green algae | Marine Algae of Tunisia</title>");
  });
});

describe("category order on the public site", () => {
  it("lists categories in the menu and the sitemap in the stored order", async () => {
    const ids = (await ctx.call("GET", "/categories/all")).json<Category[]>().map((c) => c._id);
    const names = async () => {
      const home = (await get("/")).body;
      const sitemap = (await get("/sitemap.xml")).body;
      return {
        home: home.indexOf("Algues rouges") < home.indexOf("Algues vertes"),
        sitemap: sitemap.indexOf("/category/algues-rouges") < sitemap.indexOf("/category/algues-vertes"),
      };
    };
    expect(await names()).toEqual({ home: true, sitemap: true });
    expect((await ctx.call("PUT", "/categories/order", { ids: [...ids].reverse() })).statusCode).toBe(200);
    expect(await names()).toEqual({ home: false, sitemap: false });
    await ctx.call("PUT", "/categories/order", { ids });
  });
});

describe("preview of an inactive product", () => {
  it("shows the product with a band, noindex and no-store to the holder of a valid link", async () => {
    const product = await createProduct({ isActive: false, nameFr: "Produit caché" });
    const url = await previewUrl(product);
    const page = await get(url);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Produit caché");
    expect(page.body).toMatch(PREVIEW_BAND);
    expect(page.body).toContain(NOINDEX);
    expect(page.body).not.toContain('rel="canonical"');
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    const en = await get(`${url}&lang=en`);
    expect(en.body).toContain("Preview — not published");
  });

  it("is never stored: the next anonymous visitor gets 404, and the preview address is not in the response cache", async () => {
    const product = await createProduct({ isActive: false });
    const url = await previewUrl(product);
    expect((await get(url)).status).toBe(200);
    expect(ctx.app.responseCache.get(url)).toBeUndefined();
    const anonymous = await get(`/product/${product.slug}`);
    expect(anonymous.status).toBe(404);
    expect(anonymous.body).not.toContain("Aperçu — non publié");
    // Still answered by the application (no stored copy): once the product is deleted the same link is a 404.
    expect((await ctx.call("DELETE", `/products/${product._id}`)).statusCode).toBe(204);
    expect((await get(url)).status).toBe(404);
  });

  it("answers 404, as for anonymous visitors, without a token or with a bad, expired, other product's or session token", async () => {
    const product = await createProduct({ isActive: false });
    const other = await createProduct({ isActive: false });
    const key = new TextEncoder().encode(JWT_SECRET);
    const now = Math.floor(Date.now() / 1000);
    const sign = (claims: { purpose?: string; audience?: string; sub?: string; exp?: number }) =>
      new SignJWT({ purpose: claims.purpose ?? PREVIEW_CLAIMS.purpose })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(claims.sub ?? product._id)
        .setIssuer(PREVIEW_CLAIMS.issuer)
        .setAudience(claims.audience ?? PREVIEW_CLAIMS.audience)
        .setIssuedAt(now - 7200)
        .setExpirationTime(claims.exp ?? now + 3600)
        .sign(key);
    const otherToken = new URL(await previewUrl(other), "http://x").searchParams.get("preview");
    const tokens = [
      "",
      "pas-un-jeton",
      await sign({ exp: now - 60 }),
      await sign({ purpose: "login" }),
      await sign({ audience: "marine-algae-admin" }),
      otherToken ?? "",
      ctx.token,
    ];
    expect((await get(`/product/${product.slug}`)).status).toBe(404);
    for (const [index, token] of tokens.entries()) {
      const page = await get(`/product/${product.slug}?preview=${encodeURIComponent(token)}`);
      expect(page.status, `token ${index}`).toBe(404);
      expect(page.body).not.toMatch(PREVIEW_BAND);
      expect(page.headers["cache-control"], `token ${index}`).toBe("private, no-store");
    }
    // The control: the same signing gives a working link.
    expect((await get(`/product/${product.slug}?preview=${await sign({})}`)).status).toBe(200);
  });

  it("shows an active product normally (no band) even with a token, and still does not cache that address", async () => {
    const product = await createProduct({ isActive: true });
    const url = await previewUrl(product);
    const page = await get(url);
    expect(page.status).toBe(200);
    expect(page.body).not.toMatch(PREVIEW_BAND);
    expect(ctx.app.responseCache.get(url)).toBeUndefined();
    const plain = await get(`/product/${product.slug}`);
    expect(plain.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
    expect(ctx.app.responseCache.get(`/product/${product.slug}`)).toBeDefined();
  });
});
