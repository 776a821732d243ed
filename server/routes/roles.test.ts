import { randomUUID } from "node:crypto";
import { can, canRead, type Subject } from "@shared/access";
import { ROLES, type Role } from "@shared/roles";
import { VERSIONED_TYPES } from "@shared/schemas/versions";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillPath, walkRoutes } from "../../test/routes";
import { createTestContext, type TestContext } from "../../test/test-app";
import { users } from "../db/schema/index";
import { accessOf, type RouteAccess } from "../plugins/access";
import { createAdmin } from "../services/auth";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Case = { method: Method; url: string; path: string; subject: Subject; action: RouteAccess["action"] };

const PASSWORD = "roles-test-password-1";
/** Calling it would end the caller's own session: its permission is checked, its effect is not. */
const ENDS_OWN_SESSION = new Set(["POST /api/auth/logout"]);
/** What an account still on its one-time password may call (server/plugins/auth.ts). */
const BEFORE_PASSWORD_CHANGE = new Set(["GET /api/auth/me", "POST /api/auth/password", "POST /api/auth/logout"]);

let ctx: TestContext;
const tokens = {} as Record<Role, string>;
const ids = {} as Record<Role, string>;

async function signIn(email: string): Promise<string> {
  const answer = await ctx.call("POST", "/auth/login", { email, password: PASSWORD }, false);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ token: string }>().token;
}

async function accountWith(role: Role): Promise<void> {
  const email = `${role}-${randomUUID().slice(0, 8)}@roles.test`;
  ids[role] = (await createAdmin(ctx.database.db, email, PASSWORD, { role }))._id;
  tokens[role] = await signIn(email);
}

const call = (token: string | null, method: Method, url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });

/** Every admin route, with the subject and action it serves; the versions routes once per versioned type. */
function adminCases(): { cases: Case[]; unresolved: string[] } {
  const cases: Case[] = [];
  const unresolved: string[] = [];
  for (const route of walkRoutes(ctx.app)) {
    if (route.isPublic || !route.url.startsWith("/api/")) continue;
    const registered = ctx.app.routeList.find(
      (r) => r.url === route.url && (Array.isArray(r.method) ? r.method : [r.method]).includes(route.method),
    );
    const access = accessOf(registered ?? { url: route.url }, route.method);
    const key = `${route.method} ${route.url}`;
    const method = route.method as Method;
    if (!access) {
      unresolved.push(key);
      continue;
    }
    const types = access.subject === ":type" ? VERSIONED_TYPES : [access.subject];
    for (const subject of types) {
      const path = fillPath(route.url, (name) => (name === "type" ? subject : name === "slug" ? "x" : randomUUID()));
      cases.push({ method, url: route.url, path, subject, action: access.action });
    }
  }
  return { cases, unresolved };
}

const allows = (role: Role, { subject, action }: Case) =>
  role === "admin" || (action === "read" ? canRead(role, subject) : can(role, subject, action));

beforeAll(async () => {
  ctx = await createTestContext({ app: { rateLimit: false } });
  for (const role of ROLES) await accountWith(role);
});
afterAll(async () => {
  await ctx?.close();
});

