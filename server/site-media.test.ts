import { request as httpRequest } from "node:http";
import type { Category } from "@shared/schemas/category";
import { imageHashOf } from "@shared/schemas/media";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/test-app";
import { uploadPng } from "../test/uploads";
import { registerSite } from "./site";

/** Port of this suite's own server. */
const PORT = 3596;

function get(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: PORT, path }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve(body));
    });
    req.on("error", reject);
    req.end();
  });
}

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ app: { site: (app) => registerSite(app) } });
  await ctx.app.listen({ port: PORT, host: "127.0.0.1" });
});
afterAll(() => ctx.close());

/** The `<img>` tag whose src is `url`. */
const imgTag = (html: string, url: string) =>
  new RegExp(`<img[^>]*src="${url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>`).exec(html)?.[0] ?? "";

describe("public pages and the media library", () => {
  it('a product page shows the library\'s alt text in its language and crops on the focal point; decorative is alt=""', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 12, g: 140, b: 90 } } })
      .png()
      .toBuffer();
    const url = await uploadPng(ctx, png);
    const category = (await ctx.call("POST", "/categories", { slug: "media-site", nameFr: "Média", nameEn: "Media" })).json<Category>();
    const created = await ctx.call("POST", "/products", {
      slug: "laminaire-media",
      nameFr: "Laminaire",
      nameEn: "Kelp",
      shortDescriptionFr: "Court.",
      shortDescriptionEn: "Short.",
      mainImageUrl: url,
      categoryId: category._id,
      isActive: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    // Before the library knows an alt text: today's fallback (the product's name), no focal point written.
    expect(imgTag(await get("/product/laminaire-media"), url)).toContain('alt="Laminaire"');

    const id = imageHashOf(url);
    const patched = await ctx.call("PATCH", `/media/${id}`, {
      altFr: "Frondes de laminaire au soleil",
      altEn: "Kelp fronds in the sun",
      decorative: false,
      focalX: 25,
      focalY: 75,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const fr = imgTag(await get("/product/laminaire-media"), url);
    expect(fr).toContain('alt="Frondes de laminaire au soleil"');
    expect(fr).toContain("object-position:25% 75%");
    const en = imgTag(await get("/product/laminaire-media?lang=en"), url);
    expect(en).toContain('alt="Kelp fronds in the sun"');
    // The category page's product card reads the same row.
    const card = imgTag(await get("/category/media-site"), url);
    expect(card).toContain('alt="Frondes de laminaire au soleil"');
    expect(card).toContain("object-position:25% 75%");

    await ctx.call("PATCH", `/media/${id}`, { altFr: "x", altEn: "y", decorative: true, focalX: 25, focalY: 75 });
    expect(imgTag(await get("/product/laminaire-media"), url)).toContain('alt=""');
  });
});
