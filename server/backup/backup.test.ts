import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { imageVariants } from "@shared/images";
import pg from "pg";
import { extract } from "tar";
import { afterAll, describe, expect, it } from "vitest";
import { runCommand } from "../../test/commands";
import { TEST_DATABASE_URL } from "../../test/postgres-db";
import { runCompiled, startServer } from "../../test/server-process";
import { ADMIN, createTestContext, type TestContext } from "../../test/test-app";
import { uploadPicture } from "../../test/uploads";
import { latestMigration } from "../lib/migrations";
import { createBackup } from "./create";
import { type Manifest, manifestSchema } from "./manifest";

const scratch = mkdtempSync(path.join(tmpdir(), "marine-algae-backup-test-"));
const dropDatabases: string[] = [];

afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  for (const name of dropDatabases) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A newly created, empty PostgreSQL database on the test server. */
async function emptyPostgres(): Promise<string> {
  const name = `marine_restore_${randomBytes(5).toString("hex")}`;
  await admin(`CREATE DATABASE ${name}`);
  dropDatabases.push(name);
  const url = new URL(TEST_DATABASE_URL ?? "");
  url.pathname = `/${name}`;
  return url.toString();
}

/** Everything an administrator can see, as the API answers it: what a restore must give back. */
type Snapshot = Record<string, unknown>;

async function snapshot(get: (url: string) => Promise<unknown>, slugs: string[]): Promise<Snapshot> {
  const result: Snapshot = {
    categories: await get("/api/categories"),
    products: await get("/api/products/all"),
    banners: await get("/api/banners"),
    partners: await get("/api/partners"),
    messages: await get("/api/contact/submissions"),
  };
  for (const slug of slugs) result[`product ${slug}`] = await get(`/api/products/${slug}`);
  return result;
}

