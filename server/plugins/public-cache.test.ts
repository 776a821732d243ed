import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";

describe("public response cache", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const category = (slug: string) => ({ slug, nameFr: `Nom ${slug}`, nameEn: `Name ${slug}` });

  it("serves a repeated anonymous GET from the cache and shows an admin change on the very next read", async () => {
    const first = await ctx.app.inject({ method: "GET", url: "/api/categories" });
    expect(first.statusCode).toBe(200);
    expect(ctx.app.responseCache.size).toBe(1);

    const created = await ctx.app.inject({ method: "POST", url: "/api/categories", headers: ctx.auth, payload: category("cache-test") });
    expect(created.statusCode).toBe(201);
    expect(ctx.app.responseCache.size).toBe(0);

    const after = await ctx.app.inject({ method: "GET", url: "/api/categories" });
    expect(after.json<{ slug: string }[]>().map((c) => c.slug)).toContain("cache-test");
  });

  it("never caches or publicly marks a request carrying a token", async () => {
    ctx.app.responseCache.clear();
    const response = await ctx.app.inject({ method: "GET", url: "/api/categories", headers: ctx.auth });
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(ctx.app.responseCache.size).toBe(0);
  });

  it("does not let a failed admin request or a public POST empty the cache", async () => {
    await ctx.app.inject({ method: "GET", url: "/api/categories" });
    expect(ctx.app.responseCache.size).toBe(1);
    const bad = await ctx.app.inject({ method: "POST", url: "/api/categories", headers: ctx.auth, payload: { slug: "" } });
    expect(bad.statusCode).toBe(400);
    await ctx.app.inject({ method: "POST", url: "/api/analytics", payload: { pagePath: "/", referrer: "" } });
    expect(ctx.app.responseCache.size).toBe(1);
  });
});
