import type { ErrorBody } from "@shared/error-codes";
import type { HistoryChange } from "@shared/schemas/history-changes";
import type { VersionedType } from "@shared/schemas/versions";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestContext, type TestContext } from "../../test/test-app";
import type { Db } from "../db/client";
import { entityVersions, partners } from "../db/schema/index";
import { fieldChanges } from "../lib/history-changes";
import { HttpError } from "../lib/http-error";
import { lockRow, updateRow, versionedCreate, versionedSwitch, versionedUpdate } from "./versioned-write";

let ctx: TestContext;
let db: Db;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
});
afterAll(() => ctx.close());

const actor = { userId: "00000000-0000-4000-8000-0000000000aa", email: "editor@test.local" };
const unknownId = "00000000-0000-4000-8000-000000000000";

const columns = { _id: partners._id, name: partners.name, isActive: partners.isActive, version: partners.version };
type Row = { _id: string; name: string; isActive: boolean; version: number };

/** The versions kept of (`type`, `id`), oldest first: version, author, the snapshot's name. */
async function versionsOf(type: VersionedType, id: string) {
  const rows = await db
    .select({ version: entityVersions.version, email: entityVersions.email, snapshot: entityVersions.snapshot })
    .from(entityVersions)
    .where(and(eq(entityVersions.entityType, type), eq(entityVersions.entityId, id)))
    .orderBy(asc(entityVersions.version));
  return rows;
}

/** A partner written as before versions were kept: a row, no version stored. */
async function legacyPartner(): Promise<Row> {
  seq += 1;
  const [row] = await db
    .insert(partners)
    .values({ name: `Partenaire ${seq}`, logoUrl: "/uploads/algues/logo.webp", websiteUrl: "https://partner.example.com" })
    .returning(columns);
  if (!row) throw new Error("insert returned nothing");
  return row;
}

const getById = async (id: string) => (await db.select(columns).from(partners).where(eq(partners._id, id)))[0] ?? null;

/** Renames a partner through the helper, as a service does. */
function rename(id: string, version: number | undefined, name: string, onChanges?: (changes: HistoryChange[]) => void) {
  return versionedUpdate({
    db,
    type: "partner",
    id,
    version,
    actor,
    onChanges,
    read: (tx) => lockRow(tx, partners, columns, id),
    write: (tx) => updateRow(tx, partners, columns, id, version, { name }),
    current: () => getById(id),
    changes: (before, after) => fieldChanges(before, after, ["name"]),
  });
}

/** The error a promise rejects with, as an HttpError. */
async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe("versionedUpdate", () => {
  it("keeps the replaced version once (no author) and the written one with its author, then tells the changes", async () => {
    const partner = await legacyPartner();
    const told: HistoryChange[][] = [];
    const renamed = await rename(partner._id, partner.version, "Nouveau", (c) => told.push(c));
    expect(renamed).toMatchObject({ _id: partner._id, name: "Nouveau", version: partner.version + 1 });
    expect(told).toEqual([[{ field: "name", before: partner.name, after: "Nouveau" }]]);
    await rename(partner._id, renamed.version, "Encore");
    const versions = await versionsOf("partner", partner._id);
    expect(versions.map((v) => [v.version, v.email, v.snapshot.name])).toEqual([
      [partner.version, null, partner.name],
      [partner.version + 1, actor.email, "Nouveau"],
      [partner.version + 2, actor.email, "Encore"],
    ]);
  });

  it("without a version, writes over whatever is stored", async () => {
    const partner = await legacyPartner();
    await rename(partner._id, partner.version, "Un");
    const written = await rename(partner._id, undefined, "Deux");
    expect(written.version).toBe(partner.version + 2);
  });

  it("refuses a stale version: 409 with the stored item; nothing written, recorded or told", async () => {
    const partner = await legacyPartner();
    const current = await rename(partner._id, partner.version, "Premier");
    const before = await versionsOf("partner", partner._id);
    let told = false;
    const error = await refusal(rename(partner._id, partner.version, "Second", () => (told = true)));
    expect(error.statusCode).toBe(409);
    expect(error.code).toBe("edit_conflict");
    expect(error.details).toEqual({ reason: "version", current });
    expect(await getById(partner._id)).toEqual(current);
    expect(await versionsOf("partner", partner._id)).toEqual(before);
    expect(told).toBe(false);
  });

  it("answers 404 naming the item when it is missing, and records nothing", async () => {
    const error = await refusal(rename(unknownId, undefined, "Personne"));
    expect(error.statusCode).toBe(404);
    expect(error.body()).toMatchObject({ code: "not_found", params: { item: "partner" } });
    expect(await versionsOf("partner", unknownId)).toEqual([]);
  });

  it("rolls back what `write` did when it matched nothing, and answers 409 with the stored item", async () => {
    const partner = await legacyPartner();
    const other = await legacyPartner();
    const error = await refusal(
      versionedUpdate({
        db,
        type: "partner",
        id: partner._id,
        version: partner.version,
        read: (tx) => lockRow(tx, partners, columns, partner._id),
        async write(tx) {
          await tx.update(partners).set({ name: "Touché" }).where(eq(partners._id, other._id));
          return undefined;
        },
        current: () => getById(partner._id),
      }),
    );
    expect(error.statusCode).toBe(409);
    expect(error.details).toEqual({ reason: "version", current: partner });
    expect((await getById(other._id))?.name).toBe(other.name);
    expect(await versionsOf("partner", partner._id)).toEqual([]);
  });

  it("runs in the transaction it is given (a service's own: a table lock, its error answers)", async () => {
    const partner = await legacyPartner();
    const ran: string[] = [];
    await versionedUpdate({
      db,
      transaction: (work) => {
        ran.push("transaction");
        return db.transaction(work);
      },
      type: "partner",
      id: partner._id,
      version: partner.version,
      read: (tx) => lockRow(tx, partners, columns, partner._id),
      write: (tx) => updateRow(tx, partners, columns, partner._id, partner.version, { name: "Enveloppé" }),
      snapshot: (row) => ({ kept: row.name }),
      current: () => getById(partner._id),
    });
    expect(ran).toEqual(["transaction"]);
    expect((await versionsOf("partner", partner._id)).map((v) => v.snapshot)).toEqual([{ kept: partner.name }, { kept: "Enveloppé" }]);
  });
});

