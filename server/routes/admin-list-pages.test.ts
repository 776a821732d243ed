import { randomUUID } from "node:crypto";
import type { CreateAdminResponse } from "@shared/schemas/admin-security";
import type { Partner } from "@shared/schemas/partner";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { adminHistory, banners } from "../db/schema/index";

/**
 * The admin lists paged on the server (decision 0092): history, administrators, pending invitations, partners, banners.
 * Every page is a JSON array; `Link: </api/…?…&cursor=…>; rel="next"` names the next one until the last page;
 * `X-Total-Count` counts the whole list.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ app: { rateLimit: false } });
});
afterAll(() => ctx.close());

type Row = { _id: string };

/** The path and query of a `Link: <…>; rel="next"` header, or null when there is none. */
function nextOf(response: LightMyRequestResponse): string | null {
  const link = response.headers.link;
  if (link === undefined) return null;
  const match = /^<(\/api\/[^>]+)>; rel="next"$/.exec(String(link));
  if (!match?.[1]) throw new Error(`unexpected Link header: ${String(link)}`);
  return match[1];
}

/**
 * Reads a list page after page from `firstUrl` by following `Link`, calling `between` after the first page (rows
 * written while an admin reads). Returns the ids in the order shown, and each page's answer.
 */
async function walk(firstUrl: string, between?: () => Promise<void>) {
  const ids: string[] = [];
  const responses: LightMyRequestResponse[] = [];
  let url: string | null = firstUrl;
  while (url !== null) {
    const response = await ctx.app.inject({ method: "GET", url, headers: ctx.auth });
    expect(response.statusCode, response.body).toBe(200);
    ids.push(...response.json<Row[]>().map((row) => row._id));
    responses.push(response);
    if (responses.length === 1) await between?.();
    url = nextOf(response);
    expect(responses.length).toBeLessThan(100);
  }
  return { ids, responses };
}

const historyRow = (label: string, createdAt: ReturnType<typeof sql>) => ({
  email: "pages@example.com",
  action: "update",
  entityType: "banner",
  label,
  method: "PUT",
  route: "/api/banners/:id",
  createdAt,
});

