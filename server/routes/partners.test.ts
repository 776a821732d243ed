import type { Partner, PartnerInput } from "@shared/schemas/partner";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ApiMethod, createTestContext, type TestContext } from "../../test/test-app";
import { partners } from "../db/schema/index";
import { PUBLIC_CACHE } from "../plugins/response-cache";

let ctx: TestContext;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.db.delete(partners);
});

const call = (...args: Parameters<TestContext["call"]>) => ctx.call(...args);

function partnerInput(overrides: Partial<PartnerInput> = {}): PartnerInput {
  seq += 1;
  return { name: `Partner ${seq}`, logoUrl: "/uploads/algues/logo.webp", websiteUrl: "https://partner.example.com", ...overrides };
}

async function createPartner(overrides: Partial<PartnerInput> = {}): Promise<Partner> {
  const response = await call("POST", "/partners", partnerInput(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Partner>();
}

const unknownId = "00000000-0000-4000-8000-000000000000";

describe("partners", () => {
  it("answers 401 without a token on every protected partner route", async () => {
    const partner = await createPartner();
    const routes: [ApiMethod, string, unknown?][] = [
      ["GET", "/partners"],
      ["GET", `/partners/${partner._id}`],
      ["POST", "/partners", partnerInput()],
      ["PUT", `/partners/${partner._id}`, partnerInput()],
      ["DELETE", `/partners/${partner._id}`],
    ];
    for (const [method, url, payload] of routes) {
      const response = await call(method, url, payload, false);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toHaveProperty("error");
    }
    expect((await call("GET", "/partners")).json()).toHaveLength(1);
  });

  it("creates a partner with 201, order 0 and active by default, and reads it back by id", async () => {
    const response = await call("POST", "/partners", {
      name: "  Institut  ",
      logoUrl: "/uploads/algues/i.webp",
      websiteUrl: "https://instm.example.tn",
    });
    expect(response.statusCode).toBe(201);
    const partner = response.json<Partner>();
    expect(partner).toMatchObject({ name: "Institut", orderIndex: 0, isActive: true, websiteUrl: "https://instm.example.tn" });
    expect(typeof partner._id).toBe("string");
    const byId = await call("GET", `/partners/${partner._id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.headers["cache-control"]).toBe("no-store");
    expect(byId.json()).toEqual(partner);
  });

  it("lists only active partners publicly, lower order first then by name, with public caching", async () => {
    const c = await createPartner({ name: "Charlie", orderIndex: 1 });
    const b = await createPartner({ name: "Bravo", orderIndex: 1 });
    const a = await createPartner({ name: "Zulu", orderIndex: 0 });
    const hidden = await createPartner({ name: "Alpha", orderIndex: 0, isActive: false });

    const publicList = await call("GET", "/partners/active", undefined, false);
    expect(publicList.statusCode).toBe(200);
    expect(publicList.headers["cache-control"]).toBe(PUBLIC_CACHE);
    expect(publicList.json<Partner[]>().map((p) => p._id)).toEqual([a._id, b._id, c._id]);

    const adminList = await call("GET", "/partners");
    expect(adminList.headers["cache-control"]).toBe("no-store");
    expect(adminList.json<Partner[]>().map((p) => p._id)).toEqual([hidden._id, a._id, b._id, c._id]);
  });

  it("replaces every field on PUT", async () => {
    const partner = await createPartner();
    const input = {
      name: "Renamed",
      logoUrl: "https://cdn.example.com/logo.png",
      websiteUrl: "http://renamed.example.org/path?q=1",
      orderIndex: 5,
      isActive: false,
    };
    const response = await call("PUT", `/partners/${partner._id}`, input);
    expect(response.statusCode).toBe(200);
    expect(response.json<Partner>()).toMatchObject({ _id: partner._id, ...input });
    expect((await call("GET", "/partners/active", undefined, false)).json()).toEqual([]);
  });

  it("deletes a partner with 204, then answers 404 for it", async () => {
    const partner = await createPartner();
    const response = await call("DELETE", `/partners/${partner._id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect((await call("GET", `/partners/${partner._id}`)).statusCode).toBe(404);
    expect((await call("DELETE", `/partners/${partner._id}`)).statusCode).toBe(404);
    expect((await call("PUT", `/partners/${unknownId}`, partnerInput())).statusCode).toBe(404);
    expect((await call("GET", "/partners/not-a-uuid")).statusCode).toBe(400);
  });

  it("refuses script and non-http website addresses", async () => {
    for (const websiteUrl of ["javascript:alert(1)", "data:text/html,hi", "ftp://example.com", "example.com", "https://", "   "]) {
      const response = await call("POST", "/partners", partnerInput({ websiteUrl }));
      expect(response.statusCode, websiteUrl).toBe(400);
      expect(response.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ path: "websiteUrl" })]));
    }
    expect((await call("POST", "/partners", partnerInput({ logoUrl: "javascript:alert(1)" }))).statusCode).toBe(400);
  });

  it("refuses negative and decimal order indexes, and accepts a numeric string", async () => {
    for (const orderIndex of [-1, 1.5, "abc"]) {
      const response = await call("POST", "/partners", { ...partnerInput(), orderIndex });
      expect(response.statusCode, String(orderIndex)).toBe(400);
    }
    const fromText = await call("POST", "/partners", { ...partnerInput(), orderIndex: "3" });
    expect(fromText.statusCode).toBe(201);
    expect(fromText.json<Partner>().orderIndex).toBe(3);
  });

  it("refuses missing or blank required fields", async () => {
    for (const field of ["name", "logoUrl", "websiteUrl"] as const) {
      expect((await call("POST", "/partners", partnerInput({ [field]: "   " }))).statusCode, `${field} blank`).toBe(400);
      const { [field]: _removed, ...rest } = partnerInput();
      expect((await call("POST", "/partners", rest)).statusCode, `${field} missing`).toBe(400);
    }
    expect((await call("GET", "/partners")).json()).toEqual([]);
  });

  it("never stores unknown fields", async () => {
    const response = await call("POST", "/partners", { ...partnerInput(), evil: "x", createdAt: "1999-01-01T00:00:00Z" });
    expect(response.statusCode).toBe(201);
    const partner = response.json<Partner>();
    expect(partner).not.toHaveProperty("evil");
    expect(partner.createdAt.startsWith("1999")).toBe(false);
  });
});
