import type { LoginTotpRequired, TotpEnableResponse, TotpSetup, TotpStatus } from "@shared/schemas/admin-security";
import type { LoginResponse } from "@shared/schemas/auth";
import { eq, like, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { buildApp } from "../app";
import { loginThrottle, users } from "../db/schema/index";
import { isSealed } from "../lib/encryption";
import { UNAUTHENTICATED } from "../plugins/auth";
import { EXPIRED_TOTP_CHALLENGE, INVALID_TOTP_CODE, TOTP_SECRET_UNREADABLE, WRONG_PASSWORD } from "../services/auth";
import { LOCKOUT } from "../services/login-throttle";
import { totpCodeAt } from "../services/totp";

let ctx: TestContext;
let ipSeq = 0;
beforeAll(async () => {
  ctx = await createTestContext({ app: { rateLimit: false } });
});
afterAll(() => ctx.close());

const STEP_MS = 30_000;

function call(method: "GET" | "POST", url: string, options: { payload?: object; token?: string | null; ip?: string } = {}) {
  ipSeq += 1;
  const inject: InjectOptions = {
    method,
    url: `/api${url}`,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    remoteAddress: options.ip ?? `10.4.0.${ipSeq % 250}`,
  };
  if (options.payload) inject.payload = options.payload;
  return ctx.app.inject(inject);
}

/** A new account with TOTP on: its secret, recovery codes and a session token. */
async function enrolled(email: string, password: string) {
  await ctx.app.services.auth.createUser(email, password);
  const login = await call("POST", "/auth/login", { payload: { email, password } });
  const { token } = login.json<LoginResponse>();
  const setup = (await call("POST", "/auth/totp/setup", { token })).json<TotpSetup>();
  const enabled = await call("POST", "/auth/totp/enable", { token, payload: { code: totpCodeAt(setup.secret, Date.now()), password } });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret: setup.secret, token, recoveryCodes: enabled.json<TotpEnableResponse>().recoveryCodes };
}

