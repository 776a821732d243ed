import type { AdminSession, CreateAdminResponse, EndedSessions } from "@shared/schemas/admin-security";
import type { LoginResponse, User } from "@shared/schemas/auth";
import type { HistoryEntry } from "@shared/schemas/history";
import { eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { sessions } from "../db/schema/index";
import { SECURITY_DEFAULTS } from "../lib/security-config";
import { MUST_CHANGE_PASSWORD, UNAUTHENTICATED } from "../plugins/auth";
import { SESSION_NOT_FOUND, USE_END_OTHERS } from "../services/sessions";
import { ADMIN_NOT_FOUND } from "../services/users";

const FIREFOX_DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const CHROME_TABLET = "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

let ctx: TestContext;
let ipSeq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Method = "GET" | "POST" | "DELETE";

/** Each call from its own address, so the per-IP limit never masks what is tested. `userAgent: null` sends none. */
function call(method: Method, url: string, token?: string, options: { payload?: object; userAgent?: string | null } = {}) {
  ipSeq += 1;
  const headers: Record<string, string | undefined> = token ? { authorization: `Bearer ${token}` } : {};
  if (options.userAgent !== undefined) headers["user-agent"] = options.userAgent ?? undefined;
  const request: InjectOptions = {
    method,
    url: `/api${url}`,
    headers: headers as InjectOptions["headers"],
    remoteAddress: `10.2.${Math.floor(ipSeq / 250)}.${ipSeq % 250}`,
  };
  if (options.payload) request.payload = options.payload;
  return ctx.app.inject(request);
}

let accountSeq = 0;
/** A new administrator with their own password. */
async function newAdmin(): Promise<{ email: string; password: string; user: User }> {
  accountSeq += 1;
  const email = `sessions-${accountSeq}@test.local`;
  const password = `the-password-of-${accountSeq}`;
  const user = await ctx.app.services.auth.createUser(email, password);
  return { email, password, user };
}

async function signIn(account: { email: string; password: string }, userAgent: string | null = FIREFOX_DESKTOP): Promise<string> {
  const response = await call("POST", "/auth/login", undefined, { payload: account, userAgent });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoginResponse>().token;
}

/** The session id (`jti`) a token names. */
const sessionIdOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { jti: string }).jti;

const meStatus = async (token: string) => (await call("GET", "/auth/me", token)).statusCode;