describe("versionedSwitch", () => {
  const switchActive = (id: string, isActive: boolean, onChanges?: (changes: HistoryChange[]) => void) =>
    versionedSwitch({
      db,
      type: "partner",
      id,
      actor,
      onChanges,
      read: (tx) => lockRow(tx, partners, { isActive: partners.isActive }, id),
      write: (tx) => updateRow(tx, partners, columns, id, undefined, { isActive }),
      changes: (before, after) => fieldChanges(before, after, ["isActive"]),
    });

  it("keeps only the written version, with its author, and tells the change", async () => {
    const partner = await legacyPartner();
    const told: HistoryChange[][] = [];
    const off = await switchActive(partner._id, false, (c) => told.push(c));
    expect(off).toMatchObject({ isActive: false, version: partner.version + 1 });
    expect(told).toEqual([[{ field: "isActive", before: true, after: false }]]);
    expect((await versionsOf("partner", partner._id)).map((v) => [v.version, v.email])).toEqual([[partner.version + 1, actor.email]]);
  });

  it("answers 404 naming the item when it is missing", async () => {
    const error = await refusal(switchActive(unknownId, true));
    expect(error.statusCode).toBe(404);
    expect(error.body()).toMatchObject({ params: { item: "partner" } });
  });
});

describe("versionedCreate", () => {
  it("keeps the created item as its first version, with its author", async () => {
    const created = await versionedCreate({
      db,
      type: "partner",
      actor,
      insert: async (tx) =>
        (
          await tx
            .insert(partners)
            .values({ name: "Créé", logoUrl: "/uploads/algues/logo.webp", websiteUrl: "https://partner.example.com" })
            .returning(columns)
        )[0],
    });
    expect((await versionsOf("partner", created._id)).map((v) => [v.version, v.email, v.snapshot])).toEqual([
      [created.version, actor.email, created],
    ]);
  });

  it("fails, storing nothing, when the insert answers nothing", async () => {
    await expect(versionedCreate({ db, type: "partner", insert: async () => undefined })).rejects.toThrow("insert returned nothing");
  });
});

/**
 * Every versioned resource through its own route (the services use the helper): a stale edit answers 409 with the
 * stored item and records nothing; the replaced version is kept once, without author; a missing id answers 404.
 */
type Item = { _id?: string; version: number } & Record<string, unknown>;
type Resource = {
  type: VersionedType;
  /** A new item (the settings: the stored document). */
  create(): Promise<Item>;
  url(id: string): string;
  /** The item as its form sends it back, with one text changed. */
  edit(item: Item, text: string): object;
};

const image = "/uploads/algues/versioned.webp";
const rich = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