async function challengeFor(email: string, password: string, ip?: string): Promise<string> {
  const response = await call("POST", "/auth/login", { payload: { email, password }, ...(ip ? { ip } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<LoginTotpRequired>();
  expect(Object.keys(body).sort()).toEqual(["challenge", "totpRequired"]);
  expect(body.totpRequired).toBe(true);
  return body.challenge;
}

const sendCode = (challenge: string, code: string, ip?: string) =>
  call("POST", "/auth/login/totp", { payload: { challenge, code }, ...(ip ? { ip } : {}) });

describe("TOTP routes: auth first and validation", () => {
  it("answers 401 to anonymous calls of the enrolment routes", async () => {
    for (const url of ["/auth/totp/setup", "/auth/totp/enable", "/auth/totp/disable"]) {
      const response = await call("POST", url, { payload: { code: "123456", password: "x" } });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ error: UNAUTHENTICATED, code: "auth.required" });
    }
    expect((await call("GET", "/auth/totp")).statusCode).toBe(401);
  });

  it("refuses a code that is not 6 digits or a recovery code with 400", async () => {
    expect((await call("POST", "/auth/login/totp", { payload: { challenge: "x", code: "12ab" } })).statusCode).toBe(400);
    expect((await call("POST", "/auth/login/totp", { payload: { code: "123456" } })).statusCode).toBe(400);
  });
});

describe("enrolment", () => {
  it("shows a QR code and the secret, asks a code of it, then gives 10 recovery codes once", async () => {
    await ctx.app.services.auth.createUser("enrol@test.local", "enrol-password");
    const { token } = (
      await call("POST", "/auth/login", { payload: { email: "enrol@test.local", password: "enrol-password" } })
    ).json<LoginResponse>();
    expect((await call("GET", "/auth/totp", { token })).json<TotpStatus>()).toEqual({
      enabled: false,
      pending: false,
      recoveryCodesLeft: 0,
    });
    expect((await call("POST", "/auth/totp/enable", { token, payload: { code: "123456", password: "enrol-password" } })).statusCode).toBe(
      400,
    );

    const setup = (await call("POST", "/auth/totp/setup", { token })).json<TotpSetup>();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(setup.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    // Until confirmed, sign-in does not ask for a code.
    const plain = await call("POST", "/auth/login", { payload: { email: "enrol@test.local", password: "enrol-password" } });
    expect(Object.keys(plain.json()).sort()).toEqual(["token", "user"]);

    const wrong = await call("POST", "/auth/totp/enable", {
      token,
      payload: { code: totpCodeAt(setup.secret, Date.now() + 5 * STEP_MS), password: "enrol-password" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: INVALID_TOTP_CODE, code: "auth.totp_invalid_code" });

    const enabled = await call("POST", "/auth/totp/enable", {
      token,
      payload: { code: totpCodeAt(setup.secret, Date.now()), password: "enrol-password" },
    });
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json<TotpEnableResponse>().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await call("GET", "/auth/totp", { token })).json<TotpStatus>()).toEqual({
      enabled: true,
      pending: false,
      recoveryCodesLeft: 10,
    });
    expect((await call("POST", "/auth/totp/setup", { token })).statusCode).toBe(409);
  });
});

describe("sign-in with a second factor", () => {
  it("keeps the SPEC answer for accounts without TOTP and asks a code for accounts with it", async () => {
    const { secret } = await enrolled("two-step@test.local", "two-step-password");
    const challenge = await challengeFor("two-step@test.local", "two-step-password");
    const response = await sendCode(challenge, totpCodeAt(secret, Date.now() + STEP_MS));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<LoginResponse>();
    expect(Object.keys(body).sort()).toEqual(["token", "user"]);
    expect((await call("GET", "/auth/me", { token: body.token })).statusCode).toBe(200);
  });

  it("accepts a code of the next time step (±1 window) but not two steps away, and never the same code twice", async () => {
    const { secret } = await enrolled("window@test.local", "window-password");
    const challenge = await challengeFor("window@test.local", "window-password");
    const tooFar = await sendCode(challenge, totpCodeAt(secret, Date.now() + 3 * STEP_MS));
    expect(tooFar.statusCode).toBe(401);
    expect(tooFar.json()).toEqual({ error: INVALID_TOTP_CODE, code: "auth.totp_invalid_code" });

    const next = totpCodeAt(secret, Date.now() + STEP_MS);
    expect((await sendCode(challenge, next)).statusCode).toBe(200);
    const replay = await sendCode(await challengeFor("window@test.local", "window-password"), next);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: INVALID_TOTP_CODE, code: "auth.totp_invalid_code" });
    // The previous step is within the window but older than the code already used: refused too.
    const previous = await sendCode(await challengeFor("window@test.local", "window-password"), totpCodeAt(secret, Date.now() - STEP_MS));
    expect(previous.statusCode).toBe(401);
  });

  it("accepts each recovery code once, with or without its dash", async () => {
    const { recoveryCodes, token } = await enrolled("recovery@test.local", "recovery-password");
    const [first = "", second = ""] = recoveryCodes;
    expect((await sendCode(await challengeFor("recovery@test.local", "recovery-password"), first)).statusCode).toBe(200);
    const again = await sendCode(await challengeFor("recovery@test.local", "recovery-password"), first);
    expect(again.statusCode).toBe(401);
    expect(
      (await sendCode(await challengeFor("recovery@test.local", "recovery-password"), second.replace("-", "").toUpperCase())).statusCode,
    ).toBe(200);
    expect((await call("GET", "/auth/totp", { token })).json<TotpStatus>().recoveryCodesLeft).toBe(8);
  });

  it("counts wrong codes in the lockout, which typing the password again does not reset", async () => {
    const { secret } = await enrolled("lock-code@test.local", "lock-code-password");
    const wrong = totpCodeAt(secret, Date.now() + 10 * STEP_MS);
    const ip = "192.0.2.77";
    for (let i = 0; i < LOCKOUT.address.threshold; i++) {
      const response = await sendCode(await challengeFor("lock-code@test.local", "lock-code-password", ip), wrong, ip);
      expect(response.statusCode).toBe(401);
    }
    const locked = await call("POST", "/auth/login", { payload: { email: "lock-code@test.local", password: "lock-code-password" }, ip });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers["retry-after"]).toBeDefined();
  });

  it("refuses a forged, expired or session-token challenge with 401", async () => {
    const { token } = await enrolled("challenge@test.local", "challenge-password");
    for (const challenge of ["not-a-jwt", token]) {
      const response = await sendCode(challenge, "123456");
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: EXPIRED_TOTP_CHALLENGE, code: "auth.totp_challenge_expired" });
    }
  });
});

