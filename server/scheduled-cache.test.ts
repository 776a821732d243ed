import type { AddressInfo } from "node:net";
import type { Banner, BannerInput } from "@shared/schemas/banner";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/test-app";
import { banners } from "./db/schema/index";
import { registerSite } from "./site";

/**
 * Cached public answers change at a banner's scheduled start, with the real clock and the real response cache (a
 * listening server: hits leave from its HTTP server). The page is read again and again until it changes; it must
 * change well before the cache's own lifetime (10 s) would have ended. Needs the site build
 * (`npm run build`), like site-catalog.test.ts.
 */
let ctx: TestContext;
let origin = "";

beforeAll(async () => {
  ctx = await createTestContext({ app: { site: (app) => registerSite(app) } });
  await ctx.database.db.delete(banners);
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

function bannerInput(titleFr: string, overrides: Partial<BannerInput> = {}): BannerInput {
  return {
    imageUrlFr: "/uploads/algues/banner-fr.webp",
    imageUrlEn: "/uploads/algues/banner-en.webp",
    titleFr,
    titleEn: titleFr,
    descriptionFr: "Algues de Bizerte",
    descriptionEn: "Algae from Bizerte",
    ...overrides,
  };
}

async function read(path: string): Promise<string> {
  const response = await fetch(`${origin}${path}`);
  return response.text();
}

const browserCache = async (path: string) => (await fetch(`${origin}${path}`)).headers.get("cache-control");

describe("cached answers and scheduled changes", () => {
  it("change at a banner's scheduled start, not at the end of the cache's lifetime", async () => {
    expect((await ctx.call("POST", "/banners", bannerInput("Bannière standard"))).statusCode).toBe(201);
    const startsAt = Date.now() + 2_000;
    const created = await ctx.call("POST", "/banners", bannerInput("Fête de la mer", { startsAt: new Date(startsAt).toISOString() }));
    expect(created.statusCode, created.body).toBe(201);
    expect((await ctx.call("PATCH", `/banners/${created.json<Banner>()._id}`, { isActive: true })).statusCode).toBe(200);

    const paths = ["/api/banners/active", "/"];
    for (const path of paths) {
      expect(await read(path)).toContain("Bannière standard");
      // Now cached: the second read is a hit.
      const hitsBefore = ctx.app.responseCache.hits;
      expect(await read(path)).toContain("Bannière standard");
      expect(ctx.app.responseCache.hits).toBe(hitsBefore + 1);
      // Browsers are not told to keep it past the start either.
      expect(await browserCache(path)).toBe("public, max-age=0, stale-while-revalidate=0");
    }

    for (const path of paths) {
      await expect.poll(async () => (await read(path)).includes("Fête de la mer"), { timeout: 8_000, interval: 50 }).toBe(true);
      const lateBy = Date.now() - startsAt;
      console.info(`${path}: scheduled start seen ${lateBy} ms after it`);
      // Not a speed target (the machine may be loaded): only that the 10 s lifetime did not hold the old page.
      expect(lateBy, `${path} changed ${lateBy} ms after the start`).toBeLessThan(6_000);
    }
  });
});
