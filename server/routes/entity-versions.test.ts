import { rm } from "node:fs/promises";
import path from "node:path";
import type { ErrorBody } from "@shared/error-codes";
import type { Category } from "@shared/schemas/category";
import type { HistoryEntry } from "@shared/schemas/history";
import type { Product, ProductInput } from "@shared/schemas/product";
import type { VersionDetail, VersionEntry } from "@shared/schemas/versions";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { entityVersions } from "../db/schema/index";

let ctx: TestContext;
let category: Category;
let seq = 0;
const IMAGE = "/uploads/algues/version-test.webp";

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.storage.writeObject("algues/version-test.webp", Buffer.from("RIFF0000WEBP"));
  category = await ok<Category>(ctx.call("POST", "/categories", { slug: "versions-cat", nameFr: "Algues", nameEn: "Algae" }), 201);
});
afterAll(() => ctx.close());

async function ok<T>(response: Promise<{ statusCode: number; body: string; json<U>(): U }>, status = 200): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json<T>();
}

function productInput(overrides: Partial<ProductInput> = {}): ProductInput {
  seq += 1;
  return {
    slug: `version-produit-${seq}`,
    nameFr: `Produit ${seq}`,
    nameEn: `Product ${seq}`,
    shortDescriptionFr: "Court",
    shortDescriptionEn: "Short",
    mainImageUrl: IMAGE,
    categoryId: category._id,
    contentBlocks: [
      { type: "text", contentFr: "Premier", contentEn: "First" },
      { type: "image", contentFr: "", contentEn: "", imageUrl: IMAGE },
    ],
    ...overrides,
  };
}

const editable = (p: Product): ProductInput => ({
  ...productInput(),
  slug: p.slug,
  nameFr: p.nameFr,
  nameEn: p.nameEn,
  mainImageUrl: p.mainImageUrl,
  contentBlocks: p.contentBlocks,
  version: p.version,
});

/** The fields and blocks a restore must bring back (ids of blocks may be new, versions and times move). */
const content = (p: Product) => ({
  slug: p.slug,
  nameFr: p.nameFr,
  nameEn: p.nameEn,
  mainImageUrl: p.mainImageUrl,
  isActive: p.isActive,
  blocks: p.contentBlocks.map((b) => ({
    type: b.type,
    contentFr: b.contentFr,
    contentEn: b.contentEn,
    imageUrl: b.imageUrl,
    order: b.order,
  })),
});

async function newProduct(): Promise<Product> {
  return ok<Product>(ctx.call("POST", "/products", productInput()), 201);
}

async function rename(product: Product, nameFr: string, extra: Partial<ProductInput> = {}): Promise<Product> {
  return ok<Product>(ctx.call("PUT", `/products/${product._id}`, { ...editable(product), nameFr, ...extra }));
}

