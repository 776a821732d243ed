import type { Banner, BannerInput } from "@shared/schemas/banner";
import type { Category, CategoryInput } from "@shared/schemas/category";
import { EDIT_CONFLICT } from "@shared/schemas/common";
import type { Partner, PartnerInput } from "@shared/schemas/partner";
import type { Product, ProductInput } from "@shared/schemas/product";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";

let ctx: TestContext;
let category: Category;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  category = await create<Category>("/categories", categoryInput());
});
afterAll(() => ctx.close());

const call = (...args: Parameters<TestContext["call"]>) => ctx.call(...args);

async function create<T>(url: string, input: unknown): Promise<T> {
  const response = await call("POST", url, input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<T>();
}

function categoryInput(overrides: Partial<CategoryInput> = {}): CategoryInput {
  seq += 1;
  return { slug: `categorie-${seq}`, nameFr: `Catégorie ${seq}`, nameEn: `Category ${seq}`, ...overrides };
}

function productInput(overrides: Partial<ProductInput> = {}): ProductInput {
  seq += 1;
  return {
    slug: `produit-${seq}`,
    nameFr: `Produit ${seq}`,
    nameEn: `Product ${seq}`,
    shortDescriptionFr: "Court",
    shortDescriptionEn: "Short",
    mainImageUrl: "/uploads/algues/p.webp",
    categoryId: category._id,
    contentBlocks: [{ type: "text", contentFr: "Bloc", contentEn: "Block" }],
    ...overrides,
  };
}

function bannerInput(overrides: Partial<BannerInput> = {}): BannerInput {
  seq += 1;
  return {
    imageUrlFr: "/uploads/algues/b-fr.webp",
    imageUrlEn: "/uploads/algues/b-en.webp",
    titleFr: `Bannière ${seq}`,
    titleEn: `Banner ${seq}`,
    descriptionFr: "Description",
    descriptionEn: "Description",
    ...overrides,
  };
}

function partnerInput(overrides: Partial<PartnerInput> = {}): PartnerInput {
  seq += 1;
  return { name: `Partenaire ${seq}`, logoUrl: "/uploads/algues/logo.webp", websiteUrl: "https://example.com", ...overrides };
}

type Versioned = { _id: string; version: number };

/** Each editable entity: where it lives, how to make one, and one field a form would change. */
const entities: {
  name: string;
  url: string;
  make: () => Promise<Versioned & Record<string, unknown>>;
  input: (entity: Versioned & Record<string, unknown>) => Record<string, unknown>;
  field: string;
}[] = [
  {
    name: "product",
    url: "/products",
    make: () => create<Product>("/products", productInput()),
    input: (p) => ({ ...productInput({ slug: p.slug as string }) }),
    field: "nameFr",
  },
  {
    name: "banner",
    url: "/banners",
    make: () => create<Banner>("/banners", bannerInput()),
    input: () => bannerInput(),
    field: "titleFr",
  },
  {
    name: "partner",
    url: "/partners",
    make: () => create<Partner>("/partners", partnerInput()),
    input: () => partnerInput(),
    field: "name",
  },
  {
    name: "category",
    url: "/categories",
    make: () => create<Category>("/categories", categoryInput()),
    input: (c) => categoryInput({ slug: c.slug as string }),
    field: "nameFr",
  },
];

describe.each(entities)("versions of a $name", ({ url, make, input, field }) => {
  it("starts at version 1 and answers every update with the next version", async () => {
    const entity = await make();
    expect(entity.version).toBe(1);
    const first = await call("PUT", `${url}/${entity._id}`, { ...input(entity), version: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Versioned>().version).toBe(2);
    const second = await call("PUT", `${url}/${entity._id}`, input(entity));
    expect(second.json<Versioned>().version).toBe(3);
  });

  it("answers 409 with the stored entity to a save based on an old version, and changes nothing", async () => {
    const entity = await make();
    const mine = { ...input(entity), [field]: "Mon changement", version: entity.version };
    const theirs = { ...input(entity), [field]: "Leur changement", version: entity.version };
    expect((await call("PUT", `${url}/${entity._id}`, theirs)).statusCode).toBe(200);

    const refused = await call("PUT", `${url}/${entity._id}`, mine);
    expect(refused.statusCode).toBe(409);
    const body = refused.json<{ error: string; details: { reason: string; current: Record<string, unknown> } }>();
    expect(body.error).toBe(EDIT_CONFLICT);
    expect(body.details.reason).toBe("version");
    expect(body.details.current).toMatchObject({ _id: entity._id, [field]: "Leur changement", version: entity.version + 1 });
  });

  it("still saves without a version (last write wins, as the SPEC documents)", async () => {
    const entity = await make();
    await call("PUT", `${url}/${entity._id}`, input(entity));
    const saved = await call("PUT", `${url}/${entity._id}`, { ...input(entity), [field]: "Sans version" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ [field]: "Sans version", version: entity.version + 2 });
  });

  it("answers 404, not 409, for an unknown id with a version", async () => {
    const entity = await make();
    const response = await call("PUT", `${url}/00000000-0000-4000-8000-000000000000`, { ...input(entity), version: 1 });
    expect(response.statusCode).toBe(404);
  });

  it("refuses a version that is not a whole number of at least 1", async () => {
    const entity = await make();
    for (const version of [0, 1.5, "1"]) {
      const response = await call("PUT", `${url}/${entity._id}`, { ...input(entity), version });
      expect(response.statusCode, String(version)).toBe(400);
    }
  });
});

describe("a slug already taken", () => {
  it("stays a 409 without the version reason", async () => {
    const taken = await create<Product>("/products", productInput());
    const other = await create<Product>("/products", productInput());
    const response = await call("PUT", `/products/${other._id}`, { ...productInput({ slug: taken.slug }), version: other.version });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "Ce slug est déjà utilisé / This slug is already used", code: "slug_taken" });
  });
});

