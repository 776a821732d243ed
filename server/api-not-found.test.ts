import type { HTTPMethods } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/test-app";
import { registerSite } from "./site";

const METHODS: HTTPMethods[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const UNKNOWN_PATHS = ["/api", "/api/", "/api/nope", "/api/nope/deeper?x=1", "/api/nope/", "/api/analytics/stats/extra"];

describe.each([
  ["with the site registered", true],
  ["without the site", false],
])("unknown API paths, %s", (_label, withSite) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ app: withSite ? { site: (app) => registerSite(app) } : {} });
  });
  afterAll(() => ctx.close());

  it("answers every method on every unknown /api path 404 with a JSON error, never stored", async () => {
    for (const url of UNKNOWN_PATHS) {
      for (const method of METHODS) {
        for (const headers of [{}, ctx.auth]) {
          const response = await ctx.app.inject({ method, url, headers, payload: method === "POST" ? { a: 1 } : undefined });
          const label = `${method} ${url} ${"authorization" in headers ? "signed in" : "anonymous"}`;
          expect(response.statusCode, label).toBe(404);
          expect(response.headers["cache-control"], label).toBe("no-store");
          expect(response.headers["content-type"], label).toMatch(/^application\/json/);
          if (method !== "HEAD") expect(response.json<{ error: string }>().error, label).toMatch(/^Not found/);
        }
      }
    }
  });

  it("answers a method a known API path does not serve with the same 404", async () => {
    const response = await ctx.app.inject({ method: "PATCH", url: "/api/categories" });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ error: string }>().error).toBe("Not found: PATCH /api/categories");
  });

  it.runIf(withSite)("leaves to the site a path that only starts like the API's", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/apiculture" });
    expect(response.headers["content-type"] ?? "").not.toMatch(/json/);
    expect(response.body).not.toContain("Not found: GET");
  });
});
