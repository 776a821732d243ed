import type { LoginResponse } from "@shared/schemas/auth";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, TEST_DATA_KEY, type TestContext } from "../../test/test-app";
import { buildApp } from "../app";
import { loginThrottle } from "../db/schema/index";
import { INVALID_CREDENTIALS, WRONG_CURRENT_PASSWORD } from "../services/auth";
import { LOCKOUT, lockoutDelayMs } from "../services/login-throttle";

let ctx: TestContext;
/** A second instance of the server on the same database, as behind a load balancer. */
let other: FastifyInstance;
let ipSeq = 0;

beforeAll(async () => {
  ctx = await createTestContext({ app: { rateLimit: false } });
  other = await buildApp({
    db: ctx.database.db,
    mailer: ctx.mailer,
    storage: ctx.app.services.storage,
    jwtSecret: "test-secret-test-secret-test-secret-0123",
    publicUrl: "http://localhost:3000",
    dataKey: TEST_DATA_KEY,
  });
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

/** Each call from its own address unless one is given (the lockout counts per account and address). */
function call(app: FastifyInstance, method: "GET" | "POST", url: string, payload?: object, token?: string, ip?: string) {
  ipSeq += 1;
  const options: InjectOptions = {
    method,
    url: `/api${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: ip ?? `10.1.${Math.floor(ipSeq / 250)}.${ipSeq % 250}`,
  };
  if (payload) options.payload = payload;
  return app.inject(options);
}

async function signIn(email: string, password: string, app = ctx.app, ip?: string): Promise<string> {
  const response = await call(app, "POST", "/auth/login", { email, password }, undefined, ip);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoginResponse>().token;
}

const meStatus = async (token: string, app = ctx.app) => (await call(app, "GET", "/auth/me", undefined, token)).statusCode;

/** Moves every recorded failure of an account back in time, as if that long had passed (database clock). */
async function age(email: string, seconds: number): Promise<void> {
  const { sql, like } = await import("drizzle-orm");
  await ctx.database.db
    .update(loginThrottle)
    .set({ lastAt: sql`${loginThrottle.lastAt} - ${`${seconds} seconds`}::interval` })
    .where(like(loginThrottle.key, `%:${email}%`));
}

const login = (app: FastifyInstance, email: string, password: string, ip: string) =>
  call(app, "POST", "/auth/login", { email, password }, undefined, ip);

describe("account lockout", () => {
  it("doubles the lock from 1 minute after each further failure, capped at 1 hour", () => {
    expect([4, 5, 6, 7, 8].map((n) => lockoutDelayMs(n))).toEqual([0, 60_000, 120_000, 240_000, 480_000]);
    expect(lockoutDelayMs(30)).toBe(LOCKOUT.address.maxDelayMs);
    expect(lockoutDelayMs(LOCKOUT.account.threshold, LOCKOUT.account)).toBe(15 * 60_000);
  });

  it("locks an address after 5 wrong passwords with 429, Retry-After and a bilingual message saying when, on every instance", async () => {
    const email = "locked@test.local";
    const password = "the-locked-password";
    await ctx.app.services.auth.createUser(email, password);
    for (let i = 0; i < LOCKOUT.address.threshold; i++) {
      const wrong = await login(i % 2 ? other : ctx.app, email, `wrong-${i}`, "192.0.2.10");
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: INVALID_CREDENTIALS, code: "auth.invalid_credentials" });
    }
    for (const app of [ctx.app, other]) {
      const locked = await login(app, email, password, "192.0.2.10");
      expect(locked.statusCode).toBe(429);
      const retryAfter = Number(locked.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(50);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const body = locked.json<{ error: string; details: { retryAfterSeconds: number; lockedUntil: string } }>();
      expect(body.error).toBe(
        "Compte verrouillé après trop de tentatives : réessayez dans 1 min. / Account locked after too many attempts: try again in 1 minute.",
      );
      expect(body.details.retryAfterSeconds).toBe(retryAfter);
      expect(Date.parse(body.details.lockedUntil)).toBeGreaterThan(Date.now());
    }
  });

  it("never locks the owner out from another address: 5 strangers' failures leave the owner's sign-in and password change working", async () => {
    const email = "owner@test.local";
    const password = "the-owner-password";
    await ctx.app.services.auth.createUser(email, password);
    const session = await signIn(email, password, ctx.app, "198.51.100.1");
    for (let i = 0; i < LOCKOUT.address.threshold + 3; i++) await login(other, email, `guess-${i}`, "203.0.113.66");
    expect((await login(other, email, password, "203.0.113.66")).statusCode).toBe(429);
    await signIn(email, password, ctx.app, "198.51.100.1");
    const changed = await call(
      other,
      "POST",
      "/auth/password",
      { currentPassword: password, newPassword: "the-owner-password-2" },
      session,
      "198.51.100.1",
    );
    expect(changed.statusCode, changed.body).toBe(204);
  });

  it("checks exactly 5 of 24 parallel wrong passwords from one address, split over two instances", async () => {
    const email = "race@test.local";
    await ctx.app.services.auth.createUser(email, "the-race-password");
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => login(i % 2 ? other : ctx.app, email, `parallel-${i}`, "192.0.2.24")),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(LOCKOUT.address.threshold);
    expect(codes.filter((c) => c === 429)).toHaveLength(24 - LOCKOUT.address.threshold);
  });

  it("caps what many addresses together get at the per-account ceiling, atomically, but never for the owner's own address", async () => {
    const email = "ceiling@test.local";
    const password = "the-ceiling-password";
    await ctx.app.services.auth.createUser(email, password);
    await signIn(email, password, ctx.app, "198.51.100.7");
    const addresses = Array.from({ length: 12 }, (_, i) => `203.0.113.${100 + i}`);
    // 12 addresses × 5 attempts = 60 sent at once, on both instances: the ceiling lets 50 be checked.
    const answers = await Promise.all(
      addresses.flatMap((ip, a) =>
        Array.from({ length: LOCKOUT.address.threshold }, (_, i) => login((a + i) % 2 ? other : ctx.app, email, `spray-${a}-${i}`, ip)),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(
      codes.filter((c) => c !== 401 && c !== 429),
      answers.find((a) => a.statusCode !== 401 && a.statusCode !== 429)?.body,
    ).toEqual([]);
    expect(codes.filter((c) => c === 401)).toHaveLength(LOCKOUT.account.threshold);
    expect(codes.filter((c) => c === 429)).toHaveLength(60 - LOCKOUT.account.threshold);
    // A new address, even with the right password, waits; the owner's address (a sign-in there before) does not.
    const stranger = await login(ctx.app, email, password, "192.0.2.200");
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers["retry-after"])).toBeGreaterThan(14 * 60);
    await signIn(email, password, other, "198.51.100.7");
  });

  it("lets one attempt through when the lock ends, locks twice as long after another failure, and clears it on success", async () => {
    const email = "escalate@test.local";
    const password = "the-escalate-password";
    const ip = "192.0.2.30";
    await ctx.app.services.auth.createUser(email, password);
    for (let i = 0; i < LOCKOUT.address.threshold; i++) await login(ctx.app, email, "wrong", ip);
    expect((await login(ctx.app, email, password, ip)).statusCode).toBe(429);

    await age(email, 61);
    expect((await login(ctx.app, email, "wrong-again", ip)).statusCode).toBe(401);
    const second = await login(other, email, password, ip);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers["retry-after"])).toBeGreaterThan(110);
    expect(Number(second.headers["retry-after"])).toBeLessThanOrEqual(120);
    expect(second.json<{ error: string }>().error).toContain("réessayez dans 2 min");

    await age(email, 121);
    await signIn(email, password, other, ip);
    // Cleared: the next wrong password is an ordinary failure, not a new lock.
    expect((await login(ctx.app, email, "wrong", ip)).statusCode).toBe(401);
    await signIn(email, password, ctx.app, ip);
  });

  it("forgets failures older than a day", async () => {
    const email = "forgotten@test.local";
    const password = "the-forgotten-password";
    await ctx.app.services.auth.createUser(email, password);
    for (let i = 0; i < LOCKOUT.address.threshold; i++) await login(ctx.app, email, "wrong", "192.0.2.40");
    await age(email, LOCKOUT.memoryMs / 1000 + 1);
    await signIn(email, password, ctx.app, "192.0.2.40");
  });
});

describe("sign-out", () => {
  it("revokes only the token it is called with, on every instance; the token is then refused", async () => {
    const email = "logout@test.local";
    const password = "the-logout-password";
    await ctx.app.services.auth.createUser(email, password);
    const first = await signIn(email, password);
    const second = await signIn(email, password, other);
    expect((await call(ctx.app, "POST", "/auth/logout", undefined, first)).statusCode).toBe(204);
    expect(await meStatus(first)).toBe(401);
    expect(await meStatus(first, other)).toBe(401);
    expect(await meStatus(second)).toBe(200);
    expect((await call(other, "POST", "/auth/logout", undefined, first)).statusCode).toBe(401);
    expect((await call(ctx.app, "POST", "/auth/logout")).statusCode).toBe(401);
  });
});

describe("password change", () => {
  const email = "changer@test.local";
  const password = "the-original-password";

  it("refuses anonymous callers, a wrong current password, a short or unchanged new one, and changes nothing then", async () => {
    await ctx.app.services.auth.createUser(email, password);
    const token = await signIn(email, password);
    const anonymous = await call(ctx.app, "POST", "/auth/password", { currentPassword: password, newPassword: "a-new-password-1" });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await call(ctx.app, "POST", "/auth/password", { currentPassword: "not-it", newPassword: "a-new-password-1" }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: WRONG_CURRENT_PASSWORD, code: "auth.wrong_current_password" });
    const short = await call(ctx.app, "POST", "/auth/password", { currentPassword: password, newPassword: "short" }, token);
    expect(short.statusCode).toBe(400);
    expect(short.json<{ error: string }>().error).toContain("12 caractères minimum");
    const same = await call(ctx.app, "POST", "/auth/password", { currentPassword: password, newPassword: password }, token);
    expect(same.statusCode).toBe(400);
    expect((await call(ctx.app, "POST", "/auth/password", {}, token)).statusCode).toBe(400);
    await signIn(email, password);
  });

  it("changes the password, keeps the caller's session and ends every other session of the account only", async () => {
    const caller = await signIn(email, password);
    const elsewhere = await signIn(email, password, other);
    const third = await signIn(email, password);
    const someoneElse = ctx.token;
    const changed = await call(other, "POST", "/auth/password", { currentPassword: password, newPassword: "the-new-password" }, caller);
    expect(changed.statusCode, changed.body).toBe(204);
    expect(await meStatus(caller)).toBe(200);
    expect(await meStatus(elsewhere)).toBe(401);
    expect(await meStatus(third, other)).toBe(401);
    expect(await meStatus(someoneElse)).toBe(200);
    expect((await call(ctx.app, "POST", "/auth/login", { email, password })).statusCode).toBe(401);
    await signIn(email, "the-new-password");
  });

  it("counts wrong current passwords toward the lockout of the caller's address", async () => {
    const lockedEmail = "changer-locked@test.local";
    const ip = "192.0.2.50";
    await ctx.app.services.auth.createUser(lockedEmail, password);
    const token = await signIn(lockedEmail, password, ctx.app, ip);
    for (let i = 0; i < LOCKOUT.address.threshold; i++) {
      const response = await call(
        ctx.app,
        "POST",
        "/auth/password",
        { currentPassword: `guess-${i}`, newPassword: "a-new-password-1" },
        token,
        ip,
      );
      expect(response.statusCode).toBe(400);
    }
    const change = { currentPassword: password, newPassword: "a-new-password-1" };
    const locked = await call(ctx.app, "POST", "/auth/password", change, token, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers["retry-after"]).toBeDefined();
    expect((await login(ctx.app, lockedEmail, password, ip)).statusCode).toBe(429);
  });
});
