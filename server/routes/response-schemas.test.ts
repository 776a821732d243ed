import { Writable } from "node:stream";
import type { Category } from "@shared/schemas/category";
import { type Product, productSchema } from "@shared/schemas/product";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { contentBlocks } from "../db/schema/index";

/** Every line the app's pino logger writes, parsed. */
const lines: Record<string, unknown>[] = [];
const destination = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    callback();
  },
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ app: { rateLimit: false, logger: { level: "error", stream: destination } } });
});
afterAll(() => ctx.close());

/** The API and the health checks answer JSON the client reads; `/uploads/*` (files) and the site's pages do not. */
const isJsonRoute = (url: string) => url.startsWith("/api/") || url === "/healthz" || url === "/readyz";

describe("response schemas", () => {
  it("are declared by every API route and health check, for each success status it answers", () => {
    const routes = ctx.app.routeList.filter((route) => isJsonRoute(route.url));
    expect(routes.length).toBeGreaterThan(60);
    const missing = routes
      .filter((route) => {
        const response = (route.schema?.response ?? {}) as Record<string, unknown>;
        // A success is a 2xx answer, or the 303 of a form sent without JavaScript (the document pack's).
        return !Object.keys(response).some((status) => /^(2\d\d|303)$/.test(status));
      })
      .map((route) => `${String(route.method)} ${route.url}`);
    expect(missing).toEqual([]);
  });

  it("refuses an answer that does not match its schema: 500, logged, and nothing of the bad answer sent", async () => {
    const category = (await ctx.call("POST", "/categories", { slug: "contrat", nameFr: "Contrat", nameEn: "Contract" })).json<Category>();
    const created = await ctx.call("POST", "/products", {
      slug: "produit-contrat",
      nameFr: "Produit contrat",
      nameEn: "Contract product",
      shortDescriptionFr: "Une algue",
      shortDescriptionEn: "An alga",
      mainImageUrl: "/uploads/algues/main.webp",
      categoryId: category._id,
      contentBlocks: [{ type: "text", contentFr: "Bloc", contentEn: "Block" }],
    });
    expect(created.statusCode).toBe(201);
    const product = created.json<Product>();
    expect(productSchema.safeParse(product).success).toBe(true);

    // A stored row no version of the API writes (by hand, or an older release): the service passes it on as it is.
    await ctx.database.db
      .update(contentBlocks)
      .set({ type: "video" as "text" })
      .where(eq(contentBlocks.productId, product._id));
    lines.length = 0;
    for (const url of [`/products/id/${product._id}`, "/products/produit-contrat"]) {
      const response = await ctx.call("GET", url, undefined, url.includes("/id/"));
      expect(response.statusCode, url).toBe(500);
      expect(response.json()).toEqual({ error: "Internal server error", code: "internal" });
      expect(response.body).not.toContain("video");
    }
    const logged = lines.filter((line) => line.msg === "unhandled error");
    expect(logged).toHaveLength(2);
    expect(JSON.stringify(logged[0])).toContain("Response doesn't match the schema");
    // A refused public answer is not kept by the response cache: once the row is right again, the page answers.
    await ctx.database.db.update(contentBlocks).set({ type: "text" }).where(eq(contentBlocks.productId, product._id));
    expect((await ctx.call("GET", "/products/produit-contrat", undefined, false)).statusCode).toBe(200);
  });
});
