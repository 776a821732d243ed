import { imageVariants } from "@shared/images";
import { imageHashOf, type Media, type MediaDetail, type MediaReplaced } from "@shared/schemas/media";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { multipart, uploadPng } from "../../test/uploads";
import { imageColumns, imageHashIndexName } from "../db/image-columns";
import { media } from "../db/schema/index";
import { USAGE_TABLES } from "../services/media";

let ctx: TestContext;
let colour = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

/** A new picture (a colour no other test used), uploaded under this file name; its URL. */
async function upload(fileName = "photo.png"): Promise<string> {
  colour += 1;
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: colour, g: 90, b: 250 - colour } } })
    .png()
    .toBuffer();
  if (fileName === "photo.png") return uploadPng(ctx, png);
  const body = multipart({ data: png, filename: fileName, contentType: "image/png" });
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/upload/image",
    payload: body.payload,
    headers: { ...body.headers, ...ctx.auth },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ url: string }>().url;
}

const idOf = (url: string) => imageHashOf(url) ?? "";

async function detail(url: string): Promise<MediaDetail> {
  const response = await ctx.call("GET", `/media/${idOf(url)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MediaDetail>();
}

async function newCategory(coverImageUrl = ""): Promise<{ _id: string; version: number }> {
  colour += 1;
  const response = await ctx.call("POST", "/categories", {
    slug: `media-${colour}`,
    nameFr: `Média ${colour}`,
    nameEn: `Media ${colour}`,
    coverImageUrl,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function productPayload(categoryId: string, mainImageUrl: string, blockImageUrl?: string) {
  colour += 1;
  return {
    slug: `media-product-${colour}`,
    nameFr: `Produit ${colour}`,
    nameEn: `Product ${colour}`,
    shortDescriptionFr: "Court.",
    shortDescriptionEn: "Short.",
    mainImageUrl,
    categoryId,
    isActive: true,
    contentBlocks: blockImageUrl ? [{ type: "image", order: 0, imageUrl: blockImageUrl }] : [],
  };
}

async function newProduct(categoryId: string, mainImageUrl: string, blockImageUrl?: string) {
  const payload = productPayload(categoryId, mainImageUrl, blockImageUrl);
  const response = await ctx.call("POST", "/products", payload);
  expect(response.statusCode, response.body).toBe(201);
  return { payload, product: response.json<{ _id: string; version: number }>() };
}

describe("media library API", () => {
  it("answers 401 to every media route without a session, before reading anything", async () => {
    const url = await upload();
    const routes: [Parameters<TestContext["call"]>[0], string, unknown?][] = [
      ["GET", "/media"],
      ["GET", `/media/${idOf(url)}`],
      ["PATCH", `/media/${idOf(url)}`, { altFr: "", altEn: "", decorative: false, focalX: 50, focalY: 50 }],
      ["DELETE", `/media/${idOf(url)}`],
      ["POST", `/media/${idOf(url)}/replace`],
    ];
    for (const [method, path, payload] of routes) expect((await ctx.call(method, path, payload, false)).statusCode, path).toBe(401);
  });

  it("keeps one row per uploaded image, with its size and sanitised file name, whatever the number of uploads", async () => {
    const url = await upload("Laminaire digitée.png");
    const row = await detail(url);
    expect(row).toMatchObject({
      _id: idOf(url),
      url,
      width: 640,
      height: 480,
      fileName: "Laminaire digitée.png",
      usageCount: 0,
      usages: [],
    });
    expect(row.byteSize).toBeGreaterThan(0);
    expect(row).toMatchObject({ altFr: "", altEn: "", decorative: false, focalX: 50, focalY: 50, version: 1 });
  });

  it("lists newest first by pages, searches file names and alt texts accents aside, and filters the unused ones", async () => {
    const [a, b, c] = [await upload("ulva-lactuca.png"), await upload("ulva-rigida.png"), await upload("fucus.png")];
    const category = await newCategory(c);
    const first = await ctx.call("GET", "/media?q=ULVA&limit=1");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["x-total-count"]).toBe("2");
    expect(first.json<Media[]>().map((m) => m._id)).toEqual([idOf(b)]);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1] ?? "";
    const second = await ctx.app.inject({ method: "GET", url: next, headers: ctx.auth });
    expect(second.json<Media[]>().map((m) => m._id)).toEqual([idOf(a)]);

    const patched = await ctx.call("PATCH", `/media/${idOf(a)}`, {
      altFr: "Laitue de mer étalée",
      altEn: "Sea lettuce",
      decorative: false,
      focalX: 20,
      focalY: 80,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await ctx.call("GET", "/media?q=etalee")).json<Media[]>().map((m) => m._id)).toEqual([idOf(a)]);

    const unused = (await ctx.call("GET", "/media?unused=true&limit=200")).json<Media[]>().map((m) => m._id);
    expect(unused).toContain(idOf(a));
    expect(unused).not.toContain(idOf(c));
    const all = (await ctx.call("GET", "/media?limit=200")).json<Media[]>();
    expect(all.find((m) => m._id === idOf(c))?.usageCount).toBe(1);
    expect(category._id).toBeTruthy();
  });

  it("lists every place an image is used: product cover and blocks, category, banner, partner", async () => {
    const url = await upload();
    const category = await newCategory(url);
    const { product } = await newProduct(category._id, url, url);
    const banner = await ctx.call("POST", "/banners", {
      imageUrlFr: url,
      imageUrlEn: url,
      titleFr: "Bannière média",
      titleEn: "Media banner",
      descriptionFr: "D",
      descriptionEn: "D",
      isActive: false,
      isDefault: false,
    });
    expect(banner.statusCode, banner.body).toBe(201);
    const partner = await ctx.call("POST", "/partners", {
      name: "Partenaire média",
      logoUrl: url,
      websiteUrl: "https://example.com",
      isActive: true,
    });
    expect(partner.statusCode, partner.body).toBe(201);
    const row = await detail(url);
    const types = row.usages.map((u) => u.type).sort();
    expect(types).toEqual(["banner", "banner", "category", "content_block", "partner", "product"]);
    expect(row.usageCount).toBe(6);
    expect(row.usages.find((u) => u.type === "product")).toMatchObject({
      id: product._id,
      adminLink: `/admin/products/edit/${product._id}`,
    });
    expect(row.usages.find((u) => u.type === "partner")?.label).toBe("Partenaire média");
  });

  it("refuses to delete an image while it is used (409 media.in_use), then deletes it and its variants once no product uses it", async () => {
    const url = await upload();
    const other = await upload();
    const category = await newCategory();
    const { payload, product } = await newProduct(category._id, url);
    const refused = await ctx.call("DELETE", `/media/${idOf(url)}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "media.in_use" });

    const changed = await ctx.call("PUT", `/products/${product._id}`, { ...payload, mainImageUrl: other, version: product.version });
    expect(changed.statusCode, changed.body).toBe(200);
    const deleted = await ctx.call("DELETE", `/media/${idOf(url)}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    for (const key of [url, ...imageVariants(url).map((v) => v.url)])
      expect(await ctx.storage.readObject(key.replace(/^\/uploads\//, "")), key).toBeNull();
    expect((await ctx.call("GET", `/media/${idOf(url)}`)).statusCode).toBe(404);
  });

  it("updates alt texts, decorative mark and focal point, and refuses a write based on an older version (409 edit_conflict)", async () => {
    const url = await upload();
    const body = { altFr: "Algue", altEn: "Seaweed", decorative: false, focalX: 10, focalY: 90, version: 1 };
    const first = await ctx.call("PATCH", `/media/${idOf(url)}`, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Media>()).toMatchObject({ altFr: "Algue", focalX: 10, focalY: 90, version: 2 });
    const stale = await ctx.call("PATCH", `/media/${idOf(url)}`, { ...body, altFr: "Autre" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "edit_conflict", details: { current: { altFr: "Algue", version: 2 } } });
  });

  it("answers validation errors with their codes: a focal point out of 0–100, a bad id, a bad cursor, an unknown image", async () => {
    const url = await upload();
    const out = await ctx.call("PATCH", `/media/${idOf(url)}`, { altFr: "", altEn: "", decorative: false, focalX: 101, focalY: 50 });
    expect(out.statusCode).toBe(400);
    expect(out.json()).toMatchObject({ code: "validation" });
    expect((await ctx.call("GET", "/media/not-a-hash")).json()).toMatchObject({ code: "validation" });
    expect((await ctx.call("GET", "/media?cursor=abc")).json()).toMatchObject({ code: "page.invalid_cursor" });
    expect((await ctx.call("GET", "/media/0123456789abcdef")).json()).toMatchObject({ code: "not_found", params: { item: "media" } });
  });

  it("replaces a file everywhere at once: every image column rewritten, versions bumped, alt texts and focal point carried over", async () => {
    const url = await upload();
    const category = await newCategory(url);
    const { product } = await newProduct(category._id, url, url);
    const partner = await ctx.call("POST", "/partners", {
      name: "Remplacé",
      logoUrl: url,
      websiteUrl: "https://example.com",
      isActive: true,
    });
    const banner = await ctx.call("POST", "/banners", {
      imageUrlFr: url,
      imageUrlEn: url,
      titleFr: "B",
      titleEn: "B",
      descriptionFr: "D",
      descriptionEn: "D",
      isActive: false,
      isDefault: false,
    });
    await ctx.call("PATCH", `/media/${idOf(url)}`, { altFr: "Vieille", altEn: "Old", decorative: false, focalX: 30, focalY: 70 });

    colour += 1;
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: colour, b: 10 } } })
      .png()
      .toBuffer();
    const body = multipart({ data: png, filename: "nouvelle.png", contentType: "image/png" });
    const response = await ctx.app.inject({
      method: "POST",
      url: `/api/media/${idOf(url)}/replace`,
      payload: body.payload,
      headers: { ...body.headers, ...ctx.auth },
    });
    expect(response.statusCode, response.body).toBe(201);
    const replaced = response.json<MediaReplaced>();
    expect(replaced.rewritten).toBe(5);
    expect(replaced.media).toMatchObject({
      altFr: "Vieille",
      altEn: "Old",
      focalX: 30,
      focalY: 70,
      usageCount: 6,
      fileName: "nouvelle.png",
    });
    const next = replaced.media.url;

    const p = (await ctx.call("GET", `/products/id/${product._id}`)).json<{
      mainImageUrl: string;
      version: number;
      contentBlocks: { imageUrl: string }[];
    }>();
    expect(p.mainImageUrl).toBe(next);
    expect(p.contentBlocks[0]?.imageUrl).toBe(next);
    expect(p.version).toBeGreaterThan(product.version);
    const cs = (await ctx.call("GET", "/categories/all")).json<{ _id: string; coverImageUrl: string; version: number }[]>();
    expect(cs.find((x) => x._id === category._id)).toMatchObject({ coverImageUrl: next, version: category.version + 1 });
    const partnerId = partner.json<{ _id: string }>()._id;
    const pa = (await ctx.call("GET", "/partners?limit=200")).json<{ _id: string; logoUrl: string; version: number }[]>();
    expect(pa.find((x) => x._id === partnerId)).toMatchObject({ logoUrl: next, version: 2 });
    const bannerId = banner.json<{ _id: string }>()._id;
    const ba = (await ctx.call("GET", "/banners?limit=200")).json<
      { _id: string; imageUrlFr: string; imageUrlEn: string; version: number }[]
    >();
    expect(ba.find((x) => x._id === bannerId)).toMatchObject({ imageUrlFr: next, imageUrlEn: next, version: 2 });
    expect((await ctx.call("GET", `/media/${idOf(url)}`)).statusCode).toBe(404);
  });

  it("fills the library with images named by content or stored before it existed (idempotent)", async () => {
    const url = await upload();
    await ctx.database.db.delete(media).where(sql`${media.hash} = ${idOf(url)}`);
    expect((await ctx.call("GET", `/media/${idOf(url)}`)).statusCode).toBe(404);
    const { media: service } = ctx.app.services;
    expect(await service.backfill(ctx.storage.listObjects())).toBeGreaterThanOrEqual(1);
    expect((await detail(url)).url).toBe(url);
    expect(await service.backfill(ctx.storage.listObjects())).toBe(0);
  });

  it("knows every declared image column, and each has its hash index", async () => {
    const result = (await ctx.database.db.execute(sql`select indexname from pg_indexes`)) as unknown as { rows: { indexname: string }[] };
    const names = new Set(result.rows.map((row) => row.indexname));
    for (const column of imageColumns()) {
      expect(USAGE_TABLES as readonly string[], column.tableName).toContain(column.tableName);
      expect(names.has(imageHashIndexName(column)), imageHashIndexName(column)).toBe(true);
    }
  });
});
