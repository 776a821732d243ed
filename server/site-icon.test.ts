import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/test-app";
import { registerSite } from "./site";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ app: { site: (app) => registerSite(app) } });
});
afterAll(() => ctx.close());

describe("the site's icon", () => {
  it.each(["/", "/contact", "/admin/login"])(
    "%s declares /logo.svg, so no browser asks for /favicon.ico (an unknown path, which redirects to the home page)",
    async (path) => {
      const page = await ctx.app.inject({ method: "GET", url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(/<link rel="icon" href="\/logo\.svg" type="image\/svg\+xml"\/?>/);
      const icon = await ctx.app.inject({ method: "GET", url: "/logo.svg" });
      expect([icon.statusCode, icon.headers["content-type"]]).toEqual([200, "image/svg+xml"]);
    },
  );
});
