import type { Category } from "@shared/schemas/category";
import type { Certification, CertificationInput, CertificationWarning } from "@shared/schemas/certification";
import type { HistoryEntry } from "@shared/schemas/history";
import type { Product, ProductInput, ProductPage } from "@shared/schemas/product";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";

/**
 * Certifications (docs/decisions/0111-certifications.md), with an injected clock. The clock starts at 10:00 in Tunis
 * (09:00 UTC) on 2026-12-01; a certification is valid through its `validUntil` day in Tunisia's time.
 */
const START = Date.parse("2026-12-01T09:00:00.000Z");
let nowMs = START;
let ctx: TestContext;
let category: Category;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext({ app: { clock: () => nowMs } });
  category = (await ctx.call("POST", "/categories", { slug: "certifies", nameFr: "Certifiés", nameEn: "Certified" })).json<Category>();
});
afterAll(() => ctx.close());
beforeEach(() => {
  nowMs = START;
});

const call = (...args: Parameters<TestContext["call"]>) => ctx.call(...args);

async function createCertification(overrides: Partial<CertificationInput> = {}): Promise<Certification> {
  seq += 1;
  const response = await call("POST", "/certifications", {
    nameFr: `Agriculture biologique ${seq}`,
    nameEn: `Organic ${seq}`,
    certifyingBody: "Ecocert",
    verificationUrl: "https://certificat.ecocert.com/",
    ...overrides,
  } satisfies CertificationInput);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Certification>();
}

async function createProduct(overrides: Partial<ProductInput> = {}): Promise<Product> {
  seq += 1;
  const response = await call("POST", "/products", {
    slug: `certifie-${seq}`,
    nameFr: `Certifié ${seq}`,
    nameEn: `Certified ${seq}`,
    shortDescriptionFr: "Court",
    shortDescriptionEn: "Short",
    mainImageUrl: "/uploads/algues/p.webp",
    categoryId: category._id,
    ...overrides,
  } satisfies ProductInput);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

const shownOn = async (product: Product) => {
  const response = await call("GET", `/products/${product.slug}`, undefined, false);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductPage>().certifications.map((c) => c.nameFr);
};

describe("certifications CRUD", () => {
  it("creates, reads, lists with status and search, updates with history, and deletes", async () => {
    const created = await createCertification({
      nameFr: "Norme ISO 22000",
      nameEn: "ISO 22000",
      certifyingBody: "Bureau Veritas",
      validUntil: "2027-06-30",
    });
    expect(created).toMatchObject({ validUntil: "2027-06-30", status: "valid", productCount: 0, logoUrl: "", version: 1 });
    expect((await call("GET", `/certifications/${created._id}`)).json<Certification>().nameEn).toBe("ISO 22000");

    const found = await call("GET", "/certifications?q=veritas&limit=10");
    expect(found.statusCode).toBe(200);
    expect(found.json<Certification[]>().map((c) => c._id)).toEqual([created._id]);
    expect(found.headers["x-total-count"]).toBe("1");

    const updated = await call("PUT", `/certifications/${created._id}`, { ...created, validUntil: "2026-12-20", version: created.version });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<Certification>()).toMatchObject({ status: "expiring", version: 2 });
    const stale = await call("PUT", `/certifications/${created._id}`, { ...created, version: created.version });
    expect(stale.statusCode).toBe(409);

    const history = (await call("GET", "/history?type=certification&limit=5")).json<HistoryEntry[]>();
    expect(history[0]).toMatchObject({ action: "update", label: "Norme ISO 22000" });

    expect((await call("DELETE", `/certifications/${created._id}`)).statusCode).toBe(204);
    expect((await call("GET", `/certifications/${created._id}`)).statusCode).toBe(404);
  });

  it("keeps each version and restores an earlier one as a new version (decision 0106)", async () => {
    const created = await createCertification({ certifyingBody: "Ecocert", validUntil: "2027-01-01" });
    const updated = (
      await call("PUT", `/certifications/${created._id}`, { ...created, certifyingBody: "Bureau Veritas", version: created.version })
    ).json<Certification>();
    const versions = (await call("GET", `/versions/certification/${created._id}`)).json<{ version: number }[]>();
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    const restored = await call("POST", `/versions/certification/${created._id}/1/restore`, { version: updated.version });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await call("GET", `/certifications/${created._id}`)).json<Certification>()).toMatchObject({
      certifyingBody: "Ecocert",
      validUntil: "2027-01-01",
      version: 3,
    });
  });

  it("pages the list by French name with a next link", async () => {
    for (const name of ["Zz page A", "Zz page B", "Zz page C"]) await createCertification({ nameFr: name });
    const first = await call("GET", "/certifications?q=zz%20page&limit=2");
    expect(first.json<Certification[]>().map((c) => c.nameFr)).toEqual(["Zz page A", "Zz page B"]);
    const next = /<[^>]*\/api(\/certifications\?[^>]*)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBeDefined();
    const second = await call("GET", next ?? "");
    expect(second.json<Certification[]>().map((c) => c.nameFr)).toEqual(["Zz page C"]);
    expect((await call("GET", "/certifications?cursor=bad!")).statusCode).toBe(400);
  });

  it("refuses a plain-http or malformed verification link, a missing name and an impossible date", async () => {
    for (const bad of [
      { verificationUrl: "http://ecocert.com/" },
      { verificationUrl: "javascript:alert(1)" },
      { nameFr: "" },
      { validUntil: "2026-02-30" },
      { validUntil: "31/12/2026" },
      { logoUrl: "data:image/png;base64,AAAA" },
    ]) {
      const response = await call("POST", "/certifications", { nameFr: "X", nameEn: "X", certifyingBody: "B", ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json()).toMatchObject({ code: "validation" });
    }
  });

  it("answers 401 to every route without a session", async () => {
    for (const [method, url] of [
      ["GET", "/certifications"],
      ["GET", "/certifications/warnings"],
      ["POST", "/certifications"],
      ["PUT", "/certifications/00000000-0000-4000-8000-000000000000"],
      ["DELETE", "/certifications/00000000-0000-4000-8000-000000000000"],
    ] as const)
      expect((await call(method, url, {}, false)).statusCode, `${method} ${url}`).toBe(401);
  });
});

