import { writeFileSync } from "node:fs";
import path from "node:path";
import { imageVariants, parseUploadUrl } from "@shared/images";
import { LIMITS } from "@shared/limits";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { TestS3 } from "../../test/s3-server";
import { STORAGE_KINDS, withStorage } from "../../test/storage-context";
import { TEST_DATA_KEY, type TestContext } from "../../test/test-app";
import { multipart } from "../../test/uploads";
import { buildApp } from "../app";
import { createS3Storage } from "../services/storage/s3";

let ctx: TestContext;

type Uploaded = { url: string; width: number; height: number };

function upload(file: Parameters<typeof multipart>[0], options: { folder?: string; auth?: boolean } = {}) {
  const body = multipart(file);
  const query = options.folder === undefined ? "?folder=algues" : `?folder=${encodeURIComponent(options.folder)}`;
  return ctx.app.inject({
    method: "POST",
    url: `/api/upload/image${query}`,
    payload: body.payload,
    headers: { ...body.headers, ...(options.auth === false ? {} : ctx.auth) },
  });
}

const get = (url: string) => ctx.app.inject({ method: "GET", url });

function photo(width: number, height: number, colour = { r: 24, g: 76, b: 160 }) {
  return sharp({ create: { width, height, channels: 3, background: colour } });
}

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of ctx.storage.listObjects()) keys.push(key);
  return keys;
}

