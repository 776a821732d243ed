import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { imageDimensions } from "@shared/images";
import { CONTENT_BLOCK_TYPES } from "@shared/schemas/content-block";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { copyTemplate } from "../../test/template-db";
import { type Database, openDatabase } from "../db/client";
import { banners, categories, contentBlocks, partners, productCertifications, productDocuments, products } from "../db/schema/index";
import { createCertificationService } from "../services/certifications";
import { createDiskStorage } from "../services/storage/disk";
import type { ImageStorage } from "../services/storage/types";
import { DEMO_CATEGORY_SLUGS } from "./content";
import { DEMO_IMAGES_DIR, demoImageFiles, readDemoManifest } from "./demo-images";
import { seedDemoContent } from "./index";

let dataDir: string;
let database: Database;
let storage: ImageStorage;
let uploadsRoot: string;

beforeAll(async () => {
  dataDir = copyTemplate(inject("pgliteTemplate"));
  database = await openDatabase({ dataDir });
  uploadsRoot = path.join(dataDir, "uploads");
  storage = createDiskStorage(uploadsRoot);
});

afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function counts() {
  const { db } = database;
  const [c, p, b, bl, pa] = await Promise.all([
    db.select().from(categories),
    db.select().from(products),
    db.select().from(contentBlocks),
    db.select().from(banners),
    db.select().from(partners),
  ]);
  return { categories: c.length, products: p.length, blocks: b.length, banners: bl.length, partners: pa.length };
}

