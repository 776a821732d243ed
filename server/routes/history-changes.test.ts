import type { CreateAdminResponse, TotpSetup } from "@shared/schemas/admin-security";
import type { LoginResponse } from "@shared/schemas/auth";
import type { Banner, BannerInput } from "@shared/schemas/banner";
import type { Category } from "@shared/schemas/category";
import type { ContactSubmission } from "@shared/schemas/contact";
import type { HistoryEntry } from "@shared/schemas/history";
import type { Partner } from "@shared/schemas/partner";
import type { Product, ProductInput } from "@shared/schemas/product";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { adminHistory, users } from "../db/schema/index";
import { ERASED_LABEL } from "../services/privacy";
import { totpCodeAt } from "../services/totp";

let ctx: TestContext;
let seq = 0;
beforeAll(async () => {
  ctx = await createTestContext({ app: { rateLimit: false } });
});
afterAll(() => ctx.close());

const call = (...args: Parameters<TestContext["call"]>) => ctx.call(...args);

/** The newest history row about `entityId` (rows are written before the answer leaves). */
async function lastRow(entityId: string): Promise<HistoryEntry> {
  const page = (await call("GET", "/history?limit=200")).json<HistoryEntry[]>();
  const row = page.find((item) => item.entityId === entityId);
  if (!row) throw new Error(`no history row for ${entityId}`);
  return row;
}

async function ok<T>(response: Promise<{ statusCode: number; body: string; json<U>(): U }>): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return (answer.body ? answer.json<T>() : undefined) as T;
}

async function createCategory(): Promise<Category> {
  seq += 1;
  return ok(call("POST", "/categories", { slug: `cat-${seq}`, nameFr: `Catégorie ${seq}`, nameEn: `Category ${seq}` }));
}

function productInput(categoryId: string, overrides: Partial<ProductInput> = {}): ProductInput {
  seq += 1;
  return {
    slug: `produit-${seq}`,
    nameFr: `Produit ${seq}`,
    nameEn: `Product ${seq}`,
    shortDescriptionFr: "Une algue de Bizerte",
    shortDescriptionEn: "An alga from Bizerte",
    mainImageUrl: "/uploads/algues/main.webp",
    categoryId,
    isActive: true,
    contentBlocks: [],
    ...overrides,
  };
}

/** The product as a PUT body (its stored fields and blocks, ready to change). */
function asInput(product: Product, overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    slug: product.slug,
    nameFr: product.nameFr,
    nameEn: product.nameEn,
    shortDescriptionFr: product.shortDescriptionFr,
    shortDescriptionEn: product.shortDescriptionEn,
    mainImageUrl: product.mainImageUrl,
    categoryId: product.categoryId,
    isActive: product.isActive,
    contentBlocks: product.contentBlocks.map(({ _id, type, contentFr, contentEn, imageUrl, tableData }) => ({
      _id,
      type,
      contentFr,
      contentEn,
      imageUrl,
      tableData,
    })),
    version: product.version,
    ...overrides,
  };
}