// Every test runs twice: images on local disk, then in a bucket of a real S3-compatible server (s3rver, its own process).
describe.each(STORAGE_KINDS)("image storage on %s", (kind) => {
  let s3: TestS3 | undefined;
  withStorage(kind, (opened, server) => {
    ctx = opened;
    s3 = server;
  });

  describe("POST /api/upload/image", () => {
    it("re-encodes a PNG, answers 201 with its URL and size, and serves it and its WebP variants as immutable", async () => {
      const png = await photo(2000, 1000).png().toBuffer();
      const response = await upload({ data: png, filename: "algue.png", contentType: "image/png" });
      expect(response.statusCode).toBe(201);
      const body = response.json<Uploaded>();
      expect(body).toEqual({
        url: expect.stringMatching(/^\/uploads\/algues\/[0-9a-f]{16}-2000x1000(-av)?\.png$/),
        width: 2000,
        height: 1000,
      });

      const original = await get(body.url);
      expect(original.statusCode).toBe(200);
      expect(original.headers["content-type"]).toBe("image/png");
      expect(original.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(original.headers["x-content-type-options"]).toBe("nosniff");
      expect(await sharp(original.rawPayload).metadata()).toMatchObject({ format: "png", width: 2000, height: 1000 });

      const variants = imageVariants(body.url);
      expect(variants.map((v) => v.width)).toEqual([480, 960, 1600]);
      for (const variant of variants) {
        const served = await get(variant.url);
        expect(served.statusCode).toBe(200);
        expect(served.headers["content-type"]).toBe("image/webp");
        expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(served.headers["x-content-type-options"]).toBe("nosniff");
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta).toMatchObject({ format: "webp", width: variant.width, height: variant.width / 2 });
      }
    });

    it("turns a JPEG upright by its EXIF orientation and strips every metadata (EXIF, ICC)", async () => {
      const jpeg = await photo(1200, 800)
        .jpeg()
        .withMetadata({ orientation: 6 })
        .withExif({ IFD0: { Artist: "Secret Photographer", Copyright: "GPS 37.27N 9.87E" } })
        .toBuffer();
      const before = await sharp(jpeg).metadata();
      expect(before.orientation).toBe(6);
      expect(before.exif).toBeDefined();

      const response = await upload({ data: jpeg, filename: "photo.jpg", contentType: "image/jpeg" });
      expect(response.statusCode).toBe(201);
      const body = response.json<Uploaded>();
      expect(body.url).toMatch(/^\/uploads\/algues\/[0-9a-f]{16}-800x1200(-av)?\.jpg$/);
      expect(body).toMatchObject({ width: 800, height: 1200 });

      const served = await get(body.url);
      expect(served.headers["content-type"]).toBe("image/jpeg");
      const after = await sharp(served.rawPayload).metadata();
      expect(after).toMatchObject({ format: "jpeg", width: 800, height: 1200 });
      expect(after.exif).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from("Secret Photographer"))).toBe(false);
      expect(imageVariants(body.url).map((v) => v.width)).toEqual([480]);
      for (const variant of [...imageVariants(body.url), ...imageVariants(body.url, "avif")]) {
        const meta = await sharp((await get(variant.url)).rawPayload).metadata();
        expect(meta).toMatchObject({ width: 480, height: 720 });
        expect(meta.exif).toBeUndefined();
      }
    });

    it("adds AVIF variants, served as image/avif, when they are smaller than the WebP ones, and marks the name", async () => {
      const response = await upload({ data: await photo(1200, 800).jpeg().toBuffer(), filename: "avif.jpg", contentType: "image/jpeg" });
      const body = response.json<Uploaded>();
      const webpBytes = await Promise.all(imageVariants(body.url).map(async (v) => (await get(v.url)).rawPayload.length));
      const avif = imageVariants(body.url, "avif");
      // A photograph: AVIF wins.
      expect(parseUploadUrl(body.url)?.avif).toBe(true);
      expect(avif.map((v) => v.width)).toEqual([480, 960]);
      let avifTotal = 0;
      for (const variant of avif) {
        const served = await get(variant.url);
        expect(served.statusCode).toBe(200);
        expect(served.headers["content-type"]).toBe("image/avif");
        expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: "heif", width: variant.width });
        avifTotal += served.rawPayload.length;
      }
      expect(avifTotal).toBeLessThan(webpBytes.reduce((a, b) => a + b, 0));
    });

    it("gives the same bytes the same content-hashed name", async () => {
      const png = await photo(640, 480, { r: 0, g: 89, b: 46 }).png().toBuffer();
      const first = (await upload({ data: png, filename: "a.png", contentType: "image/png" })).json<Uploaded>();
      const second = (await upload({ data: png, filename: "b-renamed.png", contentType: "image/png" })).json<Uploaded>();
      expect(second.url).toBe(first.url);
      const other = (
        await upload({
          data: await photo(640, 480, { r: 206, g: 86, b: 25 }).png().toBuffer(),
          filename: "a.png",
          contentType: "image/png",
        })
      ).json<Uploaded>();
      expect(other.url).not.toBe(first.url);
    });

    it("never upscales: an image narrower than every width has no variant", async () => {
      const small = await photo(300, 200).webp().toBuffer();
      const body = (await upload({ data: small, filename: "small.webp", contentType: "image/webp" })).json<Uploaded>();
      expect(body.url).toMatch(/-300x200\.webp$/);
      expect(imageVariants(body.url)).toEqual([]);
      const hash = parseUploadUrl(body.url)?.hash ?? "";
      expect((await storedKeys()).filter((key) => key.startsWith(`algues/${hash}`))).toEqual([`algues/${path.basename(body.url)}`]);
    });

    it.each([
      ["GIF (first frame)", () => photo(100, 80).gif().toBuffer(), "image/gif", "webp"],
      ["TIFF", () => photo(100, 80).tiff().toBuffer(), "image/tiff", "webp"],
      ["AVIF", () => photo(100, 80).avif().toBuffer(), "image/avif", "webp"],
      ["WebP", () => photo(100, 80).webp().toBuffer(), "image/webp", "webp"],
    ])("accepts a %s and keeps a web format", async (_label, make, contentType, ext) => {
      const response = await upload({ data: await make(), filename: "image", contentType });
      expect(response.statusCode).toBe(201);
      expect(response.json<Uploaded>().url).toMatch(new RegExp(`-100x80\\.${ext}$`));
    });

    it("judges the bytes, not the declared type: a text file named .png is refused with 415", async () => {
      const response = await upload({
        data: Buffer.from("just some text, not a picture\n".repeat(20)),
        filename: "fake.png",
        contentType: "image/png",
      });
      expect(response.statusCode).toBe(415);
      expect(response.json<{ error: string }>().error).toMatch(/image/i);
    });

    it("refuses an SVG with 415, even one that declares itself as PNG", async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      );
      expect((await upload({ data: svg, filename: "logo.svg", contentType: "image/svg+xml" })).statusCode).toBe(415);
      expect((await upload({ data: svg, filename: "logo.png", contentType: "image/png" })).statusCode).toBe(415);
    });

    it("refuses a truncated image with 415", async () => {
      const png = await photo(400, 300).png().toBuffer();
      expect((await upload({ data: png.subarray(0, png.length / 2), filename: "broken.png", contentType: "image/png" })).statusCode).toBe(
        415,
      );
    });

    it("refuses a file over 10 MB with 413 and stores nothing", async () => {
      const before = (await storedKeys()).length;
      const big = Buffer.alloc(LIMITS.uploadMaxBytes + 1024, 0xff);
      const response = await upload({ data: big, filename: "huge.jpg", contentType: "image/jpeg" });
      expect(response.statusCode).toBe(413);
      expect(response.json<{ error: string }>().error).toMatch(/10/);
      expect((await storedKeys()).length).toBe(before);
    });

    it.each(["../etc", "other", "algues/../..", ""])("refuses the folder %j with 400", async (folder) => {
      const png = await photo(10, 10).png().toBuffer();
      const response = await upload({ data: png, filename: "x.png", contentType: "image/png" }, { folder });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty("error");
    });

    it("answers 401 without a token", async () => {
      const png = await photo(10, 10).png().toBuffer();
      const response = await upload({ data: png, filename: "x.png", contentType: "image/png" }, { auth: false });
      expect(response.statusCode).toBe(401);
    });

    it("answers 400 when the request has no image field or is not multipart", async () => {
      const png = await photo(10, 10).png().toBuffer();
      expect((await upload({ data: png, filename: "x.png", contentType: "image/png", field: "file" })).statusCode).toBe(400);
      const json = await ctx.app.inject({
        method: "POST",
        url: "/api/upload/image?folder=algues",
        headers: ctx.auth,
        payload: { image: "x" },
      });
      expect(json.statusCode).toBe(400);
    });
  });

  describe("GET /uploads/*", () => {
    it("serves nothing outside the stored images: no traversal, no listing, no stray or temporary files", async () => {
      await ctx.storage.writeObject("algues/notes.txt", Buffer.from("private"));
      if (ctx.storage.localRoot) writeFileSync(path.join(ctx.storage.localRoot, "algues", ".0123456789abcdef-10x10.png.tmp"), "partial");
      for (const url of [
        "/uploads/..%2f..%2fpglite%2fPG_VERSION",
        "/uploads/..%2F..%2Fetc%2Fpasswd",
        "/uploads/../package.json",
        "/uploads/algues/..%2f..%2f..%2fpackage.json",
        "/uploads/%2e%2e/%2e%2e/package.json",
        "/uploads/algues/",
        "/uploads/",
        "/uploads/algues/notes.txt",
        "/uploads/algues/.0123456789abcdef-10x10.png.tmp",
        "/uploads/algues/0123456789abcdef-10x10.png",
      ]) {
        const response = await get(url);
        expect([400, 403, 404], url).toContain(response.statusCode);
        expect(response.body, url).not.toContain("private");
      }
    });
  });

  describe("deleting an image", () => {
    it("removes the original and every variant, after which none is served; a second deletion finds nothing", async () => {
      const png = await photo(1700, 850, { r: 90, g: 12, b: 200 }).png().toBuffer();
      const { url } = (await upload({ data: png, filename: "gone.png", contentType: "image/png" })).json<Uploaded>();
      expect(imageVariants(url)).toHaveLength(3);
      const urls = [url, ...imageVariants(url).map((v) => v.url), ...imageVariants(url, "avif").map((v) => v.url)];
      for (const u of urls) expect((await get(u)).statusCode).toBe(200);
      const hash = parseUploadUrl(url)?.hash ?? "";
      const others = (await storedKeys()).filter((key) => !key.startsWith(`algues/${hash}`));

      expect(await ctx.storage.deleteImage(url)).toBe(true);
      for (const u of urls) expect((await get(u)).statusCode, u).toBe(404);
      expect(await storedKeys()).toEqual(others);
      expect(await ctx.storage.deleteImage(url)).toBe(false);
    });

    it("ignores addresses it did not make (external or malformed URLs) and deletes nothing", async () => {
      const before = await storedKeys();
      for (const url of ["https://example.com/a.jpg", "/uploads/../package.json", "/uploads/other/0123456789abcdef-10x10.png", ""]) {
        expect(await ctx.storage.deleteImage(url), url).toBe(false);
      }
      expect(await storedKeys()).toEqual(before);
    });
  });

  it.runIf(kind === "s3")("with S3_PUBLIC_URL, answers /uploads/… with a permanent, cacheable redirect to the same key there", async () => {
    if (!s3) throw new Error("no S3 server");
    const storage = createS3Storage({
      bucket: await s3.createBucket(),
      region: "us-east-1",
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
      publicUrl: "https://images.example.com/marine/",
    });
    const app = await buildApp({
      db: ctx.database.db,
      mailer: ctx.mailer,
      storage,
      jwtSecret: "x".repeat(40),
      publicUrl: "http://localhost:3000",
      dataKey: TEST_DATA_KEY,
    });
    try {
      const { url } = await storage.saveImage(await photo(600, 400).jpeg().toBuffer(), "algues");
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe(`https://images.example.com/marine${url.slice("/uploads".length)}`);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect((await app.inject({ method: "GET", url: "/uploads/algues/notes.txt" })).statusCode).toBe(404);
    } finally {
      await app.close();
      storage.close?.();
    }
  });
});