/** Makes a catalogue with images, blocks, a banner, partners and answered messages through the API. */
async function makeContent(t: TestContext) {
  const images: string[] = [];
  for (const [i, colour] of [
    [0, { r: 20, g: 90, b: 60 }],
    [1, { r: 200, g: 120, b: 40 }],
    [2, { r: 30, g: 60, b: 160 }],
  ] as const) {
    images.push(await uploadPicture(t, { width: 900 + i * 100, height: 600 }, colour));
  }
  const [main, block, logo] = images as [string, string, string];
  const category = await t.call("POST", "/categories", { slug: "les-algues", nameFr: "Les algues", nameEn: "Algae" });
  expect(category.statusCode, category.body).toBe(201);
  const categoryId = category.json<{ _id: string }>()._id;
  const slugs = ["ulva-lactuca", "posidonia"];
  for (const slug of slugs) {
    const product = await t.call("POST", "/products", {
      slug,
      nameFr: `Produit ${slug}`,
      nameEn: `Product ${slug}`,
      shortDescriptionFr: "Récoltée à Bizerte",
      shortDescriptionEn: "Harvested in Bizerte",
      mainImageUrl: main,
      categoryId,
      isActive: true,
      contentBlocks: [
        { type: "text", contentFr: "Texte", contentEn: "Text" },
        { type: "image", imageUrl: block },
        {
          type: "table",
          contentFr: "Analyse",
          contentEn: "Analysis",
          tableData: { headers: ["Élément", "Valeur"], rows: [["Iode", "0,2 %"]] },
        },
      ],
    });
    expect(product.statusCode, product.body).toBe(201);
  }
  const banner = await t.call("POST", "/banners", {
    imageUrlFr: main,
    imageUrlEn: block,
    titleFr: "Algues de Méditerranée",
    titleEn: "Mediterranean algae",
    descriptionFr: "Depuis 2010",
    descriptionEn: "Since 2010",
    isDefault: true,
    isActive: true,
  });
  expect(banner.statusCode, banner.body).toBe(201);
  for (const name of ["Partenaire Un", "Partner Two"]) {
    const partner = await t.call("POST", "/partners", { name, logoUrl: logo, websiteUrl: "https://example.com" });
    expect(partner.statusCode, partner.body).toBe(201);
  }
  const sent = await t.call(
    "POST",
    "/contact",
    { fullName: "Amira Visitor", email: "amira@example.com", phone: "", subject: "Prix", message: "Quel est le prix ?" },
    false,
  );
  expect(sent.statusCode, sent.body).toBe(201);
  const submissions = (await t.call("GET", "/contact/submissions")).json<{ _id: string }[]>();
  const replied = await t.call("POST", `/contact/${submissions[0]?._id}/reply`, { replyMessage: "Bonjour, le prix est..." });
  expect(replied.statusCode, replied.body).toBe(200);
  await t.call("POST", "/contact", { fullName: "Second", email: "b@example.com", phone: "", subject: "Hello", message: "Unread" }, false);

  // Every stored object: originals and their WebP variants.
  const objects: Record<string, Buffer> = {};
  for await (const key of t.app.services.storage.listObjects()) objects[key] = (await t.app.services.storage.readObject(key)) as Buffer;
  return { slugs, images, objects };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

async function readManifest(archive: string): Promise<Manifest> {
  const dir = mkdtempSync(path.join(scratch, "unpacked-"));
  await extract({ file: archive, cwd: dir });
  return manifestSchema.parse(JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")));
}

const engine = TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";

describe(`backup and restore (source on ${engine})`, () => {
  it("backs up content, and restores it into an empty database where a fresh server finds every record and image", async () => {
    const t = await createTestContext();
    const { slugs, objects } = await makeContent(t);
    const get = async (url: string) => (await t.app.inject({ method: "GET", url, headers: t.auth })).json();
    const before = await snapshot(get, slugs);
    const archive = path.join(scratch, "site.tar.gz");
    await createBackup(t.database, t.app.services.storage, archive);
    await t.close(); // the source data directory (or database) is gone

    const manifest = await readManifest(archive);
    expect(manifest).toMatchObject({
      format: "marine-algae-backup",
      schemaVersion: latestMigration().tag,
      uploads: Object.keys(objects).length,
    });
    const rows = Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows]));
    expect(rows).toMatchObject({
      categories: 1,
      products: 2,
      content_blocks: 6,
      banners: 1,
      partners: 2,
      contact_submissions: 2,
      users: 1,
    });
    expect(manifest.tables.findIndex((x) => x.name === "products")).toBeLessThan(
      manifest.tables.findIndex((x) => x.name === "content_blocks"),
    );

    // Into the embedded database always; into PostgreSQL too when the suite has one (a backup crosses engines).
    const targets: { name: string; env: Record<string, string> }[] = [{ name: "PGlite", env: {} }];
    if (TEST_DATABASE_URL) targets.push({ name: "PostgreSQL", env: { DATABASE_URL: await emptyPostgres() } });
    for (const target of targets) {
      const dataDir = mkdtempSync(path.join(scratch, "restored-"));
      // The compiled command once; the other runs are the same code in this process (runCommand).
      const restore = target.name === "PGlite" ? runCompiled : runCommand;
      const restored = await restore("restore", [archive], dataDir, target.env);
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toMatch(/Restored .* schema 0000|Restored/);

      const server = await startServer(dataDir, target.env);
      try {
        const login = await fetch(`${server.url}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(ADMIN),
        });
        expect(login.status, `${target.name}: the administrator is restored`).toBe(200);
        const auth = { authorization: `Bearer ${(await login.json()).token}` };
        const after = await snapshot(async (url) => (await fetch(`${server.url}${url}`, { headers: auth })).json(), slugs);
        expect(after, target.name).toEqual(before);
        for (const [key, bytes] of Object.entries(objects)) {
          const response = await fetch(`${server.url}/uploads/${key}`);
          expect(response.status, `${target.name}: /uploads/${key}`).toBe(200);
          expect(Buffer.from(await response.arrayBuffer()).equals(bytes), `${target.name}: bytes of ${key}`).toBe(true);
        }
      } finally {
        expect(await server.stop()).toBe(0);
      }

      const again = await runCommand("restore", [archive], dataDir, target.env);
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/Restore refused: The database is not empty \(rows in/);

      // The compiled backup command reads the restored site back into an archive holding the same rows.
      const second = path.join(scratch, `again-${target.name}.tar.gz`);
      const backedUp = await runCommand("backup", [second], dataDir, target.env);
      expect(backedUp.code, backedUp.output).toBe(0);
      expect(backedUp.output).toMatch(/Backup written to/);
      const secondManifest = await readManifest(second);
      // Except settings: the restored server stored the signing key it generated (the test server had its own).
      const withoutSettings = (tables: Manifest["tables"]) => tables.filter((table) => table.name !== "settings");
      expect(withoutSettings(secondManifest.tables)).toEqual(withoutSettings(manifest.tables));
      expect(secondManifest.uploads).toBe(manifest.uploads);
    }

    const withImage = mkdtempSync(path.join(scratch, "with-image-"));
    const [someKey, someBytes] = Object.entries(objects)[0] as [string, Buffer];
    await mkdir(path.join(withImage, "uploads", path.dirname(someKey)), { recursive: true });
    await writeFile(path.join(withImage, "uploads", someKey), someBytes);
    const refused = await runCommand("restore", [archive], withImage);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/Restore refused: The image storage is not empty/);
  }, 240_000);

  it("leaves out the uploads no image column names, with their variants, and counts them in the manifest", async () => {
    const t = await createTestContext();
    try {
      const named = await uploadPicture(t, { width: 800, height: 500 }, { r: 10, g: 200, b: 90 });
      const unsaved = await uploadPicture(t, { width: 800, height: 500 }, { r: 210, g: 30, b: 90 });
      const partner = await t.call("POST", "/partners", { name: "Partenaire", logoUrl: named, websiteUrl: "https://example.com" });
      expect(partner.statusCode, partner.body).toBe(201);
      const archive = path.join(scratch, "leaves-out.tar.gz");
      const manifest = await createBackup(t.database, t.app.services.storage, archive);

      const dir = mkdtempSync(path.join(scratch, "leaves-out-"));
      await extract({ file: archive, cwd: dir });
      const archived = await listFiles(path.join(dir, "uploads"));
      const keys = (url: string) => [url, ...imageVariants(url).map((v) => v.url)].map((u) => u.replace(/^\/uploads\//, ""));
      expect(keys(named).length).toBeGreaterThan(1);
      expect(archived.sort()).toEqual(keys(named).sort());
      expect(manifest).toMatchObject({ uploads: keys(named).length, unreferencedImages: 1 });
      for (const key of keys(unsaved)) expect(await t.app.services.storage.readObject(key), key).not.toBeNull();
    } finally {
      await t.close();
    }
  });

  it("refuses a file that is not a backup, and says how to call it without an archive", async () => {
    const dataDir = mkdtempSync(path.join(scratch, "bad-"));
    const notArchive = path.join(scratch, "notes.txt");
    await writeFile(notArchive, "hello");
    const refused = await runCommand("restore", [notArchive], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/Restore refused: .* is not a readable \.tar\.gz backup/);

    const missing = await runCompiled("restore", [], dataDir);
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(/Usage: npm run restore ARCHIVE/);
  }, 60_000);
});