describe("product versions", () => {
  it("stores a version per write (create, update, active switch, block edit), newest first, with who wrote it", async () => {
    const created = await newProduct();
    const renamed = await rename(created, "Nouveau nom");
    await ok(ctx.call("PATCH", `/products/${created._id}`, { isActive: false }));
    await ok(ctx.call("POST", `/products/${created._id}/content-blocks`, { type: "text", contentFr: "Ajout", contentEn: "Added" }), 201);
    const list = await ctx.call("GET", `/versions/product/${created._id}`);
    expect(list.statusCode).toBe(200);
    const entries = list.json<VersionEntry[]>();
    expect(entries.map((e) => e.version)).toEqual([4, 3, 2, 1]);
    expect(entries.every((e) => e.email === "admin@test.local")).toBe(true);
    expect(list.headers["x-total-count"]).toBe("4");
    const detail = await ok<VersionDetail>(ctx.call("GET", `/versions/product/${created._id}/2`));
    expect(detail.snapshot).toMatchObject({ nameFr: "Nouveau nom", version: renamed.version });
    expect(detail.current).toMatchObject({ version: 4, isActive: false });
  });

  it("names each version's author by the name their account gives (Mon compte), else by the e-mail kept alone", async () => {
    const product = await newProduct();
    const unnamed = await ok<VersionEntry[]>(ctx.call("GET", `/versions/product/${product._id}`));
    expect(unnamed.map((e) => [e.email, e.name])).toEqual([["admin@test.local", null]]);
    await ok(ctx.call("PUT", "/auth/signature", { name: "Sami Trabelsi", title: "", phone: "" }));
    await rename(product, "Signé");
    const named = await ok<VersionEntry[]>(ctx.call("GET", `/versions/product/${product._id}`));
    // The name is the account's now: both versions, the older one included.
    expect(named.map((e) => [e.version, e.email, e.name])).toEqual([
      [2, "admin@test.local", "Sami Trabelsi"],
      [1, "admin@test.local", "Sami Trabelsi"],
    ]);
    expect((await ok<VersionDetail>(ctx.call("GET", `/versions/product/${product._id}/1`))).name).toBe("Sami Trabelsi");
    await ok(ctx.call("PUT", "/auth/signature", { name: "", title: "", phone: "" }));
  });

  it("lists versions page by page with a next link, and refuses a cursor it did not make", async () => {
    let product = await newProduct();
    for (const name of ["A", "B", "C"]) product = await rename(product, name);
    const first = await ctx.call("GET", `/versions/product/${product._id}?limit=3`);
    expect(first.json<VersionEntry[]>().map((e) => e.version)).toEqual([4, 3, 2]);
    const next = /^<\/api(\/versions[^>]*)>; rel="next"$/.exec(String(first.headers.link))?.[1];
    expect(next).toBeDefined();
    const second = await ctx.call("GET", next ?? "");
    expect(second.json<VersionEntry[]>().map((e) => e.version)).toEqual([1]);
    expect(second.headers.link).toBeUndefined();
    const bad = await ctx.call("GET", `/versions/product/${product._id}?cursor=nope`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().code).toBe("page.invalid_cursor");
  });

  it("restores an old version as a new one equal to it (fields and blocks), recorded as a restore with its changes", async () => {
    const original = await newProduct();
    const changed = await rename(original, "Changé", {
      slug: `${original.slug}-bis`,
      contentBlocks: [{ type: "text", contentFr: "Autre", contentEn: "Other" }],
    });
    const restored = await ok<Product>(ctx.call("POST", `/versions/product/${original._id}/1/restore`, { version: changed.version }));
    expect(restored.version).toBe(3);
    expect(content(restored)).toEqual(content(original));
    const stored = await ok<Product>(ctx.call("GET", `/products/id/${original._id}`));
    expect(content(stored)).toEqual(content(original));
    const newest = await ok<VersionDetail>(ctx.call("GET", `/versions/product/${original._id}/3`));
    expect(newest.snapshot).toMatchObject({ nameFr: original.nameFr, slug: original.slug });
    const history = await ok<HistoryEntry[]>(ctx.call("GET", "/history?type=product&limit=200"));
    const row = history.find((h) => h.entityId === original._id);
    expect(row).toMatchObject({ action: "restore", entityType: "product", label: original.nameFr });
    expect(row?.changes).toContainEqual({ field: "nameFr", before: "Changé", after: original.nameFr });
  });

  it("refuses a restore based on a stale version with 409 and the stored product", async () => {
    const product = await newProduct();
    await rename(product, "Un");
    const stale = await ctx.call("POST", `/versions/product/${product._id}/1/restore`, { version: product.version });
    expect(stale.statusCode).toBe(409);
    const body = stale.json<ErrorBody & { details: { current: Product } }>();
    expect(body.code).toBe("edit_conflict");
    expect(body.details.current.nameFr).toBe("Un");
  });

  it("refuses a restore whose old slug is now another product's (409 slug_taken) and changes nothing", async () => {
    const product = await newProduct();
    const moved = await rename(product, "Déplacé", { slug: `${product.slug}-nouveau` });
    await ok(ctx.call("POST", "/products", productInput({ slug: product.slug })), 201);
    const refused = await ctx.call("POST", `/versions/product/${product._id}/1/restore`, { version: moved.version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().code).toBe("slug_taken");
    const stored = await ok<Product>(ctx.call("GET", `/products/id/${product._id}`));
    expect(content(stored)).toEqual(content(moved));
    expect(stored.version).toBe(moved.version);
    expect((await ctx.call("GET", `/versions/product/${product._id}`)).json<VersionEntry[]>()).toHaveLength(2);
  });

  it("refuses a restore naming an image deleted since (422 version.unusable) and changes nothing", async () => {
    await ctx.storage.writeObject("algues/gone.webp", Buffer.from("RIFF0000WEBP"));
    const product = await ok<Product>(ctx.call("POST", "/products", productInput({ mainImageUrl: "/uploads/algues/gone.webp" })), 201);
    const changed = await rename(product, "Sans", { mainImageUrl: IMAGE });
    await rm(path.join(ctx.dataDir, "uploads", "algues", "gone.webp"));
    expect(await ctx.storage.readObject("algues/gone.webp")).toBeNull();
    const refused = await ctx.call("POST", `/versions/product/${product._id}/1/restore`, { version: changed.version });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ErrorBody>().code).toBe("version.unusable");
    expect((await ok<Product>(ctx.call("GET", `/products/id/${product._id}`))).nameFr).toBe("Sans");
  });

  it("answers 404 for a version not kept, and 400 for an unknown type", async () => {
    const product = await newProduct();
    const missing = await ctx.call("GET", `/versions/product/${product._id}/9`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorBody>()).toMatchObject({ code: "not_found", params: { item: "version" } });
    expect((await ctx.call("POST", `/versions/product/${product._id}/9/restore`, { version: 1 })).statusCode).toBe(404);
    expect((await ctx.call("GET", `/versions/user/${product._id}`)).statusCode).toBe(400);
  });

  it("keeps the newest versions of each entity when pruned", async () => {
    let product = await newProduct();
    for (let i = 0; i < 3; i += 1) product = await rename(product, `Nom ${i}`);
    expect(await ctx.app.services.versions.prune()).toBeGreaterThanOrEqual(0);
    expect((await ctx.call("GET", `/versions/product/${product._id}`)).json<VersionEntry[]>()).toHaveLength(4);
  });
});

