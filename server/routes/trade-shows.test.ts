import type { TradeShow, TradeShowInput } from "@shared/resources/trade-shows";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { tradeShows } from "../db/schema/index";

/** Trade shows: the proof resource of docs/how-to-add.md, declared once in shared/resources/trade-shows.ts. */
let ctx: TestContext;
// 2026-06-15 10:00 in Tunis (UTC+1).
const nowMs = Date.parse("2026-06-15T09:00:00Z");
beforeAll(async () => {
  ctx = await createTestContext({ app: { clock: () => nowMs, rateLimit: false } });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.db.delete(tradeShows);
});

const input = (overrides: Partial<TradeShowInput> = {}): TradeShowInput => ({
  nameFr: "Salon des ingrédients",
  nameEn: "Ingredients show",
  cityFr: "Paris, France",
  cityEn: "Paris, France",
  startsOn: "2026-12-01",
  endsOn: "2026-12-03",
  booth: "Hall 7 — B12",
  websiteUrl: "https://ingredients.example.com",
  ...overrides,
});

async function create(overrides: Partial<TradeShowInput> = {}): Promise<TradeShow> {
  const response = await ctx.call("POST", "/trade-shows", input(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TradeShow>();
}

describe("trade shows", () => {
  it("creates, reads, lists one page at a time and deletes; 404 names the trade show", async () => {
    const first = await create({ startsOn: "2026-09-01", endsOn: "2026-09-02" });
    const second = await create();
    expect(first).toMatchObject({ nameFr: "Salon des ingrédients", isActive: true, version: 1 });
    expect((await ctx.call("GET", `/trade-shows/${first._id}`)).json()).toMatchObject({ _id: first._id, cityFr: "Paris, France" });
    const page = await ctx.call("GET", "/trade-shows?limit=1");
    expect(page.json<TradeShow[]>().map((s) => s._id)).toEqual([second._id]);
    expect(page.headers["x-total-count"]).toBe("2");
    expect(page.headers.link).toContain('rel="next"');
    expect((await ctx.call("DELETE", `/trade-shows/${first._id}`)).statusCode).toBe(204);
    const missing = await ctx.call("GET", `/trade-shows/${first._id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "not_found", params: { item: "trade_show" } });
  });

  it.each([
    ["a missing French name", { nameFr: " " }, "nameFr"],
    ["an impossible day", { startsOn: "2026-02-30" }, "startsOn"],
    ["a last day before the first", { startsOn: "2026-12-05", endsOn: "2026-12-01" }, "endsOn"],
    ["a website that is not http(s)", { websiteUrl: "javascript:alert(1)" }, "websiteUrl"],
  ] as const)("refuses %s with 400 naming the field, and stores nothing", async (_name, overrides, field) => {
    const response = await ctx.call("POST", "/trade-shows", input(overrides));
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(field);
    expect(await ctx.database.db.select().from(tradeShows)).toEqual([]);
  });

  it("the public list holds the active shows not ended (Tunisia's day), soonest first, without admin fields", async () => {
    await create({ nameFr: "Fini", startsOn: "2026-06-01", endsOn: "2026-06-14" });
    const today = await create({ nameFr: "Dernier jour", startsOn: "2026-06-13", endsOn: "2026-06-15" });
    const later = await create({ nameFr: "Plus tard" });
    const hidden = await create({ nameFr: "Caché" });
    await ctx.call("PATCH", `/trade-shows/${hidden._id}`, { isActive: false });
    const response = await ctx.call("GET", "/trade-shows/coming", undefined, false);
    expect(response.statusCode).toBe(200);
    const shows = response.json<Record<string, unknown>[]>();
    expect(shows.map((s) => s._id)).toEqual([today._id, later._id]);
    expect(Object.keys(shows[0] ?? {})).not.toContain("version");
    expect(Object.keys(shows[0] ?? {})).not.toContain("isActive");
    // The cached home page changes by itself at the midnight (Tunis) after the soonest last day: 2026-06-16 00:00+01.
    expect(await ctx.app.services.schedule.nextChange()).toBe(Date.parse("2026-06-15T23:00:00Z"));
  });

  it("refuses a stale edit with 409 and the stored show; history names what changed; a kept version restores", async () => {
    const show = await create();
    const updated = await ctx.call("PUT", `/trade-shows/${show._id}`, { ...input({ booth: "Hall 1 — A1" }), version: 1 });
    expect(updated.json()).toMatchObject({ booth: "Hall 1 — A1", version: 2 });
    const stale = await ctx.call("PUT", `/trade-shows/${show._id}`, { ...input({ cityFr: "Lyon" }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "edit_conflict", details: { current: { booth: "Hall 1 — A1" } } });

    const history = await ctx.call("GET", "/history?type=trade-show");
    const row = history.json<{ action: string; changes: { field: string }[] }[]>().find((r) => r.action === "update");
    expect(row?.changes.map((c) => c.field)).toEqual(["booth"]);

    const restored = await ctx.call("POST", `/versions/trade-show/${show._id}/1/restore`, { version: 2 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ booth: "Hall 7 — B12", version: 3 });
  });

  it("answers 401 to the admin routes without a token", async () => {
    const show = await create();
    for (const [method, url] of [
      ["GET", "/trade-shows"],
      ["GET", `/trade-shows/${show._id}`],
      ["POST", "/trade-shows"],
      ["DELETE", `/trade-shows/${show._id}`],
    ] as const) {
      expect((await ctx.call(method, url, method === "POST" ? input() : undefined, false)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