/** Moves every counter of an account back in time, as if that long had passed (the lock runs on the database clock). */
async function age(email: string, seconds: number): Promise<void> {
  await ctx.database.db
    .update(loginThrottle)
    .set({ lastAt: sql`${loginThrottle.lastAt} - ${`${seconds} seconds`}::interval` })
    .where(like(loginThrottle.key, `%:${email}%`));
}

/** `count` wrong codes from `ip`, after the right password from there: each answered 401. */
async function wrongCodes(email: string, password: string, secret: string, ip: string, count: number): Promise<void> {
  const challenge = await challengeFor(email, password, ip);
  const wrong = totpCodeAt(secret, Date.now() + 10 * STEP_MS);
  for (let i = 0; i < count; i++) expect((await sendCode(challenge, wrong, ip)).statusCode).toBe(401);
}

const lockedFor = (response: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(response.statusCode).toBe(429);
  return Number(response.headers["retry-after"]);
};

/** Fresh documentation-range addresses, never used by another test of this file. */
let newAddressSeq = 0;
const newAddress = () => `198.18.${Math.floor(newAddressSeq / 250)}.${(newAddressSeq++ % 250) + 1}`;

// Issue 28, item 13: a right password used to start a lock that had run out again, so the right code was refused.
describe("a lock that ran out stays run out for the owner with a second factor", () => {
  const cases = [
    {
      rule: "per account and address: 5 wrong codes from one address",
      lockSeconds: LOCKOUT.address.firstDelayMs / 1000,
      async lock(email: string, password: string, secret: string) {
        const ip = newAddress();
        await wrongCodes(email, password, secret, ip, LOCKOUT.address.threshold);
        return () => ip;
      },
    },
    {
      rule: "per account: 50 wrong codes from addresses it never signed in from",
      lockSeconds: LOCKOUT.account.firstDelayMs / 1000,
      async lock(email: string, password: string, secret: string) {
        const perAddress = LOCKOUT.address.threshold;
        const addresses = Array.from({ length: LOCKOUT.account.threshold / perAddress }, newAddress);
        await Promise.all(addresses.map((ip) => wrongCodes(email, password, secret, ip, perAddress)));
        return newAddress;
      },
    },
  ];

  it.each(cases)(
    "$rule: locked until it runs out, then the right password and the right code sign in, again and again",
    async ({ lock, lockSeconds }) => {
      const email = `ran-out-${lockSeconds}@test.local`;
      const password = `ran-out-password-${lockSeconds}`;
      const { secret, recoveryCodes } = await enrolled(email, password);
      const owner = await lock(email, password, secret);

      await age(email, lockSeconds - 10);
      const retryAfter = lockedFor(await call("POST", "/auth/login", { payload: { email, password }, ip: owner() }));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(10);

      await age(email, 11);
      const first = owner();
      const signedIn = await sendCode(await challengeFor(email, password, first), totpCodeAt(secret, Date.now() + STEP_MS), first);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const { token } = signedIn.json<LoginResponse>();
      expect((await call("GET", "/auth/me", { token })).statusCode).toBe(200);

      const second = owner();
      const again = await sendCode(await challengeFor(email, password, second), recoveryCodes[0] ?? "", second);
      expect(again.statusCode, again.body).toBe(200);
    },
  );

  it("still counts the wrong codes: one more after the lock ran out locks twice as long, password retyped or not", async () => {
    const email = "ran-out-counted@test.local";
    const password = "ran-out-counted-password";
    const { secret } = await enrolled(email, password);
    const ip = newAddress();
    await wrongCodes(email, password, secret, ip, LOCKOUT.address.threshold);
    await age(email, 61);
    await wrongCodes(email, password, secret, ip, 1);
    const retryAfter = lockedFor(await call("POST", "/auth/login", { payload: { email, password }, ip }));
    expect(retryAfter).toBeGreaterThan(110);
    expect(retryAfter).toBeLessThanOrEqual(120);
  });

  it.each([
    { among: "alone", passwords: 0 },
    { among: "among right passwords", passwords: 12 },
  ])("checks at most 5 of 24 parallel wrong codes from one address, $among", async ({ passwords }) => {
    const email = `burst-${passwords}@test.local`;
    const password = `burst-password-${passwords}`;
    const { secret } = await enrolled(email, password);
    const ip = newAddress();
    const challenge = await challengeFor(email, password, ip);
    const wrong = totpCodeAt(secret, Date.now() + 10 * STEP_MS);
    const [codes, logins] = await Promise.all([
      Promise.all(Array.from({ length: 24 }, () => sendCode(challenge, wrong, ip))),
      Promise.all(Array.from({ length: passwords }, () => call("POST", "/auth/login", { payload: { email, password }, ip }))),
    ]);
    const checked = codes.filter((c) => c.statusCode === 401).length;
    expect(codes.filter((c) => c.statusCode !== 401 && c.statusCode !== 429)).toEqual([]);
    expect(logins.filter((l) => l.statusCode !== 200 && l.statusCode !== 429)).toEqual([]);
    if (passwords === 0) expect(checked).toBe(LOCKOUT.address.threshold);
    else expect(checked).toBeLessThanOrEqual(LOCKOUT.address.threshold);
    // Right passwords gave their attempts back: what stays counted is the wrong codes that were checked.
    const [counter] = await ctx.database.db
      .select({ failures: loginThrottle.failures })
      .from(loginThrottle)
      .where(like(loginThrottle.key, `pair:${email}:%`));
    expect(counter?.failures).toBe(checked);
  });
});