async function listOf(token: string): Promise<AdminSession[]> {
  const response = await call("GET", "/auth/sessions", token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminSession[]>();
}

describe("listing the account's sessions", () => {
  it("lists each session with the browser and device class of the user agent it signed in with, and marks the caller's", async () => {
    const account = await newAdmin();
    const desktop = await signIn(account, FIREFOX_DESKTOP);
    const phone = await signIn(account, SAFARI_IPHONE);
    const tablet = await signIn(account, CHROME_TABLET);
    const bare = await signIn(account, null);

    const listed = await listOf(phone);
    expect(listed).toHaveLength(4);
    const byId = new Map(listed.map((s) => [s._id, s]));
    expect(byId.get(sessionIdOf(desktop))).toMatchObject({ browser: "Firefox", device: "desktop", current: false });
    expect(byId.get(sessionIdOf(phone))).toMatchObject({ browser: "Safari", device: "phone", current: true });
    expect(byId.get(sessionIdOf(tablet))).toMatchObject({ browser: "Chrome", device: "tablet", current: false });
    expect(byId.get(sessionIdOf(bare))).toMatchObject({ browser: null, device: null, current: false });
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    for (const session of listed) {
      expect(Object.keys(session).sort()).toEqual(["_id", "browser", "createdAt", "current", "device", "expiresAt", "lastSeenAt"]);
      const maxMs = SECURITY_DEFAULTS.sessionMaxHours * 3_600_000;
      expect(Date.parse(session.expiresAt) - Date.parse(session.createdAt)).toBeGreaterThan(maxMs - 60_000);
      expect(Date.parse(session.expiresAt) - Date.parse(session.createdAt)).toBeLessThanOrEqual(maxMs + 60_000);
    }
    // Another account's sessions are never listed.
    expect((await listOf(ctx.token)).map((s) => s._id)).not.toContain(sessionIdOf(phone));
  });

  it("lists the most recently active session first", async () => {
    const account = await newAdmin();
    const older = await signIn(account);
    const newer = await signIn(account);
    await ctx.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '10 minutes'` })
      .where(eq(sessions._id, sessionIdOf(newer)));
    await ctx.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '5 minutes'` })
      .where(eq(sessions._id, sessionIdOf(older)));
    const third = await signIn(account);
    // Listing bumps the caller's own activity (stale by over a minute): it comes first.
    expect((await listOf(newer)).map((s) => s._id)).toEqual([sessionIdOf(newer), sessionIdOf(third), sessionIdOf(older)]);
  });

  it("answers 401 to an anonymous caller and 403 to an account still on its one-time password", async () => {
    const anonymous = await call("GET", "/auth/sessions");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: UNAUTHENTICATED, code: "auth.required" });
    expect((await call("POST", "/auth/sessions/end-others")).statusCode).toBe(401);

    const created = (
      await call("POST", "/users", ctx.token, { payload: { email: "one-time-sessions@test.local", mode: "password" } })
    ).json<CreateAdminResponse>();
    if (created.mode !== "password") throw new Error("expected a one-time password");
    const token = await signIn({ email: "one-time-sessions@test.local", password: created.oneTimePassword });
    for (const [method, url] of [
      ["GET", "/auth/sessions"],
      ["POST", "/auth/sessions/end-others"],
      ["DELETE", `/auth/sessions/${sessionIdOf(token)}`],
      ["DELETE", `/users/${created.user._id}/sessions`],
    ] as const) {
      const refused = await call(method, url, token);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toEqual({ error: MUST_CHANGE_PASSWORD, code: "auth.must_change_password" });
    }
    expect(await meStatus(token)).toBe(200);
  });
});

describe("ending the account's own sessions", () => {
  it("ends one other session: its token is refused at once, the caller's stays valid", async () => {
    const account = await newAdmin();
    const mine = await signIn(account);
    const lost = await signIn(account, SAFARI_IPHONE);
    expect(await meStatus(lost)).toBe(200);
    const ended = await call("DELETE", `/auth/sessions/${sessionIdOf(lost)}`, mine);
    expect(ended.statusCode, ended.body).toBe(204);
    expect(await meStatus(lost)).toBe(401);
    expect(await meStatus(mine)).toBe(200);
    expect((await listOf(mine)).map((s) => s._id)).toEqual([sessionIdOf(mine)]);
    // Already ended: nothing left to end.
    const again = await call("DELETE", `/auth/sessions/${sessionIdOf(lost)}`, mine);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: SESSION_NOT_FOUND, code: "not_found", params: { item: "session" } });
  });

  it("answers 404 for another account's session, which stays valid; 400 for an id that is not one", async () => {
    const account = await newAdmin();
    const mine = await signIn(account);
    const someoneElses = await signIn(await newAdmin());
    const refused = await call("DELETE", `/auth/sessions/${sessionIdOf(someoneElses)}`, mine);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: SESSION_NOT_FOUND, code: "not_found", params: { item: "session" } });
    expect(await meStatus(someoneElses)).toBe(200);
    expect((await call("DELETE", "/auth/sessions/not-a-session", mine)).statusCode).toBe(400);
  });

  it("ends the caller's own session as a sign-out", async () => {
    const account = await newAdmin();
    const mine = await signIn(account);
    const other = await signIn(account);
    expect((await call("DELETE", `/auth/sessions/${sessionIdOf(mine)}`, mine)).statusCode).toBe(204);
    expect(await meStatus(mine)).toBe(401);
    expect(await meStatus(other)).toBe(200);
  });

  it("ends every other session and keeps the caller's; answers how many ended and writes one history line", async () => {
    const account = await newAdmin();
    const mine = await signIn(account);
    const others = [await signIn(account, SAFARI_IPHONE), await signIn(account, CHROME_TABLET)];
    const someoneElse = ctx.token;
    const response = await call("POST", "/auth/sessions/end-others", mine);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<EndedSessions>()).toEqual({ ended: 2 });
    for (const token of others) expect(await meStatus(token)).toBe(401);
    expect(await meStatus(mine)).toBe(200);
    expect(await meStatus(someoneElse)).toBe(200);
    expect((await listOf(mine)).map((s) => s._id)).toEqual([sessionIdOf(mine)]);
    expect((await call("POST", "/auth/sessions/end-others", mine)).json<EndedSessions>()).toEqual({ ended: 0 });

    const history = (await call("GET", `/history?userId=${account.user._id}&type=account`, ctx.token)).json<HistoryEntry[]>();
    expect(history.map((i) => [i.action, i.label])).toEqual([
      ["session.end-others", account.email],
      ["session.end-others", account.email],
    ]);
  });
});