describe("roles on every admin route (decision 0114)", () => {
  it("every admin route says what it does: a route with no declared permission fails here", () => {
    const { cases, unresolved } = adminCases();
    expect(unresolved).toEqual([]);
    expect(cases.length).toBeGreaterThan(100);
  });

  it.each(ROLES)("%s: each route answers 403 role.forbidden exactly where the declarations refuse the role", async (role) => {
    const wrong: string[] = [];
    for (const c of adminCases().cases) {
      const key = `${c.method} ${c.url}`;
      const allowed = allows(role, c);
      if (allowed && ENDS_OWN_SESSION.has(key)) continue;
      const answer = await call(tokens[role], c.method, c.path, c.method === "GET" || c.method === "DELETE" ? undefined : {});
      const refused = answer.statusCode === 403 && answer.json<{ code: string }>().code === "role.forbidden";
      if (refused === allowed) wrong.push(`${key} (${c.subject} ${c.action}): ${answer.statusCode} ${answer.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("without a token every admin route answers 401; on a one-time password, 403 but for the password change", async () => {
    const email = `otp-${randomUUID().slice(0, 8)}@roles.test`;
    await createAdmin(ctx.database.db, email, PASSWORD, { role: "editor", oneTimePasswordHours: 1 });
    const otp = await signIn(email);
    const wrong: string[] = [];
    for (const c of adminCases().cases) {
      const key = `${c.method} ${c.url}`;
      const body = c.method === "GET" || c.method === "DELETE" ? undefined : {};
      const anonymous = await call(null, c.method, c.path, body);
      if (anonymous.statusCode !== 401) wrong.push(`anonymous ${key}: ${anonymous.statusCode}`);
      if (BEFORE_PASSWORD_CHANGE.has(key)) continue;
      const early = await call(otp, c.method, c.path, body);
      if (early.statusCode !== 403 || early.json<{ code: string }>().code !== "auth.must_change_password")
        wrong.push(`one-time password ${key}: ${early.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe("what a role cannot read does not leak through other doors", () => {
  it("the history lists only the rows of what the role reads, and records the author's role", async () => {
    const category = await call(tokens.editor, "POST", "/api/categories", {
      slug: `roles-${randomUUID().slice(0, 6)}`,
      nameFr: "Rôles",
      nameEn: "Roles",
    });
    expect(category.statusCode, category.body).toBe(201);
    const reply = await ctx.call(
      "POST",
      "/contact",
      { fullName: "Buyer", email: "buyer@example.com", phone: "", subject: "Price", message: "Hello" },
      false,
    );
    expect(reply.statusCode).toBe(201);

    const partner = await ctx.call("POST", "/partners", {
      name: "Roles partner",
      logoUrl: "/uploads/algues/p.webp",
      websiteUrl: "https://example.com",
    });
    expect(partner.statusCode, partner.body).toBe(201);

    const typesSeenBy = async (role: Role) =>
      new Set((await call(tokens[role], "GET", "/api/history?limit=100")).json<{ entityType: string }[]>().map((row) => row.entityType));
    expect([...(await typesSeenBy("admin"))]).toEqual(expect.arrayContaining(["category", "account", "partner"]));
    const editorSees = await typesSeenBy("editor");
    expect(editorSees.has("category")).toBe(true);
    for (const hidden of ["user", "message", "settings", "account", "privacy", "redirect"]) expect(editorSees.has(hidden)).toBe(false);
    const salesSees = await typesSeenBy("sales");
    for (const hidden of ["partner", "user", "settings", "account", "privacy", "banner"]) expect(salesSees.has(hidden)).toBe(false);

    const byEditors = (await call(tokens.admin, "GET", "/api/history?role=editor")).json<{ role: string; entityType: string }[]>();
    expect(byEditors.length).toBeGreaterThan(0);
    expect(byEditors.every((row) => row.role === "editor")).toBe(true);
  });

  it("the dashboard's summary answers only the figures of what the role reads", async () => {
    const keysOf = async (role: Role) => Object.keys((await call(tokens[role], "GET", "/api/analytics/summary")).json<object>()).sort();
    expect(await keysOf("editor")).toEqual(["activeProducts", "imagesMissingAlt", "toTranslate"]);
    expect(await keysOf("sales")).toEqual(expect.arrayContaining(["activeProducts", "totalMessages", "totalVisits", "unreadMessages"]));
    expect(await keysOf("sales")).not.toContain("imagesMissingAlt");
  });
});

describe("role changes", () => {
  it("only an administrator changes a role; it applies at the account's next request and is written in the history", async () => {
    const email = `moved-${randomUUID().slice(0, 8)}@roles.test`;
    const moved = await createAdmin(ctx.database.db, email, PASSWORD, { role: "editor" });
    const token = await signIn(email);
    expect((await call(token, "PUT", `/api/users/${moved._id}/role`, { role: "admin" })).statusCode).toBe(403);
    expect((await call(token, "GET", "/api/contact/submissions")).statusCode).toBe(403);

    const changed = await call(tokens.admin, "PUT", `/api/users/${moved._id}/role`, { role: "sales" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ role: string }>().role).toBe("sales");
    expect((await call(token, "GET", "/api/contact/submissions")).statusCode).toBe(200);
    expect((await call(token, "POST", "/api/categories", { slug: "nope", nameFr: "Non", nameEn: "No" })).statusCode).toBe(403);

    const [line] = (await call(tokens.admin, "GET", "/api/history?type=user&limit=1")).json<
      { action: string; entityId: string; changes: unknown[]; email: string; role: string }[]
    >();
    expect(line).toMatchObject({
      action: "update",
      entityId: moved._id,
      role: "admin",
      changes: [{ field: "role", before: "editor", after: "sales" }],
    });
    expect((await call(tokens.admin, "PUT", `/api/users/${moved._id}/role`, { role: "owner" })).statusCode).toBe(400);
  });

  it("the last administrator keeps the role, also when two administrators demote each other at once", async () => {
    const fresh = await createTestContext({ app: { rateLimit: false } });
    try {
      const first = await fresh.app.services.auth.verifyToken(fresh.token);
      if (!first) throw new Error("no session");
      const second = await createAdmin(fresh.database.db, "second@roles.test", PASSWORD, { role: "admin" });
      const login = await fresh.call("POST", "/auth/login", { email: "second@roles.test", password: PASSWORD }, false);
      const secondToken = login.json<{ token: string }>().token;
      const demote = (token: string, id: string) =>
        fresh.app.inject({
          method: "PUT",
          url: `/api/users/${id}/role`,
          payload: { role: "sales" },
          headers: { authorization: `Bearer ${token}` },
        });
      const answers = await Promise.all([demote(fresh.token, second._id), demote(secondToken, first.user._id)]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      // One demotion wins; the other is refused (409) or, if the winner's was first, its author is no administrator any more (403).
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const admins = await fresh.database.db.select({ _id: users._id }).from(users).where(eq(users.role, "admin"));
      expect(admins).toHaveLength(1);
      const lastId = admins[0]?._id;
      const lastToken = lastId === first.user._id ? fresh.token : secondToken;
      const alone = await fresh.app.inject({
        method: "PUT",
        url: `/api/users/${lastId}/role`,
        payload: { role: "editor" },
        headers: { authorization: `Bearer ${lastToken}` },
      });
      expect(alone.statusCode).toBe(409);
      expect(alone.json<{ code: string }>().code).toBe("admin.cannot_demote_last");
    } finally {
      await fresh.close();
    }
  });
});