describe("turning the second factor off", () => {
  it("asks the password (400 when wrong), then sign-in no longer asks a code", async () => {
    const { token } = await enrolled("disable@test.local", "disable-password");
    const wrong = await call("POST", "/auth/totp/disable", { token, payload: { password: "not-it" } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: WRONG_PASSWORD, code: "auth.wrong_password" });
    expect((await call("POST", "/auth/totp/disable", { token, payload: { password: "disable-password" } })).statusCode).toBe(204);
    const plain = await call("POST", "/auth/login", { payload: { email: "disable@test.local", password: "disable-password" } });
    expect(Object.keys(plain.json()).sort()).toEqual(["token", "user"]);
    expect((await call("GET", "/auth/totp", { token })).json<TotpStatus>()).toEqual({
      enabled: false,
      pending: false,
      recoveryCodesLeft: 0,
    });
  });
});

describe("re-authentication before security changes (a stolen token alone is not enough)", () => {
  it("refuses to turn TOTP on without the password or with a wrong one, and leaves it off", async () => {
    await ctx.app.services.auth.createUser("thief-target@test.local", "thief-target-password");
    const { token } = (
      await call("POST", "/auth/login", { payload: { email: "thief-target@test.local", password: "thief-target-password" } })
    ).json<LoginResponse>();
    const setup = (await call("POST", "/auth/totp/setup", { token })).json<TotpSetup>();
    const code = totpCodeAt(setup.secret, Date.now());
    expect((await call("POST", "/auth/totp/enable", { token, payload: { code } })).statusCode).toBe(400);
    const wrong = await call("POST", "/auth/totp/enable", { token, payload: { code, password: "a-guess" } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: WRONG_PASSWORD, code: "auth.wrong_password" });
    expect((await call("GET", "/auth/totp", { token })).json<TotpStatus>().enabled).toBe(false);
    const plain = await call("POST", "/auth/login", { payload: { email: "thief-target@test.local", password: "thief-target-password" } });
    expect(Object.keys(plain.json()).sort()).toEqual(["token", "user"]);
  });

  it("regenerates recovery codes only with the password: the old codes stop working, the new ones work", async () => {
    const { token, recoveryCodes } = await enrolled("regen@test.local", "regen-password-1");
    expect((await call("POST", "/auth/totp/recovery-codes", { token, payload: {} })).statusCode).toBe(400);
    expect((await call("POST", "/auth/totp/recovery-codes", { token, payload: { password: "wrong" } })).statusCode).toBe(400);
    const fresh = await call("POST", "/auth/totp/recovery-codes", { token, payload: { password: "regen-password-1" } });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const codes = fresh.json<TotpEnableResponse>().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(recoveryCodes[0]);
    expect((await sendCode(await challengeFor("regen@test.local", "regen-password-1"), recoveryCodes[0] ?? "")).statusCode).toBe(401);
    expect((await sendCode(await challengeFor("regen@test.local", "regen-password-1"), codes[0] ?? "")).statusCode).toBe(200);
  });

  it("changes the e-mail only with the password; a taken address is 409; the new address signs in", async () => {
    await ctx.app.services.auth.createUser("mover@test.local", "mover-password-1");
    const { token } = (
      await call("POST", "/auth/login", { payload: { email: "mover@test.local", password: "mover-password-1" } })
    ).json<LoginResponse>();
    const to = { email: "Moved@Test.local" };
    expect((await call("POST", "/auth/email", { token, payload: to })).statusCode).toBe(400);
    expect((await call("POST", "/auth/email", { token, payload: { ...to, password: "nope" } })).statusCode).toBe(400);
    const taken = await call("POST", "/auth/email", { token, payload: { email: "enrol@test.local", password: "mover-password-1" } });
    expect(taken.statusCode).toBe(409);
    const moved = await call("POST", "/auth/email", { token, payload: { ...to, password: "mover-password-1" } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ user: { email: string } }>().user.email).toBe("moved@test.local");
    expect((await call("POST", "/auth/login", { payload: { email: "moved@test.local", password: "mover-password-1" } })).statusCode).toBe(
      200,
    );
    expect((await call("POST", "/auth/login", { payload: { email: "mover@test.local", password: "mover-password-1" } })).statusCode).toBe(
      401,
    );
  });
});