describe("an administrator ending another administrator's sessions", () => {
  it("ends all their sessions at once (their tokens answer 401), names them in the history, and leaves the caller signed in", async () => {
    const target = await newAdmin();
    const theirs = [await signIn(target), await signIn(target, SAFARI_IPHONE)];
    const caller = await newAdmin();
    const mine = await signIn(caller);
    const response = await call("DELETE", `/users/${target.user._id}/sessions`, mine);
    expect(response.statusCode, response.body).toBe(204);
    for (const token of theirs) expect(await meStatus(token)).toBe(401);
    expect(await meStatus(mine)).toBe(200);
    // They may sign in again: the account is untouched.
    expect(await meStatus(await signIn(target))).toBe(200);

    const history = (await call("GET", `/history?userId=${caller.user._id}`, ctx.token)).json<HistoryEntry[]>();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      email: caller.email,
      action: "session.end-all",
      entityType: "user",
      entityId: target.user._id,
      label: target.email,
    });
  });

  it("refuses the caller's own account with 400 (end-others is the way), and an unknown administrator with 404", async () => {
    const caller = await newAdmin();
    const mine = await signIn(caller);
    const own = await call("DELETE", `/users/${caller.user._id}/sessions`, mine);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ error: USE_END_OTHERS, code: "session.end_own" });
    expect(await meStatus(mine)).toBe(200);
    const unknown = await call("DELETE", "/users/7b0c7f5e-4f3a-4c55-9a55-3c1f7e0b2d11/sessions", mine);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: ADMIN_NOT_FOUND, code: "not_found", params: { item: "administrator" } });
    expect((await call("DELETE", `/users/${caller.user._id}/sessions`)).statusCode).toBe(401);
  });
});

describe("session timeouts", () => {
  it("refuses a session idle longer than the idle timeout, and no longer lists it", async () => {
    const account = await newAdmin();
    const mine = await signIn(account);
    const idle = await signIn(account);
    await ctx.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - ${`${SECURITY_DEFAULTS.sessionIdleMinutes + 1} minutes`}::interval` })
      .where(eq(sessions._id, sessionIdOf(idle)));
    expect((await listOf(mine)).map((s) => s._id)).toEqual([sessionIdOf(mine)]);
    expect(await meStatus(idle)).toBe(401);
  });

  it("keeps a session active just inside the idle timeout", async () => {
    const account = await newAdmin();
    const token = await signIn(account);
    await ctx.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - ${`${SECURITY_DEFAULTS.sessionIdleMinutes - 1} minutes`}::interval` })
      .where(eq(sessions._id, sessionIdOf(token)));
    expect(await meStatus(token)).toBe(200);
  });

  it("refuses a session past its absolute lifetime even while in use, and no longer lists it", async () => {
    const account = await newAdmin();
    const mine = await signIn(account);
    const old = await signIn(account);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions._id, sessionIdOf(old)));
    expect((await listOf(mine)).map((s) => s._id)).toEqual([sessionIdOf(mine)]);
    expect(await meStatus(old)).toBe(401);
  });
});