describe("history pages", () => {
  it("walks every line once, newest first, while lines are written between pages, the filters kept in each Link", async () => {
    // Seven banner lines written in the same microsecond: only the id tells them apart (the keyset's tie-break).
    const inserted = await ctx.database.db
      .insert(adminHistory)
      .values(["a", "b", "c", "d", "e", "f", "g"].map((label) => historyRow(label, sql`'2026-01-02 10:00:00.123456+00'::timestamptz`)))
      .returning({ _id: adminHistory._id });
    const [older] = await ctx.database.db
      .insert(adminHistory)
      .values(historyRow("older", sql`'2026-01-01 09:00:00+00'::timestamptz`))
      .returning({ _id: adminHistory._id });
    const expected = [
      ...inserted
        .map((row) => row._id)
        .sort()
        .reverse(),
      older?._id,
    ];

    let later: string[] = [];
    const { ids, responses } = await walk("/api/history?type=banner&limit=3", async () => {
      // A newer line (before the cursor: it belongs to page one, read again from the start) and an even older one.
      const rows = await ctx.database.db
        .insert(adminHistory)
        .values([historyRow("newer", sql`now()`), historyRow("oldest", sql`'2025-12-31 09:00:00+00'::timestamptz`)])
        .returning({ _id: adminHistory._id });
      later = rows.map((row) => row._id);
    });
    expect(ids).toEqual([...expected, later[1]]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(responses.map((r) => r.json<Row[]>().length)).toEqual([3, 3, 3]);
    expect(responses.map((r) => r.headers["x-total-count"])).toEqual(["8", "10", "10"]);
    for (const response of responses.slice(0, -1)) expect(nextOf(response)).toMatch(/^\/api\/history\?type=banner&limit=3&cursor=[\w-]+$/);
    expect(nextOf(responses.at(-1) as LightMyRequestResponse)).toBeNull();
  });

  it("answers 400 page.invalid_cursor to a cursor it did not make", async () => {
    const partnerCursor = Buffer.from(JSON.stringify([0, "A", "7b0c7f5e-4f3a-4c55-9a55-3c1f7e0b2d11"])).toString("base64url");
    for (const cursor of ["abc", Buffer.from("[1,2]").toString("base64url"), partnerCursor]) {
      const response = await ctx.call("GET", `/history?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toMatchObject({ code: "page.invalid_cursor" });
    }
  });
});

describe("administrator pages", () => {
  const add = async (email: string, mode: "password" | "invitation") => {
    const response = await ctx.call("POST", "/users", { email, mode });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<CreateAdminResponse>();
    return created.mode === "password" ? created.user._id : created.invitation._id;
  };

  it("walks every administrator once, oldest first, while one is added between pages", async () => {
    for (const n of [1, 2, 3, 4]) await add(`page-admin-${n}@example.com`, "password");
    const before = (await walk("/api/users?limit=200")).ids;
    expect(before).toHaveLength(5);
    let added = "";
    const { ids, responses } = await walk("/api/users?limit=2", async () => {
      added = await add("page-admin-late@example.com", "password");
    });
    expect(ids).toEqual([...before, added]);
    expect(responses.map((r) => r.headers["x-total-count"])).toEqual(["5", "6", "6"]);
    expect(responses.map((r) => nextOf(r) !== null)).toEqual([true, true, false]);
  });

  it("pages the pending invitations the same way, and refuses a bad cursor", async () => {
    const first: string[] = [];
    for (const n of [1, 2, 3]) first.push(await add(`page-invitee-${n}@example.com`, "invitation"));
    let added = "";
    const { ids, responses } = await walk("/api/users/invitations?limit=2", async () => {
      added = await add("page-invitee-late@example.com", "invitation");
    });
    expect(ids).toEqual([...first, added]);
    expect(nextOf(responses[0] as LightMyRequestResponse)).toMatch(/^\/api\/users\/invitations\?limit=2&cursor=[\w-]+$/);
    for (const url of ["/users?cursor=abc", "/users/invitations?cursor=abc", "/users?limit=201"]) {
      const response = await ctx.call("GET", url);
      expect(response.statusCode, url).toBe(400);
    }
    expect((await ctx.call("GET", "/users?cursor=abc")).json()).toMatchObject({ code: "page.invalid_cursor" });
  });
});

describe("partner pages (admin list)", () => {
  const addPartner = async (name: string, orderIndex: number) => {
    const response = await ctx.call("POST", "/partners", {
      name,
      orderIndex,
      logoUrl: "/uploads/algues/p.webp",
      websiteUrl: "https://example.com",
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Partner>()._id;
  };

  it("walks every partner once by order index then name, while partners are added and removed between pages", async () => {
    const byName: Record<string, string> = {};
    // Equal order indexes: the name orders them, then the id (two "Delta").
    for (const [name, order] of [
      ["Charlie", 1],
      ["Alpha", 1],
      ["Bravo", 1],
      ["Delta", 2],
      ["Echo", 0],
      ["Foxtrot", 3],
    ] as const)
      byName[name] = await addPartner(name, order);
    const twin = await addPartner("Delta", 2);
    const [deltaA, deltaB] = [byName.Delta, twin].sort();
    const first = ["Echo", "Alpha", "Bravo"].map((name) => byName[name]);

    const { ids, responses } = await walk("/api/partners?limit=3", async () => {
      byName.Aardvark = await addPartner("Aardvark", 0); // before the cursor: not shown now
      byName.Golf = await addPartner("Golf", 3); // after it: shown
      expect((await ctx.call("DELETE", `/partners/${byName.Charlie}`)).statusCode).toBe(204); // next page's first
    });
    expect(ids).toEqual([...first, deltaA, deltaB, byName.Foxtrot, byName.Golf]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(responses.map((r) => r.headers["x-total-count"])).toEqual(["7", "8", "8"]);
    expect(nextOf(responses.at(-1) as LightMyRequestResponse)).toBeNull();
  });

  it("makes a cursor for the longest names, and refuses one it did not make; the public carousel stays one list", async () => {
    const long = 'É"'.repeat(100);
    await addPartner(long, 100000);
    await addPartner(`${long.slice(0, -1)}z`, 100000);
    const { ids } = await walk("/api/partners?limit=1");
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    for (const cursor of ["abc", Buffer.from(JSON.stringify(["2026-01-01 00:00:00+00", randomUUID()])).toString("base64url")]) {
      const response = await ctx.call("GET", `/partners?cursor=${cursor}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "page.invalid_cursor" });
    }
    const carousel = await ctx.call("GET", "/partners/active", undefined, false);
    expect(carousel.statusCode).toBe(200);
    expect(carousel.headers.link).toBeUndefined();
    expect(carousel.json<Partner[]>().length).toBe(ids.length);
  });
});

