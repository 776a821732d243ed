import { request as httpRequest } from "node:http";
import type { Category } from "@shared/schemas/category";
import type { Certification } from "@shared/schemas/certification";
import type { Product } from "@shared/schemas/product";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/test-app";
import { registerSite } from "./site";

/**
 * The product page's certifications through the listening server and its response cache, with an injected clock
 * (docs/decisions/0111-certifications.md). Needs the site build. Port of this suite: 4531 (brief C's range).
 */
const PORT = 4531;
let nowMs = Date.parse("2026-12-01T09:00:00.000Z");

function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: PORT, path }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

let ctx: TestContext;
let product: Product;

beforeAll(async () => {
  ctx = await createTestContext({ app: { clock: () => nowMs, site: (app) => registerSite(app) } });
  const category = (
    await ctx.call("POST", "/categories", { slug: "algues-bio", nameFr: "Algues bio", nameEn: "Organic algae" })
  ).json<Category>();
  const certification = (
    await ctx.call("POST", "/certifications", {
      nameFr: "Agriculture biologique (UE)",
      nameEn: "Organic (EU)",
      certifyingBody: "Ecocert",
      verificationUrl: "https://certificat.ecocert.com/",
      validUntil: "2026-12-01",
    })
  ).json<Certification>();
  product = (
    await ctx.call("POST", "/products", {
      slug: "ulve-bio",
      nameFr: "Ulve bio",
      nameEn: "Organic sea lettuce",
      shortDescriptionFr: "Court",
      shortDescriptionEn: "Short",
      mainImageUrl: "/uploads/algues/p.webp",
      categoryId: category._id,
      certificationIds: [certification._id],
    })
  ).json<Product>();
  await ctx.app.listen({ port: PORT, host: "127.0.0.1" });
});
afterAll(() => ctx.close());

describe("the product page's certifications", () => {
  it("shows a certification on its last day (French and English) and not the day after, though the page was cached", async () => {
    // 23:59 on the last day in Tunis.
    nowMs = Date.parse("2026-12-01T22:59:00.000Z");
    const fr = await get(`/product/${product.slug}`);
    expect(fr.status).toBe(200);
    expect(fr.body).toContain("Agriculture biologique (UE)");
    expect(fr.body).toContain("valide jusqu&#x27;au 1 décembre 2026");
    expect(fr.body).toMatch(/<a[^>]+href="https:\/\/certificat\.ecocert\.com\/"[^>]+rel="noopener"/);
    // The Product node of the page's JSON-LD names it too (schema.org Certification).
    expect(fr.body).toContain(
      '"hasCertification":[{"@type":"Certification","name":"Agriculture biologique (UE)","issuedBy":{"@type":"Organization","name":"Ecocert"},"expires":"2026-12-01"',
    );
    const en = await get(`/product/${product.slug}?lang=en`);
    expect(en.body).toContain("Organic (EU)");
    expect(en.body).toContain("valid until 1 December 2026");
    // Cached now (a second read within the cache's lifetime).
    expect((await get(`/product/${product.slug}`)).body).toContain("Agriculture biologique (UE)");

    // Midnight in Tunis: the next day.
    nowMs = Date.parse("2026-12-01T23:00:00.000Z");
    const after = await get(`/product/${product.slug}`);
    expect(after.status).toBe(200);
    expect(after.body).not.toContain("Agriculture biologique (UE)");
    expect(after.body).not.toContain('id="certifications-title"');
    expect(after.body).not.toContain("hasCertification");
  });
});