describe("secrets at rest", () => {
  it("stores TOTP secrets encrypted with the data key (not in the database), and still accepts their codes", async () => {
    const { secret } = await enrolled("sealed@test.local", "sealed-password-1");
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, "sealed@test.local"));
    expect(row?.totpSecret).toBeTruthy();
    expect(row?.totpSecret).not.toContain(secret);
    expect(isSealed(row?.totpSecret ?? "")).toBe(true);
    const dump = JSON.stringify(await ctx.database.db.execute(sql`select * from users`));
    expect(dump).not.toContain(secret);
    const response = await sendCode(await challengeFor("sealed@test.local", "sealed-password-1"), totpCodeAt(secret, Date.now() + STEP_MS));
    expect(response.statusCode).toBe(200);
  });

  it("encrypts a secret an earlier version stored in clear, at start, and sign-in keeps working", async () => {
    const { secret } = await enrolled("legacy@test.local", "legacy-password-1");
    await ctx.database.db.update(users).set({ totpSecret: secret }).where(eq(users.email, "legacy@test.local"));
    expect(await ctx.app.services.auth.sealClearSecrets()).toBe(1);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, "legacy@test.local"));
    expect(isSealed(row?.totpSecret ?? "")).toBe(true);
    const response = await sendCode(await challengeFor("legacy@test.local", "legacy-password-1"), totpCodeAt(secret, Date.now() + STEP_MS));
    expect(response.statusCode).toBe(200);
  });

  it("after a restore without the data key, a code gets a message saying to use a recovery code, which still works", async () => {
    const { secret, recoveryCodes } = await enrolled("restored@test.local", "restored-password-1");
    const restored = await buildApp({
      db: ctx.database.db,
      mailer: ctx.mailer,
      storage: ctx.app.services.storage,
      jwtSecret: "test-secret-test-secret-test-secret-0123",
      publicUrl: "http://localhost:3000",
      dataKey: Buffer.alloc(32, 9),
    });
    try {
      const login = (payload: object, url = "/api/auth/login") =>
        restored.inject({ method: "POST", url, payload, remoteAddress: "192.0.2.88" });
      const challenge = (await login({ email: "restored@test.local", password: "restored-password-1" })).json<LoginTotpRequired>()
        .challenge;
      const refused = await login({ challenge, code: totpCodeAt(secret, Date.now() + STEP_MS) }, "/api/auth/login/totp");
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ error: TOTP_SECRET_UNREADABLE, code: "auth.totp_secret_unreadable" });
      const recovered = await login({ challenge, code: recoveryCodes[0] }, "/api/auth/login/totp");
      expect(recovered.statusCode, recovered.body).toBe(200);
    } finally {
      await restored.close();
    }
  });
});