describe("history rows say what changed", () => {
  it("a product save records exactly the fields that changed, with before and after; an image by its file name", async () => {
    const category = await createCategory();
    const product = await ok<Product>(call("POST", "/products", productInput(category._id, { nameFr: "Ulve" })));
    expect((await lastRow(product._id)).changes).toEqual([]);

    await ok(
      call("PUT", `/products/${product._id}`, asInput(product, { nameFr: "Ulve lactuca", mainImageUrl: "/uploads/algues/ulva-2.webp" })),
    );

    const row = await lastRow(product._id);
    expect(row).toMatchObject({ action: "update", label: "Ulve lactuca" });
    expect(row.changes).toEqual([
      { field: "nameFr", before: "Ulve", after: "Ulve lactuca" },
      { field: "mainImageUrl", before: "main.webp", after: "ulva-2.webp" },
    ]);
  });

  it("a product moved to another category names both categories; a long text is cut to 200 characters", async () => {
    const [from, to] = [await createCategory(), await createCategory()];
    const product = await ok<Product>(call("POST", "/products", productInput(from._id)));
    const long = "é".repeat(280);
    await ok(call("PUT", `/products/${product._id}`, asInput(product, { categoryId: to._id, shortDescriptionEn: long })));

    const changes = (await lastRow(product._id)).changes;
    expect(changes).toEqual([
      { field: "category", before: from.nameFr, after: to.nameFr },
      { field: "shortDescriptionEn", before: "An alga from Bizerte", after: `${"é".repeat(199)}…` },
    ]);
  });

  it("content blocks are summarised: added, changed field by field, removed, and a new order", async () => {
    const category = await createCategory();
    const text = (contentFr: string) => ({ type: "text" as const, contentFr, contentEn: `${contentFr} (en)` });
    const product = await ok<Product>(
      call("POST", "/products", productInput(category._id, { contentBlocks: [text("Premier"), text("Deuxième"), text("Troisième")] })),
    );
    const [first, second, third] = asInput(product).contentBlocks ?? [];
    if (!first || !second || !third) throw new Error("three blocks expected");

    await ok(
      call(
        "PUT",
        `/products/${product._id}`,
        asInput(product, {
          contentBlocks: [{ ...third, contentFr: "Troisième, revu" }, first, text("Nouveau")],
        }),
      ),
    );

    expect((await lastRow(product._id)).changes).toEqual([
      { field: "block.removed", before: "Deuxième", after: null },
      { field: "block.contentFr", before: "Troisième", after: "Troisième, revu" },
      { field: "block.added", before: null, after: "Nouveau" },
      { field: "block.order", before: "Premier, Troisième", after: "Troisième, revu, Premier" },
    ]);
  });

  it("a switch says what turned, and a block edited on its own says what changed in it", async () => {
    const category = await createCategory();
    const product = await ok<Product>(
      call("POST", "/products", productInput(category._id, { contentBlocks: [{ type: "text", contentFr: "Avant", contentEn: "Before" }] })),
    );
    await ok(call("PATCH", `/products/${product._id}`, { isActive: false }));
    expect(await lastRow(product._id)).toMatchObject({
      action: "deactivate",
      changes: [{ field: "isActive", before: true, after: false }],
    });

    const block = product.contentBlocks[0];
    if (!block) throw new Error("a block expected");
    await ok(call("PUT", `/products/${product._id}/content-blocks/${block._id}`, { type: "text", contentFr: "Avant", contentEn: "After" }));
    expect(await lastRow(product._id)).toMatchObject({
      action: "block.update",
      changes: [{ field: "block.contentEn", before: "Before", after: "After" }],
    });
  });

  it("a category update and a reorder record what changed and what moved", async () => {
    const category = await createCategory();
    await ok(
      call("PUT", `/categories/${category._id}`, {
        slug: category.slug,
        nameFr: "Algues rouges",
        nameEn: category.nameEn,
        descriptionEn: "Red algae",
        version: category.version,
      }),
    );
    expect((await lastRow(category._id)).changes).toEqual([
      { field: "nameFr", before: category.nameFr, after: "Algues rouges" },
      { field: "descriptionEn", before: "", after: "Red algae" },
    ]);

    const all = await ok<Category[]>(call("GET", "/categories/all"));
    const reversed = [...all].reverse();
    await ok(call("PUT", "/categories/order", { ids: reversed.map((c) => c._id) }));
    const page = (await call("GET", "/history?type=category")).json<HistoryEntry[]>();
    expect(page[0]).toMatchObject({
      action: "reorder",
      changes: [{ field: "order", before: all.map((c) => c.nameFr).join(", "), after: reversed.map((c) => c.nameFr).join(", ") }],
    });
  });

  it("a banner and a partner update record their changes", async () => {
    const input: BannerInput = {
      imageUrlFr: "/uploads/algues/banner-fr.webp",
      imageUrlEn: "/uploads/algues/banner-en.webp",
      titleFr: "Récolte",
      titleEn: "Harvest",
      descriptionFr: "Algues de Bizerte",
      descriptionEn: "Algae from Bizerte",
    };
    const banner = await ok<Banner>(call("POST", "/banners", input));
    await ok(call("PUT", `/banners/${banner._id}`, { ...input, titleEn: "Harvest 2026", imageUrlFr: "/uploads/algues/ete.webp" }));
    expect((await lastRow(banner._id)).changes).toEqual([
      { field: "titleEn", before: "Harvest", after: "Harvest 2026" },
      { field: "imageUrlFr", before: "banner-fr.webp", after: "ete.webp" },
    ]);

    const partner = await ok<Partner>(
      call("POST", "/partners", { name: "Lab", logoUrl: "/uploads/algues/lab.webp", websiteUrl: "https://lab.example.com" }),
    );
    await ok(
      call("PUT", `/partners/${partner._id}`, {
        name: "Lab Sfax",
        logoUrl: partner.logoUrl,
        websiteUrl: partner.websiteUrl,
        orderIndex: 3,
      }),
    );
    expect((await lastRow(partner._id)).changes).toEqual([
      { field: "name", before: "Lab", after: "Lab Sfax" },
      { field: "orderIndex", before: 0, after: 3 },
    ]);
  });

  it("a message's status change records only its status, and nothing when it did not change", async () => {
    const message = await ok<ContactSubmission>(
      call(
        "POST",
        "/contact",
        { fullName: "Amel Ben Salah", email: "amel@example.com", subject: "Devis agar", message: "Bonjour, un devis ?" },
        false,
      ),
    );
    await ok(call("PATCH", `/contact/${message._id}/read`));
    const read = await lastRow(message._id);
    expect(read).toMatchObject({ action: "mark-read", label: null, changes: [{ field: "isRead", before: false, after: true }] });
    await ok(call("PATCH", `/contact/${message._id}/read`));
    expect((await lastRow(message._id)).changes).toEqual([]);
  });

  it("never stores a password, a hash, a TOTP secret, a recovery code or a one-time password; an e-mail change lists the address only", async () => {
    const created = await ok<CreateAdminResponse>(call("POST", "/users", { email: "discreet@example.com", mode: "password" }));
    if (created.mode !== "password") throw new Error("expected a one-time password");
    const password = "a-quite-secret-passphrase";
    const login = async (email: string, pass: string) =>
      (await ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: pass } })).json<LoginResponse>().token;
    const as = (token: string, method: "POST", url: string, payload?: object) =>
      ok(ctx.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) }));

    let token = await login("discreet@example.com", created.oneTimePassword);
    await as(token, "POST", "/auth/password", { currentPassword: created.oneTimePassword, newPassword: password });
    token = await login("discreet@example.com", password);
    const setup = await as(token, "POST", "/auth/totp/setup");
    const { secret } = setup as TotpSetup;
    const { recoveryCodes } = await as(token, "POST", "/auth/totp/enable", { code: totpCodeAt(secret, Date.now()), password }).then(
      (r) => r as { recoveryCodes: string[] },
    );
    await as(token, "POST", "/auth/email", { email: "renamed@example.com", password });

    const [stored] = await ctx.database.db.select().from(users).where(eq(users._id, created.user._id));
    const rows = await ctx.database.db.select({ changes: adminHistory.changes, action: adminHistory.action }).from(adminHistory);
    const everything = JSON.stringify(rows.map((r) => r.changes));
    for (const secretValue of [password, created.oneTimePassword, secret, ...recoveryCodes, stored?.passwordHash, stored?.totpSecret]) {
      expect(secretValue).toBeTruthy();
      expect(everything).not.toContain(String(secretValue));
    }
    expect(everything).not.toMatch(/argon2|password|totp|secret|token/i);
    const emailRow = rows.find((r) => r.action === "email.change");
    expect(emailRow?.changes).toEqual([{ field: "email", before: "discreet@example.com", after: "renamed@example.com" }]);
  });

  it("erasing an administrator's former address removes it from the changes of its e-mail change", async () => {
    const created = await ok<CreateAdminResponse>(call("POST", "/users", { email: "former@example.com", mode: "password" }));
    if (created.mode !== "password") throw new Error("expected a one-time password");
    const password = "another-long-passphrase";
    const signIn = async (pass: string) =>
      (
        await ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "former@example.com", password: pass } })
      ).json<LoginResponse>().token;
    const as = (token: string, url: string, payload: object) =>
      ok(ctx.app.inject({ method: "POST", url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, payload }));
    await as(await signIn(created.oneTimePassword), "/auth/password", { currentPassword: created.oneTimePassword, newPassword: password });
    await as(await signIn(password), "/auth/email", { email: "current@example.com", password });

    await ok(call("POST", "/privacy/erase", { email: "former@example.com", confirm: "former@example.com" }));
    const rows = await ctx.database.db.select().from(adminHistory).where(eq(adminHistory.action, "email.change"));
    const row = rows.find((r) => r.userId === created.user._id);
    expect(row?.changes).toEqual([{ field: "email", before: ERASED_LABEL, after: "current@example.com" }]);
    expect(JSON.stringify(rows.map((r) => r.changes))).not.toContain("former@example.com");
  });

  it("a deleted product's row keeps its label; rows from before changes were recorded answer an empty list", async () => {
    const category = await createCategory();
    const product = await ok<Product>(call("POST", "/products", productInput(category._id, { nameFr: "Agar-agar" })));
    expect((await call("DELETE", `/products/${product._id}`)).statusCode).toBe(204);
    expect(await lastRow(product._id)).toMatchObject({ action: "delete", label: "Agar-agar", changes: [] });

    const [old] = await ctx.database.db
      .insert(adminHistory)
      .values({ email: "old@example.com", action: "update", entityType: "product", entityId: "old-row", method: "PUT", route: "/x" })
      .returning();
    expect(old?.changes).toBeNull();
    expect(await lastRow("old-row")).toMatchObject({ label: null, changes: [] });
  });
});
