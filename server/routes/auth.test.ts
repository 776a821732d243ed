import type { LoginResponse, User } from "@shared/schemas/auth";
import type { InjectOptions } from "fastify";
import { decodeJwt, SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestContext, type TestContext } from "../../test/test-app";
import { INVALID_CREDENTIALS } from "../services/auth";

/** The secret `createTestContext` gives the app; the control token below proves it is the right one. */
const TEST_JWT_SECRET = new TextEncoder().encode("test-secret-test-secret-test-secret-0123");

let ctx: TestContext;
let ipSeq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Each call comes from its own address unless told otherwise, so the per-IP limit does not mask per-account rules. */
function call(method: "GET" | "POST", url: string, options: { payload?: object; headers?: Record<string, string>; ip?: string } = {}) {
  ipSeq += 1;
  const inject: InjectOptions = {
    method,
    url: `/api${url}`,
    headers: options.headers ?? {},
    remoteAddress: options.ip ?? `10.0.0.${ipSeq}`,
  };
  if (options.payload) inject.payload = options.payload;
  return ctx.app.inject(inject);
}

const me = (token?: string) => call("GET", "/auth/me", token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } });

describe("login", () => {
  it("returns a token and the user, and never the password hash", async () => {
    const response = await call("POST", "/auth/login", { payload: { email: ` ${ADMIN.email.toUpperCase()} `, password: ADMIN.password } });
    expect(response.statusCode).toBe(200);
    const body = response.json<LoginResponse>();
    expect(Object.keys(body).sort()).toEqual(["token", "user"]);
    expect(body.user).toEqual({ _id: expect.any(String), email: ADMIN.email, role: "admin", createdAt: expect.any(String) });
    expect(response.body).not.toMatch(/passwordHash|password_hash|\$argon2/);
    expect((await me(body.token)).json<{ user: User }>().user.email).toBe(ADMIN.email);
  });

  it("answers 401 with the same message for an unknown e-mail and a wrong password", async () => {
    const unknown = await call("POST", "/auth/login", { payload: { email: "nobody@test.local", password: ADMIN.password } });
    const wrong = await call("POST", "/auth/login", { payload: { email: "other-account@test.local", password: "wrong-password" } });
    await ctx.app.services.auth.createUser("wrong-pass@test.local", "the-right-password");
    const wrongPassword = await call("POST", "/auth/login", { payload: { email: "wrong-pass@test.local", password: "not-the-right-one" } });
    for (const response of [unknown, wrong, wrongPassword]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: INVALID_CREDENTIALS, code: "auth.invalid_credentials" });
    }
  });

  it("refuses a login without e-mail or password with 400", async () => {
    expect((await call("POST", "/auth/login", { payload: { email: "   ", password: "x" } })).statusCode).toBe(400);
    expect((await call("POST", "/auth/login", { payload: { email: ADMIN.email } })).statusCode).toBe(400);
  });

  it("throttles an account from an address with 429 after 5 failures, even with the right password or another spelling", async () => {
    const email = "throttled@test.local";
    const password = "throttled-password";
    const ip = "192.0.2.9";
    await ctx.app.services.auth.createUser(email, password);
    for (let i = 0; i < 5; i++) {
      expect((await call("POST", "/auth/login", { payload: { email, password: `wrong-${i}` }, ip })).statusCode).toBe(401);
    }
    const blocked = await call("POST", "/auth/login", { payload: { email, password }, ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toHaveProperty("error");
    expect((await call("POST", "/auth/login", { payload: { email: email.toUpperCase(), password }, ip })).statusCode).toBe(429);
    expect((await call("POST", "/auth/login", { payload: ADMIN, ip })).statusCode).toBe(200);
  });

  it("limits sign-in attempts per address with 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await call("POST", "/auth/login", { payload: { email: `ip-${i}@test.local`, password: "x" }, ip: "192.0.2.50" })).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe("/auth/me", () => {
  const claims = () => decodeJwt(ctx.token);
  const sign = (build: (jwt: SignJWT) => SignJWT, secret = TEST_JWT_SECRET) => {
    const { iss, aud, sub } = claims();
    const jwt = new SignJWT({ email: ADMIN.email })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(sub))
      .setIssuer(String(iss))
      .setAudience(aud ?? "")
      .setIssuedAt()
      .setExpirationTime("1h");
    return build(jwt).sign(secret);
  };

  it("answers the signed-in user for a valid token, including one crafted with the app's claims and a live session id", async () => {
    const response = await me(ctx.token);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ user: User }>().user.email).toBe(ADMIN.email);
    expect(response.body).not.toContain("passwordHash");
    expect((await me(await sign((jwt) => jwt.setJti(String(claims().jti))))).statusCode).toBe(200);
  });

  it("answers 401 with a missing, garbage, expired, wrong-audience, wrong-issuer, wrong-secret or unsigned token", async () => {
    const { iss, aud, sub } = claims();
    const past = Math.floor(Date.now() / 1000) - 3600;
    const tokens: [string, string | undefined][] = [
      ["missing", undefined],
      ["empty", ""],
      ["garbage", "not.a.jwt"],
      ["expired", await sign((jwt) => jwt.setIssuedAt(past - 60).setExpirationTime(past))],
      ["wrong audience", await sign((jwt) => jwt.setAudience("someone-else"))],
      ["wrong issuer", await sign((jwt) => jwt.setIssuer("someone-else"))],
      ["wrong secret", await sign((jwt) => jwt, new TextEncoder().encode("another-secret-another-secret-another-0"))],
      [
        "alg none",
        new UnsecuredJWT({ email: ADMIN.email })
          .setSubject(String(sub))
          .setIssuer(String(iss))
          .setAudience(aud ?? "")
          .setIssuedAt()
          .setExpirationTime("1h")
          .encode(),
      ],
      ["unknown user", await sign((jwt) => jwt.setSubject("00000000-0000-4000-8000-000000000000").setJti(String(claims().jti)))],
      ["no session id", await sign((jwt) => jwt)],
      ["unknown session", await sign((jwt) => jwt.setJti("00000000-0000-4000-8000-000000000000"))],
      ["session id that is no UUID", await sign((jwt) => jwt.setJti("not-a-uuid"))],
    ];
    for (const [label, token] of tokens) {
      const response = await me(token);
      expect(response.statusCode, label).toBe(401);
      expect(response.json(), label).toHaveProperty("error");
    }
    expect((await call("GET", "/auth/me", { headers: { authorization: ctx.token } })).statusCode).toBe(401);
  });
});

