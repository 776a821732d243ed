import type { CreateAdminResponse } from "@shared/schemas/admin-security";
import type { LoginResponse } from "@shared/schemas/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestContext, type TestContext } from "../../test/test-app";
import { BREACHED_PASSWORD_MESSAGE } from "../lib/breached-passwords";

const TOO_SHORT = "Mot de passe : 12 caractères minimum / Password: at least 12 characters";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ app: { rateLimit: false } });
});
afterAll(() => ctx.close());

type Refusal = { error: string; details: { path: string; message: string }[] };

function expectRefused(response: { statusCode: number; json<T>(): T }, path: string, message: string): void {
  expect(response.statusCode).toBe(400);
  const body = response.json<Refusal>();
  expect(body.error).toBe(`${path}: ${message}`);
  expect(body.details).toContainEqual(expect.objectContaining({ path, message }));
}

const signIn = (email: string, password: string) => ctx.call("POST", "/auth/login", { email, password }, false);

describe("new passwords: 12 characters minimum and none of the most common breached passwords", () => {
  it("POST /auth/register refuses a breached password (any case) and an 11-character one with 400, and creates nothing", async () => {
    expectRefused(
      await ctx.call("POST", "/auth/register", { email: "breached@test.local", password: "Password1234" }),
      "password",
      BREACHED_PASSWORD_MESSAGE,
    );
    expectRefused(
      await ctx.call("POST", "/auth/register", { email: "breached@test.local", password: "qwerty123456" }),
      "password",
      BREACHED_PASSWORD_MESSAGE,
    );
    expectRefused(
      await ctx.call("POST", "/auth/register", { email: "breached@test.local", password: "kelp-tide-4" }),
      "password",
      TOO_SHORT,
    );
    expect((await signIn("breached@test.local", "Password1234")).statusCode).toBe(401);
    const created = await ctx.call("POST", "/auth/register", { email: "breached@test.local", password: "kelp-tide-42" });
    expect(created.statusCode, created.body).toBe(201);
  });

  it("POST /auth/password refuses a breached new password with 400 and keeps the current one", async () => {
    const refused = await ctx.call("POST", "/auth/password", { currentPassword: ADMIN.password, newPassword: "PASSWORD1234" });
    expectRefused(refused, "newPassword", BREACHED_PASSWORD_MESSAGE);
    expect((await signIn(ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    expect((await signIn(ADMIN.email, "PASSWORD1234")).statusCode).toBe(401);
  });

  it("POST /users/invitation refuses a breached password with 400 and the invitation stays usable", async () => {
    const before = ctx.smtp.received.length;
    const invited = await ctx.call("POST", "/users", { email: "breached-invitee@test.local", mode: "invitation" });
    expect(invited.json<CreateAdminResponse>().mode).toBe("invitation");
    const mails = await ctx.smtp.waitFor(before + 1);
    const text = mails.slice(before).find((m) => m.envelopeTo.includes("breached-invitee@test.local"))?.parsed.text ?? "";
    const token = /\/admin\/invitation\?token=([\w-]+)/.exec(text)?.[1] ?? "";
    expect(token.length).toBeGreaterThan(30);

    expectRefused(
      await ctx.call("POST", "/users/invitation", { token, password: "1q2w3e4r5t6y" }, false),
      "password",
      BREACHED_PASSWORD_MESSAGE,
    );
    const accepted = await ctx.call("POST", "/users/invitation", { token, password: "laminaria-digitata-bay" }, false);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json<LoginResponse>().user.email).toBe("breached-invitee@test.local");
  });
});