const fileOf = (url: string) => path.join(uploadsRoot, url.replace(/^\/uploads\//, ""));

describe("seedDemoContent", () => {
  it("fills an empty database once, even when two seeds start together, with the three categories, every block type, a default banner and partners", async () => {
    const results = await Promise.all([seedDemoContent(database.db, storage), seedDemoContent(database.db, storage)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const { db } = database;

    const categoryRows = await db.select().from(categories);
    expect(categoryRows.map((c) => c.slug).sort()).toEqual([...DEMO_CATEGORY_SLUGS].sort());
    for (const category of categoryRows) {
      expect(category.descriptionFr.length).toBeGreaterThan(50);
      expect(category.descriptionEn.length).toBeGreaterThan(50);
    }

    const productRows = await db.select().from(products);
    expect(productRows.length).toBeGreaterThanOrEqual(9);
    expect(new Set(productRows.map((p) => p.slug)).size).toBe(productRows.length);
    expect(productRows.filter((p) => !p.isActive)).toHaveLength(1);
    for (const category of categoryRows) expect(productRows.filter((p) => p.categoryId === category._id).length).toBeGreaterThanOrEqual(3);

    const blockRows = await db.select().from(contentBlocks);
    expect(new Set(blockRows.map((b) => b.type))).toEqual(new Set(CONTENT_BLOCK_TYPES));
    for (const product of productRows) {
      const own = blockRows.filter((b) => b.productId === product._id).sort((a, b) => a.order - b.order);
      expect(own.map((b) => b.order)).toEqual(own.map((_, i) => i));
      expect(own.some((b) => b.type === "text")).toBe(true);
      const table = own.find((b) => b.type === "table");
      expect(table?.tableData?.fr.headers).toEqual(["Paramètre", "Valeur", "Méthode"]);
      expect(table?.tableData?.en.headers).toEqual(["Parameter", "Value", "Method"]);
      expect(table?.tableData?.en.rows.length).toBeGreaterThanOrEqual(5);
    }

    const bannerRows = await db.select().from(banners);
    expect(bannerRows).toHaveLength(1);
    expect(bannerRows[0]).toMatchObject({ isDefault: true, isActive: true });

    const partnerRows = await db.select().from(partners);
    expect(partnerRows.length).toBeGreaterThanOrEqual(4);
    expect(partnerRows.map((p) => p.orderIndex).sort()).toEqual(partnerRows.map((_, i) => i));
  }, 120_000);

  it("attaches realistic certifications to demo products, one of them expiring within 30 days (the dashboard warns)", async () => {
    const services = createCertificationService(database.db);
    const list = (await services.list({ limit: 50 })).items;
    expect(list.map((c) => c.nameEn)).toEqual(expect.arrayContaining(["Organic (EU)", "Halal"]));
    for (const certification of list) expect(certification.productCount).toBeGreaterThan(0);
    expect(list.filter((c) => c.status === "expiring")).toHaveLength(1);
    expect((await services.warnings()).map((w) => w.status)).toEqual(["expiring"]);
    const links = await database.db.select().from(productCertifications);
    expect(links.length).toBeGreaterThanOrEqual(6);
  });

  it("stores every image it references on disk", async () => {
    const { db } = database;
    const [categoryRows, productRows, blockRows, bannerRows, partnerRows] = await Promise.all([
      db.select().from(categories),
      db.select().from(products),
      db.select().from(contentBlocks),
      db.select().from(banners),
      db.select().from(partners),
    ]);
    const urls = [
      ...categoryRows.map((c) => c.coverImageUrl),
      ...productRows.map((p) => p.mainImageUrl),
      ...blockRows.flatMap((b) => (b.imageUrl ? [b.imageUrl] : [])),
      ...bannerRows.flatMap((b) => [b.imageUrlFr, b.imageUrlEn, b.imageUrlFrMobile ?? "", b.imageUrlEnMobile ?? ""]),
      ...partnerRows.map((p) => p.logoUrl),
    ];
    expect(urls.length).toBeGreaterThan(20);
    for (const url of urls) {
      expect(url).toMatch(/^\/uploads\/algues\//);
      expect(existsSync(fileOf(url)), url).toBe(true);
    }
    const [banner] = bannerRows;
    expect(banner?.imageUrlFr).not.toBe(banner?.imageUrlEn);
    expect(banner?.imageUrlFrMobile).not.toBe(banner?.imageUrlEnMobile);
  });

  it("does nothing on a database that already has content", async () => {
    const before = await counts();
    expect(await seedDemoContent(database.db, storage)).toBe(false);
    expect(await counts()).toEqual(before);
  });
});

describe("the committed demo images (scripts/demo-images/)", () => {
  it("hold every file of every image the manifest names (original and variants) and nothing else", async () => {
    const urls = Object.values(await readDemoManifest());
    const expected = urls.flatMap(demoImageFiles).sort();
    expect(readdirSync(DEMO_IMAGES_DIR).sort()).toEqual(expected);
  });

  it("are WebP or AVIF files whose pixel size is the one their name gives, and stay small", async () => {
    let total = 0;
    for (const url of Object.values(await readDemoManifest())) {
      const [original = "", ...variants] = demoImageFiles(url);
      const metadata = await sharp(path.join(DEMO_IMAGES_DIR, original)).metadata();
      expect(metadata.format, original).toBe("webp");
      expect({ width: metadata.width, height: metadata.height }, original).toEqual(imageDimensions(url));
      for (const name of variants) {
        const variant = await sharp(path.join(DEMO_IMAGES_DIR, name)).metadata();
        expect(variant.format, name).toBe(name.endsWith(".avif") ? "heif" : "webp");
        expect(variant.width, name).toBe(Number(/-(\d+)w\./.exec(name)?.[1]));
      }
      total += [original, ...variants].reduce((sum, name) => sum + readFileSync(path.join(DEMO_IMAGES_DIR, name)).length, 0);
    }
    expect(total).toBeLessThan(2 * 1024 * 1024);
  });

  it("are what the seeding stored, byte for byte, under the URLs the demo content uses", async () => {
    const { db } = database;
    const stored = new Set([
      ...(await db.select().from(products)).map((p) => p.mainImageUrl),
      ...(await db.select().from(partners)).map((p) => p.logoUrl),
      ...(await db.select().from(categories)).map((c) => c.coverImageUrl),
    ]);
    const urls = Object.values(await readDemoManifest());
    for (const url of stored) expect(urls).toContain(url);
    for (const url of urls) {
      for (const name of demoImageFiles(url)) {
        expect(readFileSync(path.join(uploadsRoot, "algues", name)).equals(readFileSync(path.join(DEMO_IMAGES_DIR, name))), name).toBe(
          true,
        );
      }
    }
  });
});

describe("demo documents (decision 0109)", () => {
  it("gives demo products small generated PDFs: data sheets in French and English, a safety data sheet, an on-request certificate of analysis", async () => {
    await seedDemoContent(database.db, storage);
    const rows = await database.db.select().from(productDocuments);
    const kinds = rows.map((row) => `${row.kind}:${row.language}:${row.visibility}`);
    expect(kinds).toEqual(expect.arrayContaining(["tds:fr:public", "tds:en:public", "sds:both:public", "coa:both:on_request"]));
    for (const row of rows) {
      expect(row.sizeBytes).toBeLessThan(8 * 1024);
      const opened = await storage.openDocument(row.contentHash);
      expect(opened?.size, row.fileName).toBe(row.sizeBytes);
      opened?.stream.destroy();
    }
  });
});
