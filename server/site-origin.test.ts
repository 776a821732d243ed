import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/test-app";
import { parseEnv } from "./env";
import { registerSite } from "./site";

/** Port range of this suite's own servers (see COMMON.md); one port is enough here. */
const PORT = 4120;

/** A real HTTP GET through the listening server (so cached answers come from the response cache) with any Host. */
function get(path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: PORT, path, headers: { host } }, (res) => {
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

/** Every absolute http(s) URL of a page (links, meta, JSON-LD, sitemap entries). */
const absoluteUrls = (body: string) => [...body.matchAll(/https?:\/\/[^"'<>\s\\]+/g)].map((m) => m[0]);

// Started without PUBLIC_URL, as `npm start` in the README: the default of server/env.ts is the origin.
const configured = parseEnv({}).PUBLIC_URL.replace(/\/+$/, "");
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ app: { publicUrl: parseEnv({}).PUBLIC_URL, site: (app) => registerSite(app) } });
  const created = await ctx.call("POST", "/categories", { slug: "les-algues", nameFr: "Les algues", nameEn: "Algae" });
  expect(created.statusCode).toBe(201);
  await ctx.app.listen({ port: PORT, host: "127.0.0.1" });
});
afterAll(() => ctx.close());

describe("the public origin comes from configuration, never from the Host header", () => {
  it("renders canonical, hreflang, Open Graph and JSON-LD with the configured origin for a forged Host, and so does the next visitor's (cached) page", async () => {
    const poisoned = await get("/category/les-algues", "evil.example");
    const next = await get("/category/les-algues", "localhost:3000");
    const home = await get("/", "evil.example");
    for (const page of [poisoned, next, home]) {
      expect(page.status).toBe(200);
      expect(page.body).not.toContain("evil.example");
    }
    for (const page of [poisoned, next]) {
      expect(page.body).toContain(`<link rel="canonical" href="${configured}/category/les-algues"/>`);
      expect(page.body).toContain(`hrefLang="en" href="${configured}/category/les-algues?lang=en"`);
      expect(page.body).toContain(`<meta property="og:url" content="${configured}/category/les-algues"/>`);
      expect(page.body).toContain(`"item":"${configured}/category/les-algues"`);
    }
    expect(home.body).toContain(`"url":"${configured}/"`);
    for (const url of [...absoluteUrls(poisoned.body), ...absoluteUrls(home.body)]) {
      if (url.includes("localhost")) expect(url.startsWith(configured)).toBe(true);
    }
  });

  it("lists the configured origin in the sitemap and robots.txt whatever the Host", async () => {
    for (const host of ["evil.example", "localhost:3000"]) {
      const sitemap = await get("/sitemap.xml", host);
      expect(sitemap.status).toBe(200);
      expect(sitemap.body).not.toContain("evil.example");
      expect(sitemap.body).toContain(`<loc>${configured}/category/les-algues</loc>`);
      const robots = await get("/robots.txt", host);
      expect(robots.body).toContain(`Sitemap: ${configured}/sitemap.xml`);
    }
  });
});
