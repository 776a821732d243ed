import { imageVariants, parseUploadUrl } from "@shared/images";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { STORAGE_KINDS, withStorage } from "../../test/storage-context";
import type { TestContext } from "../../test/test-app";
import { uploadPicture, uploadPng } from "../../test/uploads";
import { referencedHashesQuery } from "../db/image-columns";
import { imageOrphans } from "../db/schema/index";
import { ORPHAN_GRACE_DAYS } from "./image-sweep";

let ctx: TestContext;
let colour = 0;

/** Uploads a new picture (a colour no other test used) through the API; its URL. */
async function upload(): Promise<string> {
  colour += 1;
  return uploadPicture(ctx, { width: 700, height: 500 }, { r: colour, g: 120, b: 200 - colour });
}

/** Whether the image and every one of its variants are still stored. */
async function stored(url: string): Promise<boolean> {
  const keys = [url, ...imageVariants(url).map((v) => v.url)].map((u) => u.replace(/^\/uploads\//, ""));
  const present = await Promise.all(keys.map(async (key) => (await ctx.storage.readObject(key)) !== null));
  return present.every(Boolean);
}

/** Makes every orphan mark older than the grace period, as if the days had passed. */
const passGracePeriod = () =>
  ctx.database.db.update(imageOrphans).set({ since: sql`now() - make_interval(days => ${ORPHAN_GRACE_DAYS + 1})` });

const marked = async () => (await ctx.database.db.select().from(imageOrphans)).map((row) => row.url);

async function newCategory(coverImageUrl = ""): Promise<string> {
  colour += 1;
  const response = await ctx.call("POST", "/categories", {
    slug: `sweep-${colour}`,
    nameFr: `Tri ${colour}`,
    nameEn: `Sweep ${colour}`,
    coverImageUrl,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string }>()._id;
}

async function newPartner(logoUrl: string): Promise<void> {
  const response = await ctx.call("POST", "/partners", { name: "Partenaire", logoUrl, websiteUrl: "https://example.com", isActive: true });
  expect(response.statusCode, response.body).toBe(201);
}

// The sweep only uses the storage interface: run once on disk and once in a real S3-compatible bucket.
describe.each(STORAGE_KINDS)("the sweep of unreferenced images, on %s", (kind) => {
  withStorage(kind, (opened) => {
    ctx = opened;
  });

  it("deletes an image no content names once it has stayed unreferenced for the grace period, and keeps the named ones", async () => {
    const { images } = ctx.app.services;
    const [main, replaced, block, cover] = [await upload(), await upload(), await upload(), await upload()];
    const categoryId = await newCategory(cover);
    const payload = {
      slug: `sweep-product-${colour}`,
      nameFr: "Produit",
      nameEn: "Product",
      shortDescriptionFr: "Court.",
      shortDescriptionEn: "Short.",
      mainImageUrl: replaced,
      categoryId,
      isActive: true,
      contentBlocks: [{ type: "image", order: 0, imageUrl: block }],
    };
    const created = await ctx.call("POST", "/products", payload);
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json<{ _id: string }>();
    // The admin replaces the main image: the first one is named by nothing any more.
    const updated = await ctx.call("PUT", `/products/${product._id}`, { ...payload, mainImageUrl: main });
    expect(updated.statusCode, updated.body).toBe(200);

    const first = await images.sweep();
    expect(first.deleted).toEqual([]);
    expect(await marked()).toEqual([replaced]);
    expect(await stored(replaced)).toBe(true);

    await passGracePeriod();
    const second = await images.sweep();
    expect(second.deleted).toEqual([replaced]);
    expect(await stored(replaced)).toBe(false);
    expect((await ctx.app.inject({ method: "GET", url: replaced })).statusCode).toBe(404);
    for (const url of [main, block, cover]) expect(await stored(url), url).toBe(true);
    expect(await marked()).toEqual([]);
  });

  it("leaves an image uploaded for a form not saved yet alone, and uploading it again starts its grace period over", async () => {
    const { images } = ctx.app.services;
    const pending = await upload();
    await images.sweep();
    expect(await marked()).toContain(pending);

    // Days later the admin picks the same picture again (same bytes, same name): it is wanted again.
    await passGracePeriod();
    const original = await ctx.storage.readObject(pending.replace(/^\/uploads\//, ""));
    expect(await uploadPng(ctx, original ?? Buffer.alloc(0))).toBe(pending);
    expect(await marked()).not.toContain(pending);

    expect((await images.sweep()).deleted).toEqual([]);
    expect(await stored(pending)).toBe(true);
    await ctx.database.db.delete(imageOrphans);
  });

  it("forgets the mark of an image that content names again before its grace period is over", async () => {
    const { images } = ctx.app.services;
    const logo = await upload();
    await images.sweep();
    expect(await marked()).toContain(logo);
    await newPartner(logo);
    await passGracePeriod();
    expect((await images.sweep()).deleted).not.toContain(logo);
    expect(await marked()).not.toContain(logo);
    expect(await stored(logo)).toBe(true);
  });

  it("counts an image as named when a row gives its absolute address (a CDN's) or the address of one of its variants", async () => {
    const { images } = ctx.app.services;
    const [logo, banner] = [await upload(), await upload()];
    const cdnLogo = `https://images.example.com/marine${logo.slice("/uploads".length)}`;
    await newPartner(cdnLogo);
    const variant = imageVariants(banner)[0]?.url ?? "";
    expect(variant).toMatch(/w\.webp$/);
    await newCategory(`https://images.example.com${variant}`);
    await images.sweep();
    await passGracePeriod();
    const { deleted } = await images.sweep();
    expect(deleted).not.toContain(logo);
    expect(deleted).not.toContain(banner);
    expect(await stored(logo)).toBe(true);
    expect(await stored(banner)).toBe(true);
  });
});

describe("the hashes the sweep reads", () => {
  withStorage("disk", (opened) => {
    ctx = opened;
  });

  it("come once each from the image columns, however many rows name the same image", async () => {
    const [logo, other] = [await upload(), await upload()];
    for (let i = 0; i < 3; i += 1) await newPartner(logo);
    await newCategory(other);
    const result = (await ctx.database.db.execute(referencedHashesQuery())) as unknown as { rows: { hash: string }[] };
    const hashes = result.rows.map((row) => row.hash);
    expect(hashes).toHaveLength(new Set(hashes).size);
    expect(hashes).toEqual(expect.arrayContaining([logo, other].map((url) => parseUploadUrl(url)?.hash)));
  });

  it("ignore an address written outside an image column (a description quoting it names no picture)", async () => {
    const { images } = ctx.app.services;
    const quoted = await upload();
    const created = await ctx.call("POST", "/categories", {
      slug: `quoted-${colour}`,
      nameFr: "Citée",
      nameEn: "Quoted",
      descriptionFr: `Voir ${quoted}`,
      descriptionEn: `See ${quoted}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    await images.sweep();
    expect(await marked()).toContain(quoted);
  });
});