describe("version routes are admin routes", () => {
  it("answers 401 without a session, before reading the body", async () => {
    const id = "7b0c7f5e-4f3a-4c55-9a55-3c1f7e0b2d11";
    expect((await ctx.call("GET", `/versions/product/${id}`, undefined, false)).statusCode).toBe(401);
    expect((await ctx.call("GET", `/versions/product/${id}/1`, undefined, false)).statusCode).toBe(401);
    expect((await ctx.call("POST", `/versions/product/${id}/1/restore`, { version: 1 }, false)).statusCode).toBe(401);
  });
});

type Versioned = { _id: string; version: number } & Record<string, unknown>;

/** Creates with `input`, changes `field`, restores version 1: the restored item has the old value as version 3. */
async function roundTrip(path: string, type: string, input: Record<string, unknown>, field: string, changed: unknown) {
  const created = await ok<Versioned>(ctx.call("POST", path, input), 201);
  const edited = await ok<Versioned>(ctx.call("PUT", `${path}/${created._id}`, { ...input, [field]: changed, version: created.version }));
  expect(edited[field]).toEqual(changed);
  const stale = await ctx.call("POST", `/versions/${type}/${created._id}/1/restore`, { version: created.version });
  expect(stale.statusCode).toBe(409);
  const restored = await ok<Versioned>(ctx.call("POST", `/versions/${type}/${created._id}/1/restore`, { version: edited.version }));
  expect(restored[field]).toEqual(created[field]);
  expect(restored.version).toBe(edited.version + 1);
  const entries = (await ctx.call("GET", `/versions/${type}/${created._id}`)).json<VersionEntry[]>();
  expect(entries.map((e) => e.version)).toEqual([restored.version, edited.version, created.version]);
  const history = await ok<HistoryEntry[]>(ctx.call("GET", `/history?type=${type}&limit=200`));
  expect(history.find((h) => h.entityId === created._id)).toMatchObject({ action: "restore" });
  return created;
}

const doc = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