async function created(url: string, input: object): Promise<Item> {
  const response = await ctx.call("POST", url, input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Item>();
}

let categoryId = "";
const RESOURCES: Resource[] = [
  {
    type: "partner",
    create: () => created("/partners", { name: `P ${++seq}`, logoUrl: image, websiteUrl: "https://partner.example.com" }),
    url: (id) => `/partners/${id}`,
    edit: (item, text) => ({ ...item, name: text }),
  },
  {
    type: "banner",
    create: () =>
      created("/banners", {
        imageUrlFr: image,
        imageUrlEn: image,
        titleFr: `B ${++seq}`,
        titleEn: "B",
        descriptionFr: "Algues",
        descriptionEn: "Algae",
      }),
    url: (id) => `/banners/${id}`,
    edit: (item, text) => ({ ...item, titleFr: text }),
  },
  {
    type: "page",
    create: () =>
      created("/pages", {
        slugFr: `versionnee-${++seq}`,
        slugEn: `versioned-${seq}`,
        titleFr: "Page",
        titleEn: "Page",
        bodyFr: rich("Bonjour"),
        bodyEn: rich("Hello"),
      }),
    url: (id) => `/pages/${id}`,
    // New slugs each time: a page's slugs may be no other page's.
    edit: (item, text) => ({ ...item, titleFr: text, slugFr: `edition-${++seq}`, slugEn: `edit-${seq}` }),
  },
  {
    type: "category",
    create: () => created("/categories", { slug: `versionnee-${++seq}`, nameFr: "Catégorie", nameEn: "Category" }),
    url: (id) => `/categories/${id}`,
    edit: (item, text) => ({ ...item, nameFr: text }),
  },
  {
    type: "certification",
    create: () => created("/certifications", { nameFr: `C ${++seq}`, nameEn: "C", certifyingBody: "Ecocert" }),
    url: (id) => `/certifications/${id}`,
    edit: (item, text) => ({ ...item, nameFr: text }),
  },
  {
    type: "product",
    create: () =>
      created("/products", {
        slug: `produit-versionne-${++seq}`,
        nameFr: "Produit",
        nameEn: "Product",
        shortDescriptionFr: "Court",
        shortDescriptionEn: "Short",
        mainImageUrl: image,
        categoryId,
        contentBlocks: [{ type: "text", contentFr: "Premier", contentEn: "First" }],
      }),
    url: (id) => `/products/${id}`,
    edit: (item, text) => ({ ...item, nameFr: text }),
  },
  {
    type: "settings",
    create: async () => (await ctx.call("GET", "/settings")).json<Item>(),
    url: () => "/settings",
    edit: (item, text) => {
      const { updatedAt: _updatedAt, ...input } = structuredClone(item) as Item & { footer: { about: { en: string } } };
      input.footer.about.en = text;
      return input;
    },
  },
];

describe.each(RESOURCES)("the versioned writes of $type", (resource) => {
  beforeAll(async () => {
    if (!categoryId)
      categoryId = (await created("/categories", { slug: "versioned-write", nameFr: "Algues", nameEn: "Algae" }))._id as string;
  });

  const idOf = (item: Item) => (resource.type === "settings" ? "site" : (item._id as string));
  const put = (item: Item, input: object) => ctx.call("PUT", resource.url(idOf(item)), input);

  it("keeps the replaced version once, without author, and the written one with the admin's", async () => {
    const item = await resource.create();
    const id = idOf(item);
    // As if written before versions were kept.
    await db.delete(entityVersions).where(and(eq(entityVersions.entityType, resource.type), eq(entityVersions.entityId, id)));
    const first = await put(item, resource.edit(item, "Première édition"));
    expect(first.statusCode, first.body).toBe(200);
    const written = first.json<Item>();
    expect(written.version).toBe(item.version + 1);
    const second = await put(written, resource.edit(written, "Deuxième édition"));
    expect(second.statusCode, second.body).toBe(200);
    expect((await versionsOf(resource.type, id)).map((v) => [v.version, v.email])).toEqual([
      [item.version, null],
      [item.version + 1, ADMIN.email],
      [item.version + 2, ADMIN.email],
    ]);
  });

  it("refuses a stale version with 409 and the stored item, and records nothing", async () => {
    const item = await resource.create();
    const saved = await put(item, resource.edit(item, "Enregistré"));
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = saved.json<Item>();
    const kept = await versionsOf(resource.type, idOf(item));
    const stale = await put(item, resource.edit(item, "Périmé"));
    expect(stale.statusCode, stale.body).toBe(409);
    const body = stale.json<ErrorBody & { details: { reason: string; current: Item } }>();
    expect(body.code).toBe("edit_conflict");
    expect(body.details).toEqual({ reason: "version", current: stored });
    expect(await versionsOf(resource.type, idOf(item))).toEqual(kept);
  });

  it.skipIf(resource.type === "settings")("answers 404 to a missing id, and records nothing", async () => {
    const item = await resource.create();
    const missing = await ctx.call("PUT", resource.url(unknownId), resource.edit(item, "Personne"));
    expect(missing.statusCode, missing.body).toBe(404);
    expect(missing.json<ErrorBody>()).toMatchObject({ code: "not_found", params: { item: resource.type } });
    expect(await versionsOf(resource.type, unknownId)).toEqual([]);
  });
});