describe("register", () => {
  const newAdmin = { email: "second-admin@test.local", password: "a-long-enough-password" };

  it("refuses anonymous callers with 401, even on a database without administrators", async () => {
    const response = await call("POST", "/auth/register", { payload: newAdmin });
    expect(response.statusCode).toBe(401);
    expect((await call("POST", "/auth/login", { payload: newAdmin })).statusCode).toBe(401);
    const fresh = await createTestContext({ withAdmin: false });
    try {
      const first = await fresh.app.inject({ method: "POST", url: "/api/auth/register", payload: newAdmin });
      expect(first.statusCode).toBe(401);
      expect(await fresh.app.services.auth.countAdmins()).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it("registers a new admin for a full administrator (201), who can then sign in, and records it in the history", async () => {
    const response = await call("POST", "/auth/register", { payload: newAdmin, headers: ctx.auth });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ user: User }>().user).toMatchObject({ email: newAdmin.email });
    expect(response.body).not.toMatch(/passwordHash|\$argon2/);
    expect((await call("POST", "/auth/login", { payload: newAdmin })).statusCode).toBe(200);
    expect((await call("POST", "/auth/register", { payload: newAdmin, headers: ctx.auth })).statusCode).toBe(409);
    const history = await call("GET", "/history?type=user", { headers: ctx.auth });
    expect(history.json<{ action: string; label: string | null; email: string }[]>()).toContainEqual(
      expect.objectContaining({ action: "create", label: newAdmin.email, email: ADMIN.email }),
    );
  });

  it("refuses an account still on its one-time password with 403, and creates nobody", async () => {
    const created = await call("POST", "/users", { payload: { email: "otp-register@test.local", mode: "password" }, headers: ctx.auth });
    const { oneTimePassword } = created.json<{ oneTimePassword: string }>();
    const otp = await call("POST", "/auth/login", { payload: { email: "otp-register@test.local", password: oneTimePassword } });
    const token = otp.json<LoginResponse>().token;
    const attempt = { email: "smuggled@test.local", password: "a-smuggled-password" };
    const response = await call("POST", "/auth/register", { payload: attempt, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(403);
    expect((await call("POST", "/auth/login", { payload: attempt })).statusCode).toBe(401);
  });

  it("refuses a short password or an invalid e-mail with 400", async () => {
    expect(
      (await call("POST", "/auth/register", { payload: { email: "x@test.local", password: "short" }, headers: ctx.auth })).statusCode,
    ).toBe(400);
    expect(
      (await call("POST", "/auth/register", { payload: { email: "not-an-email", password: "long-enough-pass" }, headers: ctx.auth }))
        .statusCode,
    ).toBe(400);
  });
});
