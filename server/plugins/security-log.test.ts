import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestContext, type TestContext } from "../../test/test-app";
import { LOCKOUT } from "../services/login-throttle";

/** Every line the app's pino logger writes, parsed. */
const lines: Record<string, unknown>[] = [];
const raw: string[] = [];
const destination = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    for (const line of chunk.toString().split("\n").filter(Boolean)) {
      raw.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    callback();
  },
});

const events = (event: string) => lines.filter((line) => line.event === event);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ app: { logger: { level: "info", stream: destination } } });
});
afterAll(() => ctx.close());

describe("security log", () => {
  it("records sign-in success, failure and lockout with the e-mail, never the password", async () => {
    const login = (password: string) =>
      ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: ADMIN.email, password }, remoteAddress: "10.9.0.1" });
    expect((await login(ADMIN.password)).statusCode).toBe(200);
    const admin = events("auth.login.success").at(-1);
    expect(admin).toMatchObject({ email: ADMIN.email, adminId: expect.any(String), level: 30 });

    for (let i = 0; i < LOCKOUT.address.threshold; i++) await login(`wrong-password-${i}`);
    expect(events("auth.login.failure")).toHaveLength(LOCKOUT.address.threshold);
    expect(events("auth.login.failure")[0]).toMatchObject({ email: ADMIN.email, level: 40 });
    expect((await login(ADMIN.password)).statusCode).toBe(429);
    expect(events("auth.locked")).toEqual([expect.objectContaining({ email: ADMIN.email, retryAfterSeconds: expect.any(Number) })]);
    await ctx.database.db.execute("delete from login_throttle");
  });

  it("records every admin write with who, what and which id, and never a body", async () => {
    const created = await ctx.call("POST", "/categories", { slug: "journal", nameFr: "Journal secret-body-fr", nameEn: "Log" });
    const id = created.json<{ _id: string }>()._id;
    await ctx.call("PUT", `/categories/${id}`, { slug: "journal", nameFr: "Journal secret-body-fr-2", nameEn: "Log" });
    await ctx.call("DELETE", `/categories/${id}`);
    await ctx.call("POST", "/categories", { slug: "not a slug" });
    await ctx.call("GET", "/products/all");

    const writes = events("admin.write");
    const who = { adminId: expect.any(String), email: ADMIN.email };
    expect(writes).toEqual([
      expect.objectContaining({ ...who, method: "POST", route: "/api/categories", ids: { created: id }, statusCode: 201 }),
      expect.objectContaining({ ...who, method: "PUT", route: "/api/categories/:id", ids: { id }, statusCode: 200 }),
      expect.objectContaining({ ...who, method: "DELETE", route: "/api/categories/:id", ids: { id }, statusCode: 204 }),
      expect.objectContaining({ ...who, method: "POST", route: "/api/categories", ids: {}, statusCode: 400 }),
    ]);
  });

  it("records sign-out and password change, and never a password, a token or a message body", async () => {
    const message = { fullName: "Visiteur", email: "v@example.com", phone: "", subject: "Sujet", message: "private-message-body" };
    const submitted = await ctx.app.inject({ method: "POST", url: "/api/contact", payload: message });
    const submissionId = submitted.json<{ _id: string }>()._id;
    await ctx.call("POST", `/contact/${submissionId}/reply`, { replyMessage: "private-reply-body" });

    const newPassword = "a-brand-new-password";
    const changed = await ctx.call("POST", "/auth/password", { currentPassword: ADMIN.password, newPassword });
    expect(changed.statusCode).toBe(204);
    expect(events("auth.password.changed")).toEqual([expect.objectContaining({ email: ADMIN.email, revokedSessions: expect.any(Number) })]);
    expect(events("admin.write").at(-2)).toMatchObject({ route: "/api/contact/:id/reply", ids: { id: submissionId } });

    expect((await ctx.call("POST", "/auth/logout")).statusCode).toBe(204);
    expect(events("auth.logout")).toEqual([expect.objectContaining({ email: ADMIN.email, adminId: expect.any(String) })]);

    const everything = raw.join("\n");
    for (const secret of [
      ADMIN.password,
      newPassword,
      "wrong-password-0",
      ctx.token,
      "private-message-body",
      "private-reply-body",
      "secret-body-fr",
    ]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/Bearer|authorization|\$argon2/i);
  });
});