describe("versions of the other resources", () => {
  it("a category: restored with its old name, stale restore refused", async () => {
    await roundTrip("/categories", "category", { slug: "versions-cat-2", nameFr: "Ancien", nameEn: "Old" }, "nameFr", "Nouveau");
  });

  it("a banner: restored with its old title", async () => {
    const input = { imageUrlFr: IMAGE, imageUrlEn: IMAGE, titleFr: "Été", titleEn: "Summer", descriptionFr: "D", descriptionEn: "D" };
    await roundTrip("/banners", "banner", input, "titleFr", "Hiver");
  });

  it("a partner: restored with its old site address", async () => {
    const input = { name: "Partenaire V", logoUrl: IMAGE, websiteUrl: "https://example.com/a" };
    await roundTrip("/partners", "partner", input, "websiteUrl", "https://example.com/b");
  });

  it("a page: restored with its old rich text body", async () => {
    const input = { slugFr: "page-v", slugEn: "page-v-en", titleFr: "Page", titleEn: "Page", bodyFr: doc("Avant"), bodyEn: doc("Before") };
    await roundTrip("/pages", "page", input, "bodyFr", doc("Après"));
  });

  it("a page whose old slug is now another page's: 409 slug_taken", async () => {
    const input = { slugFr: "page-w", slugEn: "page-w-en", titleFr: "Page", titleEn: "Page", bodyFr: doc("A"), bodyEn: doc("A") };
    const page = await ok<Versioned>(ctx.call("POST", "/pages", input), 201);
    const moved = await ok<Versioned>(ctx.call("PUT", `/pages/${page._id}`, { ...input, slugFr: "page-w2", version: 1 }));
    await ok(ctx.call("POST", "/pages", { ...input, slugEn: "page-x-en" }), 201);
    const refused = await ctx.call("POST", `/versions/page/${page._id}/1/restore`, { version: moved.version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().code).toBe("slug_taken");
  });

  it("the settings: one document under the id 'site', restored whole", async () => {
    type Stored = Versioned & { home: { hero: { fr: string } }; updatedAt?: string };
    const first = await ok<Stored>(ctx.call("GET", "/settings"));
    const { updatedAt: _u, ...input } = first;
    const v1 = await ok<Stored>(ctx.call("PUT", "/settings", { ...input, home: { ...input.home, hero: { fr: "Un", en: "One" } } }));
    const v2 = await ok<Stored>(
      ctx.call("PUT", "/settings", { ...input, home: { ...input.home, hero: { fr: "Deux", en: "Two" } }, version: v1.version }),
    );
    const detail = await ok<VersionDetail>(ctx.call("GET", `/versions/settings/site/${v1.version}`));
    expect(detail.current).toMatchObject({ version: v2.version });
    const restored = await ok<Stored>(ctx.call("POST", `/versions/settings/site/${v1.version}/restore`, { version: v2.version }));
    expect(restored.home.hero.fr).toBe("Un");
    expect((await ctx.call("POST", `/versions/settings/other/${v1.version}/restore`, { version: v2.version })).statusCode).toBe(404);
  });
});

describe("items written before versions were kept", () => {
  it("keep the version their first edit replaces, so it can be restored (a seeded legal page)", async () => {
    const [seeded] = (await ctx.app.services.pages.list({ limit: 50 })).items.filter((p) => p.key !== null);
    if (!seeded) throw new Error("no seeded page");
    const page = await ok<Versioned & { titleFr: string }>(ctx.call("GET", `/pages/id/${seeded._id}`));
    expect((await ctx.call("GET", `/versions/page/${page._id}`)).json<VersionEntry[]>()).toEqual([]);
    const { _id, key: _key, createdAt: _c, updatedAt: _u, ...input } = page;
    const edited = await ok<Versioned>(ctx.call("PUT", `/pages/${_id}`, { ...input, titleFr: "Titre changé" }));
    const restored = await ok<Versioned>(ctx.call("POST", `/versions/page/${_id}/${page.version}/restore`, { version: edited.version }));
    expect(restored.titleFr).toBe(page.titleFr);
  });
});

// Issue 28, item 9: an image address with a dot segment was accepted, and restoring a version holding one answered 500.
describe("image addresses with a dot segment", () => {
  const TRAVERSAL = "/uploads/../../../../etc/passwd";
  let fakeVersion = 1000;

  /** Stores `snapshot` as a version of the item directly, as one written before addresses were checked would be. */
  async function storeVersion(type: string, id: string, snapshot: Record<string, unknown>): Promise<number> {
    fakeVersion += 1;
    await ctx.database.db.insert(entityVersions).values({ entityType: type, entityId: id, version: fakeVersion, snapshot });
    return fakeVersion;
  }

  /** Sets the value at a dotted path (`contentBlocks.1.imageUrl`) of a snapshot. */
  function setAt(snapshot: Record<string, unknown>, path: string, value: unknown): void {
    const keys = path.split(".");
    const last = keys.pop() ?? "";
    const parent = keys.reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, snapshot);
    parent[last] = value;
  }

  /**
   * Creates an item at `path`, stores its snapshot with `field` set to the traversal as a later version, and restores
   * that: the answer, and whether the item stayed as it was.
   */
  async function restoreSpoiled(type: string, path: string, input: Record<string, unknown>, field: string) {
    const item = await ok<Versioned>(ctx.call("POST", path, input), 201);
    const snapshot = (await ok<VersionDetail>(ctx.call("GET", `/versions/${type}/${item._id}/${item.version}`))).snapshot;
    setAt(snapshot, field, TRAVERSAL);
    const version = await storeVersion(type, item._id, snapshot);
    const answer = await ctx.call("POST", `/versions/${type}/${item._id}/${version}/restore`, { version: item.version });
    const { current } = await ok<VersionDetail>(ctx.call("GET", `/versions/${type}/${item._id}/${item.version}`));
    return { answer, unchanged: current?.version === item.version };
  }

  it.each([
    ["POST", () => "/products"],
    ["PUT", (id: string) => `/products/${id}`],
  ] as const)("are refused when a product is saved (%s: 400 naming the field and why)", async (method, url) => {
    const product = await newProduct();
    const refused = await ctx.call(method, url(product._id), { ...editable(product), mainImageUrl: TRAVERSAL });
    expect(refused.statusCode).toBe(400);
    const body = refused.json<ErrorBody & { details: { path: string; message: string }[] }>();
    expect(body.code).toBe("validation");
    expect(body.details).toContainEqual({
      path: "mainImageUrl",
      message: expect.stringMatching(/^Adresse d'image invalide : chemin avec/),
      messageCode: "image.path_walks",
    });
  });

  const banner = { imageUrlFr: IMAGE, imageUrlEn: IMAGE, titleFr: "Été", titleEn: "Summer", descriptionFr: "D", descriptionEn: "D" };
  it.each([
    ["a product's main image", "product", "/products", () => productInput(), "mainImageUrl"],
    ["a product block's image", "product", "/products", () => productInput(), "contentBlocks.1.imageUrl"],
    [
      "a category's cover",
      "category",
      "/categories",
      () => ({ slug: `versions-cover-${++seq}`, nameFr: "C", nameEn: "C" }),
      "coverImageUrl",
    ],
    ["a banner's image", "banner", "/banners", () => banner, "imageUrlFr"],
    ["a partner's logo", "partner", "/partners", () => ({ name: "P", logoUrl: IMAGE, websiteUrl: "https://example.com" }), "logoUrl"],
    ["a certification's logo", "certification", "/certifications", () => ({ nameFr: "B", nameEn: "O", certifyingBody: "E" }), "logoUrl"],
  ])(
    "a version holding one in %s is refused with 422 version.unusable naming the field, and changes nothing",
    async (_, type, path, input, field) => {
      const { answer, unchanged } = await restoreSpoiled(type, path, input(), field);
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json()).toMatchObject({ code: "version.unusable", details: { reason: "invalid", fields: [field] } });
      expect(unchanged).toBe(true);
    },
  );

  it("a version holding any dot-segment variant is refused with a 4xx, never a 500 (property)", async () => {
    const product = await newProduct();
    const snapshot = (await ok<VersionDetail>(ctx.call("GET", `/versions/product/${product._id}/1`))).snapshot;
    const segment = fc.constantFrom("..", ".", "%2e%2e", "%2E.", ".%2e", "%2e");
    const name = fc.stringMatching(/^[a-z0-9_-]{1,8}$/);
    const address = fc
      .tuple(fc.array(name, { maxLength: 2 }), segment, fc.array(fc.oneof(name, segment), { maxLength: 3 }))
      .map(([before, dot, after]) => [...before, dot, ...after].join("/"))
      .chain((path) => fc.constantFrom(`/uploads/${path}`, `https://cdn.example.com/${path}`, `/uploads\\${path.replaceAll("/", "\\")}`));
    await fc.assert(
      fc.asyncProperty(address, async (url) => {
        const version = await storeVersion("product", product._id, { ...snapshot, mainImageUrl: url });
        const answer = await ctx.call("POST", `/versions/product/${product._id}/${version}/restore`, { version: product.version });
        expect(answer.statusCode, `${url}: ${answer.body}`).toBe(422);
        expect(answer.json<ErrorBody>().code).toBe("version.unusable");
      }),
      { numRuns: 25 },
    );
    expect((await ok<Product>(ctx.call("GET", `/products/id/${product._id}`))).version).toBe(product.version);
  });
});
