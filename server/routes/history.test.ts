import type { CreateAdminResponse } from "@shared/schemas/admin-security";
import type { LoginResponse, User } from "@shared/schemas/auth";
import type { HistoryEntry } from "@shared/schemas/history";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, TEST_DATA_KEY, type TestContext } from "../../test/test-app";
import { buildApp } from "../app";
import { adminHistory, contactSubmissions } from "../db/schema/index";
import { UNAUTHENTICATED } from "../plugins/auth";

let ctx: TestContext;
let me: User;
beforeAll(async () => {
  ctx = await createTestContext({ app: { rateLimit: false } });
  me = (await ctx.call("GET", "/auth/me")).json<{ user: User }>().user;
});
afterAll(() => ctx.close());

const historyPage = (query = "", token = ctx.token) =>
  ctx.app.inject({ method: "GET", url: `/api/history${query}`, headers: { authorization: `Bearer ${token}` } });
const history = async (query = "", token = ctx.token) => (await historyPage(query, token)).json<HistoryEntry[]>();
/** The `?…` of a page's `Link: </api/history?…>; rel="next"`, or null on the last page. */
const nextQuery = (link: unknown) =>
  typeof link === "string" ? (/^<\/api\/history(\?[^>]*)>; rel="next"$/.exec(link)?.[1] ?? null) : null;

/** Waits until there are `n` history lines matching `query`. */
async function waitForLines(n: number, query = "") {
  await expect.poll(async () => (await history(query)).length).toBeGreaterThanOrEqual(n);
  return history(query);
}

