import type { ErrorBody } from "@shared/error-codes";
import { LIMITS } from "@shared/limits";
import type { Category } from "@shared/schemas/category";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { LOCKOUT } from "../services/login-throttle";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A call from its own address, so the rate limits and the lockout of one test do not reach another. */
function from(ip: string, method: InjectOptions["method"], url: string, payload?: object, signedIn = true) {
  return ctx.app.inject({ method, url: `/api${url}`, remoteAddress: ip, payload, headers: signedIn ? ctx.auth : {} });
}

const body = (response: { json<T>(): T }) => response.json<ErrorBody>();

describe("every error answer carries a code and its params beside the human text", () => {
  it("404 names the missing item: code not_found, params.item", async () => {
    const response = await ctx.call("GET", "/products/id/7b0c7f5e-4f3a-4c55-9a55-3c1f7e0b2d11");
    expect(response.statusCode).toBe(404);
    expect(body(response)).toEqual({ error: "Produit introuvable / Product not found", code: "not_found", params: { item: "product" } });
    const session = await ctx.call("DELETE", "/auth/sessions/7b0c7f5e-4f3a-4c55-9a55-3c1f7e0b2d11");
    expect(body(session)).toMatchObject({ code: "not_found", params: { item: "session" } });
  });

  it("409 of a write on an old version: code edit_conflict, with the stored item in details", async () => {
    const created = await ctx.call("POST", "/categories", { slug: "codes-conflict", nameFr: "Conflit", nameEn: "Conflict" });
    const category = created.json<Category>();
    const input = { slug: "codes-conflict", nameFr: "Conflit", nameEn: "Conflict" };
    expect((await ctx.call("PUT", `/categories/${category._id}`, { ...input, nameFr: "A", version: category.version })).statusCode).toBe(
      200,
    );
    const stale = await ctx.call("PUT", `/categories/${category._id}`, { ...input, nameFr: "B", version: category.version });
    expect(stale.statusCode).toBe(409);
    const answer = body(stale);
    expect(answer.code).toBe("edit_conflict");
    expect(answer.params).toBeUndefined();
    expect(answer.details).toMatchObject({ reason: "version", current: { _id: category._id, nameFr: "A" } });
  });

  it("409 of a slug already used: code slug_taken", async () => {
    const input = { slug: "codes-slug", nameFr: "Slug", nameEn: "Slug" };
    await ctx.call("POST", "/categories", input);
    const again = await ctx.call("POST", "/categories", input);
    expect(again.statusCode).toBe(409);
    expect(body(again)).toEqual({ error: "Ce slug est déjà utilisé / This slug is already used", code: "slug_taken" });
  });

  it("400 of a schema refusal: code validation, the refused fields in details with their message's code", async () => {
    const response = await ctx.call("POST", "/categories", { slug: "codes-empty", nameFr: "", nameEn: "Empty" });
    expect(response.statusCode).toBe(400);
    const answer = body(response);
    expect(answer.code).toBe("validation");
    expect(answer.error).toMatch(/^nameFr: /);
    expect(answer.details).toEqual([
      { path: "nameFr", message: "Ce champ est requis / This field is required", messageCode: "field.required" },
    ]);
    const tooLong = body(
      await ctx.call("POST", "/categories", { slug: "codes-long", nameFr: "x".repeat(LIMITS.nameMax + 1), nameEn: "Long" }),
    );
    expect(tooLong.details).toEqual([
      {
        path: "nameFr",
        message: `${LIMITS.nameMax} caractères maximum / ${LIMITS.nameMax} characters maximum`,
        messageCode: "field.max_chars",
        messageParams: { max: String(LIMITS.nameMax) },
      },
    ]);
  });

  it("400 of a breached new password: the refinement's own code password.too_weak, the field still in details", async () => {
    const response = await ctx.call("POST", "/auth/register", { email: "codes-weak@test.local", password: "Password1234" });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ code: "password.too_weak", details: [{ path: "password" }] });
  });

  it("401 of a wrong password at sign-in: code auth.invalid_credentials, the specification's text", async () => {
    const response = await from("192.0.2.81", "POST", "/auth/login", { email: "nobody@test.local", password: "wrong-password" }, false);
    expect(response.statusCode).toBe(401);
    expect(body(response)).toEqual({ error: "Email ou mot de passe incorrect", code: "auth.invalid_credentials" });
  });

  it("401 without a session: code auth.required", async () => {
    const response = await ctx.call("GET", "/auth/me", undefined, false);
    expect(body(response)).toEqual({ error: "Authentification requise / Authentication required", code: "auth.required" });
  });

  it("429 of a locked sign-in: code auth.locked with the wait in params, as in Retry-After", async () => {
    const ip = "192.0.2.82";
    for (let i = 0; i < LOCKOUT.address.threshold; i++)
      await from(ip, "POST", "/auth/login", { email: "lock@test.local", password: "wrong" }, false);
    const locked = await from(ip, "POST", "/auth/login", { email: "lock@test.local", password: "wrong" }, false);
    expect(locked.statusCode).toBe(429);
    const answer = body(locked);
    expect(answer.code).toBe("auth.locked");
    expect(answer.params).toEqual({ retryAfterSeconds: Number(locked.headers["retry-after"]) });
    expect(answer.error).toMatch(/^Compte verrouillé après trop de tentatives : réessayez dans .+ \/ Account locked/);
  });

  it("429 of the rate limiter: code rate_limited with the wait in params", async () => {
    const ip = "192.0.2.83";
    const message = { fullName: "Ada", email: "ada@example.com", subject: "Codes", message: "Bonjour, une question." };
    let last = await from(ip, "POST", "/contact", message, false);
    for (let i = 0; i < 10 && last.statusCode !== 429; i++) last = await from(ip, "POST", "/contact", message, false);
    expect(last.statusCode).toBe(429);
    const answer = body(last);
    expect(answer.code).toBe("rate_limited");
    expect(answer.params).toEqual({ retryAfterSeconds: Number(last.headers["retry-after"]) });
    expect(answer.error).toContain(" / Too many requests");
  });

  it("404 of an unknown API path: code route_not_found with the method and path", async () => {
    const response = await ctx.call("DELETE", "/no/such/route");
    expect(body(response)).toEqual({
      error: "Not found: DELETE /api/no/such/route",
      code: "route_not_found",
      params: { method: "DELETE", path: "/api/no/such/route" },
    });
  });
});