describe("banner pages (admin list)", () => {
  const bannerRow = (title: string, createdAt: ReturnType<typeof sql>, isDefault = false) => ({
    imageUrlFr: "/uploads/algues/b.webp",
    imageUrlEn: "/uploads/algues/b.webp",
    titleFr: title,
    titleEn: title,
    descriptionFr: "Saison",
    descriptionEn: "Season",
    isDefault,
    isActive: isDefault,
    createdAt,
  });

  it("walks every banner once, the default first then the newest, ties broken by id, while banners are added and deleted between pages", async () => {
    const { db } = ctx.database;
    const [standard] = await db
      .insert(banners)
      .values(bannerRow("Standard", sql`'2020-01-01 00:00:00+00'::timestamptz`, true))
      .returning({ _id: banners._id });
    // Four seasons written in the same microsecond (only the id orders them), and two older ones.
    const same = await db
      .insert(banners)
      .values(["a", "b", "c", "d"].map((t) => bannerRow(`Été ${t}`, sql`'2024-06-01 10:00:00.123456+00'::timestamptz`)))
      .returning({ _id: banners._id });
    const older = await db
      .insert(banners)
      .values([
        bannerRow("Hiver 2023", sql`'2023-01-01 00:00:00+00'::timestamptz`),
        bannerRow("Hiver 2022", sql`'2022-01-01 00:00:00+00'::timestamptz`),
      ])
      .returning({ _id: banners._id });
    const sameDesc = same
      .map((b) => b._id)
      .sort()
      .reverse();
    const expectedBefore = [standard?._id, ...sameDesc, ...older.map((b) => b._id)];

    const { ids, responses } = await walk("/api/banners?limit=3", async () => {
      // Newer than the cursor: it opens the list, not shown on the next pages of this walk.
      await db.insert(banners).values(bannerRow("Automne 2025", sql`now()`));
      // The next page's first row, deleted before it is read.
      expect((await ctx.call("DELETE", `/banners/${expectedBefore[3]}`)).statusCode).toBe(204);
    });
    expect(ids).toEqual(expectedBefore.filter((id) => id !== expectedBefore[3]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(responses.map((r) => r.headers["x-total-count"])).toEqual(["7", "7"]);
    expect(nextOf(responses.at(-1) as LightMyRequestResponse)).toBeNull();
    const first = await ctx.call("GET", "/banners?limit=2");
    expect(first.json<Row[]>().map((b) => b._id)[0]).toBe(standard?._id);

    for (const cursor of ["abc", Buffer.from(JSON.stringify(["2026-01-01 00:00:00+00", randomUUID()])).toString("base64url")]) {
      const response = await ctx.call("GET", `/banners?cursor=${cursor}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "page.invalid_cursor" });
    }
  });
});
