import { LIMITS } from "@shared/limits";
import type { Banner, BannerInput } from "@shared/schemas/banner";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ApiMethod, createTestContext, type TestContext } from "../../test/test-app";
import { banners } from "../db/schema/index";
import { PUBLIC_CACHE } from "../plugins/response-cache";

let ctx: TestContext;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
// Banner rules span the whole table, so each test starts from an empty one.
beforeEach(async () => {
  await ctx.database.db.delete(banners);
});

const call = (...args: Parameters<TestContext["call"]>) => ctx.call(...args);

function bannerInput(overrides: Partial<BannerInput> = {}): BannerInput {
  seq += 1;
  return {
    imageUrlFr: "/uploads/algues/banner-fr.webp",
    imageUrlEn: "/uploads/algues/banner-en.webp",
    titleFr: `Bannière ${seq}`,
    titleEn: `Banner ${seq}`,
    descriptionFr: "Algues de Bizerte",
    descriptionEn: "Algae from Bizerte",
    ...overrides,
  };
}

async function createBanner(overrides: Partial<BannerInput> = {}): Promise<Banner> {
  const response = await call("POST", "/banners", bannerInput(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Banner>();
}

async function listBanners(): Promise<Banner[]> {
  const response = await call("GET", "/banners");
  expect(response.statusCode).toBe(200);
  return response.json<Banner[]>();
}

const activeIds = (list: Banner[]) => list.filter((b) => b.isActive).map((b) => b._id);
const defaultIds = (list: Banner[]) => list.filter((b) => b.isDefault).map((b) => b._id);

describe("banners", () => {
  it("answers 401 without a token on every protected banner route", async () => {
    const banner = await createBanner();
    const routes: [ApiMethod, string, unknown?][] = [
      ["GET", "/banners"],
      ["POST", "/banners", bannerInput()],
      ["PUT", `/banners/${banner._id}`, bannerInput()],
      ["DELETE", `/banners/${banner._id}`],
    ];
    for (const [method, url, payload] of routes) {
      const response = await call(method, url, payload, false);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toHaveProperty("error");
    }
    expect(await listBanners()).toHaveLength(1);
  });

  it("answers 404 with an error on /banners/active when there is no banner", async () => {
    const response = await call("GET", "/banners/active", undefined, false);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty("error");
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("makes the first banner ever created the default and the active one, and serves it publicly", async () => {
    const first = await createBanner({ imageUrlFrMobile: "", imageUrlEnMobile: "/uploads/algues/m-en.webp" });
    expect(first).toMatchObject({ isDefault: true, isActive: true, imageUrlFrMobile: null, imageUrlEnMobile: "/uploads/algues/m-en.webp" });
    const active = await call("GET", "/banners/active", undefined, false);
    expect(active.statusCode).toBe(200);
    expect(active.headers["cache-control"]).toBe(PUBLIC_CACHE);
    expect(active.json<Banner>()._id).toBe(first._id);
  });

  it("creates later event banners inactive and not default unless asked to be active", async () => {
    const first = await createBanner();
    const event = await createBanner();
    expect(event).toMatchObject({ isDefault: false, isActive: false });
    const list = await listBanners();
    expect(activeIds(list)).toEqual([first._id]);

    const activeEvent = await createBanner({ isActive: true });
    expect(activeEvent.isActive).toBe(true);
    expect(activeIds(await listBanners())).toEqual([activeEvent._id]);
  });

  it("activates a banner by PUT with isActive true, leaving exactly one active banner", async () => {
    const first = await createBanner();
    const event = await createBanner();
    const { _id, isDefault, isActive, createdAt, updatedAt, ...fields } = event;
    const response = await call("PUT", `/banners/${event._id}`, { ...fields, isActive: true });
    expect(response.statusCode).toBe(200);
    expect(response.json<Banner>()).toMatchObject({ _id: event._id, isActive: true, isDefault: false });

    const list = await listBanners();
    expect(activeIds(list)).toEqual([event._id]);
    expect(defaultIds(list)).toEqual([first._id]);
    expect((await call("GET", "/banners/active", undefined, false)).json<Banner>()._id).toBe(event._id);
  });

  it("keeps the flags of an edited banner when isActive is absent, and never changes isDefault on edit", async () => {
    const first = await createBanner();
    const event = await createBanner();
    const edited = await call("PUT", `/banners/${first._id}`, bannerInput({ titleFr: "Nouveau titre", isDefault: false }));
    expect(edited.json<Banner>()).toMatchObject({ titleFr: "Nouveau titre", isDefault: true, isActive: true });
    const promoted = await call("PUT", `/banners/${event._id}`, bannerInput({ isDefault: true }));
    expect(promoted.json<Banner>()).toMatchObject({ isDefault: false, isActive: false });
    const list = await listBanners();
    expect(defaultIds(list)).toEqual([first._id]);
    expect(activeIds(list)).toEqual([first._id]);
  });

  it("deactivates a banner by PUT with isActive false", async () => {
    const first = await createBanner();
    const response = await call("PUT", `/banners/${first._id}`, bannerInput({ isActive: false }));
    expect(response.json<Banner>().isActive).toBe(false);
    expect((await call("GET", "/banners/active", undefined, false)).statusCode).toBe(404);
  });

  it("makes a banner created as default active too, and refuses a second default with 409", async () => {
    // A default can be missing only when the stored one was lost; simulate that with an event banner alone.
    const event = await createBanner();
    await ctx.database.db.update(banners).set({ isDefault: false });
    const standard = await createBanner({ isDefault: true });
    expect(standard).toMatchObject({ isDefault: true, isActive: true });
    const list = await listBanners();
    expect(activeIds(list)).toEqual([standard._id]);
    expect(defaultIds(list)).toEqual([standard._id]);
    expect(list.find((b) => b._id === event._id)?.isActive).toBe(false);

    const second = await call("POST", "/banners", bannerInput({ isDefault: true }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toHaveProperty("error");
    expect(await listBanners()).toHaveLength(2);
  });

  it("refuses to delete the default banner with 409", async () => {
    const first = await createBanner();
    const response = await call("DELETE", `/banners/${first._id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: "La bannière par défaut ne peut pas être supprimée / The default banner cannot be deleted",
      code: "banner.default_undeletable",
    });
    expect(await listBanners()).toHaveLength(1);
  });

  it("deletes an event banner with 204 and hands the front page back to the default when it was active", async () => {
    const first = await createBanner();
    const event = await createBanner({ isActive: true });
    const response = await call("DELETE", `/banners/${event._id}`);
    expect(response.statusCode).toBe(204);
    const list = await listBanners();
    expect(list.map((b) => b._id)).toEqual([first._id]);
    expect(activeIds(list)).toEqual([first._id]);
    expect((await call("DELETE", `/banners/${event._id}`)).statusCode).toBe(404);
  });

  it("makes the oldest banner the default on GET /banners when none is, and stores it", async () => {
    const oldest = await createBanner();
    await createBanner();
    await ctx.database.db.update(banners).set({ isDefault: false });
    const list = await listBanners();
    expect(defaultIds(list)).toEqual([oldest._id]);
    const stored = await ctx.database.db.select({ id: banners._id, isDefault: banners.isDefault }).from(banners);
    expect(stored.filter((b) => b.isDefault).map((b) => b.id)).toEqual([oldest._id]);
  });

  it("lists banners to the admin without caching", async () => {
    await createBanner();
    const response = await call("GET", "/banners");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toHaveLength(1);
  });

  it("validates required fields after trimming, the 500-character description and image addresses", async () => {
    for (const field of ["imageUrlFr", "imageUrlEn", "titleFr", "titleEn", "descriptionFr", "descriptionEn"] as const) {
      const response = await call("POST", "/banners", bannerInput({ [field]: "   " }));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ path: field })]));
    }
    const max = LIMITS.bannerDescription;
    expect((await call("POST", "/banners", bannerInput({ descriptionFr: "x".repeat(max + 1) }))).statusCode).toBe(400);
    expect((await call("POST", "/banners", bannerInput({ descriptionEn: "x".repeat(max + 1) }))).statusCode).toBe(400);
    expect((await call("POST", "/banners", bannerInput({ imageUrlFrMobile: "javascript:alert(1)" }))).statusCode).toBe(400);
    expect(await listBanners()).toEqual([]);
    const exact = await call("POST", "/banners", bannerInput({ descriptionFr: "x".repeat(max) }));
    expect(exact.statusCode).toBe(201);
  });

  it("never stores unknown fields", async () => {
    const response = await call("POST", "/banners", { ...bannerInput(), evil: "x" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).not.toHaveProperty("evil");
    expect((await listBanners())[0]).not.toHaveProperty("evil");
  });

  it("answers 404 when editing an unknown banner and leaves the active one alone", async () => {
    const first = await createBanner();
    const response = await call("PUT", "/banners/00000000-0000-4000-8000-000000000000", bannerInput({ isActive: true }));
    expect(response.statusCode).toBe(404);
    expect(activeIds(await listBanners())).toEqual([first._id]);
  });
});