describe("attached to products", () => {
  it("stores the product's certifications in order with the product write, in its version snapshot, and restores them", async () => {
    const a = await createCertification();
    const b = await createCertification();
    // An absolute image address: the restore checks only uploads exist.
    const product = await createProduct({ certificationIds: [b._id, a._id], mainImageUrl: "https://cdn.example.com/ulve.webp" });
    expect(product.certificationIds).toEqual([b._id, a._id]);
    expect(await shownOn(product)).toEqual([b.nameFr, a.nameFr]);

    const detached = await call("PUT", `/products/${product._id}`, { ...product, certificationIds: [a._id] });
    expect(detached.statusCode, detached.body).toBe(200);
    expect(detached.json<Product>().certificationIds).toEqual([a._id]);
    // The product's history line names the certifications before and after, by French name.
    const line = (await call("GET", "/history?type=product&limit=1")).json<HistoryEntry[]>()[0];
    expect(line?.changes).toContainEqual({ field: "certifications", before: `${b.nameFr}, ${a.nameFr}`, after: a.nameFr });

    const restored = await call("POST", `/versions/product/${product._id}/${product.version}/restore`, { version: product.version + 1 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await call("GET", `/products/id/${product._id}`)).json<Product>().certificationIds).toEqual([b._id, a._id]);
  });

  it("refuses an unknown certification with 400 certification.unknown and changes nothing", async () => {
    const product = await createProduct();
    const response = await call("PUT", `/products/${product._id}`, {
      ...product,
      certificationIds: ["00000000-0000-4000-8000-000000000000"],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "certification.unknown" });
    expect((await call("GET", `/products/id/${product._id}`)).json<Product>().version).toBe(product.version);
  });

  it("refuses to delete a certification still attached (409 naming the products); deleting the product detaches it", async () => {
    const cert = await createCertification();
    const product = await createProduct({ nameFr: "Ulve certifiée", certificationIds: [cert._id] });
    const refused = await call("DELETE", `/certifications/${cert._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "certification.in_use",
      details: { products: [{ _id: product._id, nameFr: "Ulve certifiée" }] },
    });
    expect((await call("GET", `/certifications/${cert._id}`)).json<Certification>().productCount).toBe(1);
    expect((await call("DELETE", `/products/${product._id}`)).statusCode).toBe(204);
    expect((await call("DELETE", `/certifications/${cert._id}`)).statusCode).toBe(204);
  });
});

describe("expiry by the injected clock (Tunisia's time)", () => {
  it("shows a certification on its last day and not the day after, in the page's JSON and after it was cached", async () => {
    const cert = await createCertification({ validUntil: "2026-12-01" });
    const product = await createProduct({ certificationIds: [cert._id] });
    // 23:59 in Tunis on the last day (22:59 UTC): still shown, and the answer is now cached.
    nowMs = Date.parse("2026-12-01T22:59:00.000Z");
    expect(await shownOn(product)).toEqual([cert.nameFr]);
    expect(await shownOn(product)).toEqual([cert.nameFr]);
    // Its end bounds the cache (decision 0104): midnight in Tunis.
    expect(await ctx.app.services.schedule.nextChange()).toBe(Date.parse("2026-12-01T23:00:00.000Z"));
    // 00:00 in Tunis the next day: gone, though a cached answer was stored a minute earlier.
    nowMs = Date.parse("2026-12-01T23:00:00.000Z");
    expect(await shownOn(product)).toEqual([]);
    // The admin still sees it attached, as expired.
    expect((await call("GET", `/products/id/${product._id}`)).json<Product>().certificationIds).toEqual([cert._id]);
    expect((await call("GET", `/certifications/${cert._id}`)).json<Certification>().status).toBe("expired");
  });
});

describe("dashboard warnings", () => {
  it("lists attached certifications 30 days before their end and after it, not 31 days before, nor unattached ones", async () => {
    const cert = await createCertification({ nameFr: "Halal avertie", validUntil: "2027-01-31" });
    await createCertification({ nameFr: "Halal seule", validUntil: "2027-01-31" });
    await createProduct({ certificationIds: [cert._id] });
    const warned = async () =>
      (await call("GET", "/certifications/warnings")).json<CertificationWarning[]>().filter((w) => w.nameFr.startsWith("Halal"));
    nowMs = Date.parse("2026-12-31T09:00:00.000Z"); // 31 days before
    expect(await warned()).toEqual([]);
    nowMs = Date.parse("2027-01-01T09:00:00.000Z"); // 30 days before
    expect(await warned()).toMatchObject([{ _id: cert._id, daysLeft: 30, status: "expiring", productCount: 1 }]);
    nowMs = Date.parse("2027-01-31T22:30:00.000Z"); // last day, 23:30 in Tunis
    expect(await warned()).toMatchObject([{ daysLeft: 0, status: "expiring" }]);
    nowMs = Date.parse("2027-01-31T23:00:00.000Z"); // the day after, 00:00 in Tunis
    expect(await warned()).toMatchObject([{ daysLeft: -1, status: "expired" }]);
  });
});