describe.each(entities.filter((e) => e.name !== "category"))("the active switch of a $name", ({ url, make }) => {
  it("changes only isActive, answers the whole entity with its next version, and needs no version", async () => {
    const entity = await make();
    const before = (await call("GET", url === "/products" ? `/products/id/${entity._id}` : url)).json<unknown>();
    const stored = Array.isArray(before) ? (before as Versioned[]).find((e) => e._id === entity._id) : before;
    const target = !(stored as { isActive: boolean }).isActive;

    const response = await call("PATCH", `${url}/${entity._id}`, { isActive: target });
    expect(response.statusCode, response.body).toBe(200);
    const { isActive, version, updatedAt: _u, ...rest } = response.json<Versioned & { isActive: boolean; updatedAt: string }>();
    const {
      isActive: _a,
      version: oldVersion,
      updatedAt: _o,
      ...restBefore
    } = stored as Versioned & { isActive: boolean; updatedAt: string };
    expect(isActive).toBe(target);
    expect(version).toBe(oldVersion + 1);
    expect(rest).toEqual(restBefore);
  });

  it("answers 400 for a body other than { isActive: boolean } and 404 for an unknown id", async () => {
    const entity = await make();
    for (const body of [{}, { isActive: "yes" }, { isActive: null }]) {
      expect((await call("PATCH", `${url}/${entity._id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call("PATCH", `${url}/00000000-0000-4000-8000-000000000000`, { isActive: true })).statusCode).toBe(404);
  });

  it("is admin-only", async () => {
    const entity = await make();
    expect((await call("PATCH", `${url}/${entity._id}`, { isActive: false }, false)).statusCode).toBe(401);
  });

  it("makes a form opened before the switch get a 409 instead of undoing it", async () => {
    const entity = await make();
    await call("PATCH", `${url}/${entity._id}`, { isActive: false });
    const list = entities.find((e) => e.url === url);
    const stale = await call("PUT", `${url}/${entity._id}`, { ...list?.input(entity), isActive: true, version: entity.version });
    expect(stale.statusCode).toBe(409);
  });
});

describe("banner activation through the switch", () => {
  it("activating one banner deactivates the others and bumps their versions, as activation always did", async () => {
    const first = await create<Banner>("/banners", bannerInput({ isActive: true }));
    const second = await create<Banner>("/banners", bannerInput());
    const before = (await call("GET", "/banners")).json<Banner[]>().find((b) => b._id === first._id);
    expect(before?.isActive).toBe(true);
    const response = await call("PATCH", `/banners/${second._id}`, { isActive: true });
    expect(response.json<Banner>().isActive).toBe(true);
    const after = (await call("GET", "/banners")).json<Banner[]>();
    expect(after.filter((b) => b.isActive).map((b) => b._id)).toEqual([second._id]);
    expect(after.find((b) => b._id === first._id)?.version).toBe((before?.version ?? 0) + 1);
  });
});

describe("per-block endpoints", () => {
  it("bump the product's version, so a form opened before a block edit gets a 409", async () => {
    const product = await create<Product>("/products", productInput());
    const block = product.contentBlocks[0];
    const added = await call("POST", `/products/${product._id}/content-blocks`, { type: "text", contentFr: "B", contentEn: "B" });
    expect(added.statusCode).toBe(201);
    const edited = await call("PUT", `/products/${product._id}/content-blocks/${block?._id}`, {
      type: "text",
      contentFr: "C",
      contentEn: "C",
    });
    expect(edited.statusCode).toBe(200);
    expect((await call("DELETE", `/products/${product._id}/content-blocks/${added.json<{ _id: string }>()._id}`)).statusCode).toBe(204);
    const stored = (await call("GET", `/products/id/${product._id}`)).json<Product>();
    expect(stored.version).toBe(product.version + 3);
    const stale = await call("PUT", `/products/${product._id}`, { ...productInput({ slug: product.slug }), version: product.version });
    expect(stale.statusCode).toBe(409);
  });
});