describe("history API", () => {
  it("answers 401 to an anonymous caller and 400 to a bad filter", async () => {
    const anonymous = await ctx.call("GET", "/history", undefined, false);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: UNAUTHENTICATED, code: "auth.required" });
    for (const query of ["?type=spaceship", "?userId=nope", "?cursor=not%20a%20cursor", "?limit=0", "?limit=100000"]) {
      const response = await ctx.call("GET", `/history${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toHaveProperty("error");
    }
  });

  it("stores who changed what, which item and when, newest first, a deleted item under its name; refused writes and reads are not changes", async () => {
    const category = (await ctx.call("POST", "/categories", { slug: "historique", nameFr: "Historique", nameEn: "History" })).json<{
      _id: string;
    }>();
    await ctx.call("PUT", `/categories/${category._id}`, { slug: "historique", nameFr: "Historique 2", nameEn: "History 2" });
    await ctx.call("DELETE", `/categories/${category._id}`);
    await ctx.call("POST", "/categories", { slug: "not a slug" });
    await ctx.call("GET", "/categories/all");
    const items = await waitForLines(3, "?type=category");
    expect(items.map((i) => i.action)).toEqual(["delete", "update", "create"]);
    for (const item of items)
      expect(item).toMatchObject({ userId: me._id, email: me.email, entityType: "category", entityId: category._id });
    expect(items.map((i) => i.label)).toEqual(["Historique 2", "Historique 2", "Historique"]);
  });

  it("filters by administrator and by type, and pages with the cursor of `Link`, the filter kept", async () => {
    const other = (await ctx.call("POST", "/users", { email: "historian@example.com", mode: "password" })).json<CreateAdminResponse>();
    if (other.mode !== "password") throw new Error("expected a password");
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "historian@example.com", password: other.oneTimePassword },
    });
    const theirs = login.json<LoginResponse>().token;
    await ctx.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: { authorization: `Bearer ${theirs}` },
      payload: { currentPassword: other.oneTimePassword, newPassword: "historian-password" },
    });
    for (const name of ["Un", "Deux", "Trois"]) {
      await ctx.app.inject({
        method: "POST",
        url: "/api/partners",
        headers: { authorization: `Bearer ${theirs}` },
        payload: { name, logoUrl: "/uploads/algues/p.webp", websiteUrl: "https://example.com" },
      });
    }
    const byThem = await waitForLines(4, `?userId=${other.user._id}`);
    expect(byThem.map((i) => `${i.entityType}:${i.action}`)).toEqual([
      "partner:create",
      "partner:create",
      "partner:create",
      "account:password.change",
    ]);
    expect(byThem.every((i) => i.email === "historian@example.com")).toBe(true);
    expect((await ctx.call("DELETE", `/users/${other.user._id}`)).statusCode).toBe(204);
    await expect.poll(async () => (await history("?type=user")).find((i) => i.action === "delete")?.label).toBe("historian@example.com");
    const mine = await history(`?userId=${me._id}`);
    expect(mine.some((i) => i.entityType === "user" && i.action === "create" && i.label === "historian@example.com")).toBe(true);

    const first = await historyPage(`?type=partner&limit=2`);
    expect(first.json<HistoryEntry[]>().map((i) => i.label)).toEqual(["Trois", "Deux"]);
    expect(first.headers["x-total-count"]).toBe("3");
    const next = nextQuery(first.headers.link);
    expect(next).toMatch(/^\?type=partner&limit=2&cursor=[\w-]+$/);
    const second = await historyPage(next ?? "");
    expect(second.json<HistoryEntry[]>().map((i) => i.label)).toEqual(["Un"]);
    expect(second.headers.link).toBeUndefined();
  });

  it("keeps a year: older lines are pruned when an instance starts (and daily), newer ones stay", async () => {
    await ctx.database.db.insert(adminHistory).values([
      {
        email: "old@example.com",
        action: "create",
        entityType: "product",
        method: "POST",
        route: "/api/products",
        createdAt: sql`now() - interval '366 days'`,
      },
      {
        email: "recent@example.com",
        action: "create",
        entityType: "product",
        method: "POST",
        route: "/api/products",
        createdAt: sql`now() - interval '364 days'`,
      },
    ]);
    const instance = await buildApp({
      db: ctx.database.db,
      mailer: ctx.mailer,
      storage: ctx.storage,
      jwtSecret: "test-secret-test-secret-test-secret-0123",
      publicUrl: "http://localhost:3000",
      dataKey: TEST_DATA_KEY,
    });
    try {
      await instance.ready();
      await expect.poll(async () => (await history("?type=product")).map((i) => i.email)).toEqual(["recent@example.com"]);
    } finally {
      await instance.close();
    }
  });
});

describe("history rules declared on the routes", () => {
  const declared = () =>
    new Map(
      ctx.app.routeList
        .filter((route) => route.url.startsWith("/api/") && route.config?.public !== true)
        .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ method, route })))
        .filter(({ method }) => !["GET", "HEAD", "OPTIONS"].includes(method))
        .map(({ method, route }) => [`${method} ${route.url}`, route.config?.history]),
    );

  it("makes every admin write route say what its history line is, or that it has none", () => {
    const missing = [...declared()].filter(([, rule]) => rule === undefined).map(([route]) => route);
    expect(missing).toEqual([]);
  });

  it("names ending sessions, switches, reorders and block edits as such, and records no sign-out or preview link", () => {
    const rules = declared();
    expect(rules.get("DELETE /api/auth/sessions/:id")).toEqual({ type: "account", action: "session.end" });
    expect(rules.get("DELETE /api/users/:id/sessions")).toEqual({ type: "user", action: "session.end-all" });
    expect(rules.get("PATCH /api/banners/:id")).toEqual({ type: "banner", action: "activate" });
    expect(rules.get("PUT /api/categories/order")).toEqual({ type: "category", action: "reorder" });
    expect(rules.get("POST /api/products/:id/content-blocks")).toEqual({ type: "product", action: "block.create" });
    expect(rules.get("POST /api/auth/logout")).toBe(false);
    expect(rules.get("POST /api/products/:id/preview")).toBe(false);
  });

  it("records an active switch turned off as a deactivation, and an invitation as such", async () => {
    const partner = (
      await ctx.call("POST", "/partners", {
        name: "Switch partner",
        logoUrl: "https://example.com/s.png",
        websiteUrl: "https://example.com",
        orderIndex: 1,
        isActive: true,
      })
    ).json<{ _id: string }>();
    expect((await ctx.call("PATCH", `/partners/${partner._id}`, { isActive: false })).statusCode).toBe(200);
    expect((await ctx.call("POST", "/users", { email: "invited-history@example.com", mode: "invitation" })).statusCode).toBe(201);
    const partnerLines = await waitForLines(2, "?type=partner");
    expect(partnerLines.find((line) => line.entityId === partner._id && line.action !== "create")).toMatchObject({
      action: "deactivate",
      label: "Switch partner",
    });
    const userLines = await waitForLines(1, "?type=user");
    expect(userLines.find((line) => line.label === "invited-history@example.com")).toMatchObject({ action: "invite" });
  });
});

describe("history of deletions", () => {
  it("keeps the name of a deleted partner in its history line", async () => {
    const partner = (
      await ctx.call("POST", "/partners", {
        name: "Algotech",
        logoUrl: "https://example.com/l.png",
        websiteUrl: "https://example.com",
        orderIndex: 0,
        isActive: true,
      })
    ).json<{ _id: string }>();
    expect((await ctx.call("DELETE", `/partners/${partner._id}`)).statusCode).toBe(204);
    const [line] = await waitForLines(2, "?type=partner");
    expect(line).toMatchObject({ action: "delete", entityId: partner._id, label: "Algotech" });
  });
});

describe("history of messages", () => {
  it("gives a message row the message's subject while it exists, never stores it, and only the id once it is deleted", async () => {
    const [message] = await ctx.database.db
      .insert(contactSubmissions)
      .values({ fullName: "Acheteur", email: "acheteur@example.com", subject: "Devis Ulva lactuca", message: "Bonjour" })
      .returning();
    if (!message) throw new Error("not stored");
    expect((await ctx.call("PATCH", `/contact/${message._id}/read`)).statusCode).toBe(200);
    const [read] = await waitForLines(1, "?type=message");
    expect(read).toMatchObject({ action: "mark-read", entityId: message._id, label: null, subject: "Devis Ulva lactuca" });
    const stored = await ctx.database.db.select().from(adminHistory).where(eq(adminHistory.entityId, message._id));
    expect(stored.map((row) => row.label)).toEqual([null]);

    expect((await ctx.call("DELETE", `/contact/${message._id}`)).statusCode).toBe(204);
    const rows = await waitForLines(2, "?type=message");
    expect(rows.slice(0, 2).map((row) => [row.action, row.entityId, row.subject])).toEqual([
      ["delete", message._id, null],
      ["mark-read", message._id, null],
    ]);
  });

  it("gives every other row no subject", async () => {
    await ctx.call("POST", "/categories", { slug: "sans-sujet", nameFr: "Sans sujet", nameEn: "No subject" });
    const [row] = await waitForLines(1, "?type=category");
    expect(row?.subject).toBeNull();
  });
});
