import type { AdminAccount, CreateAdminResponse, InvitationInfo, PendingInvitation } from "@shared/schemas/admin-security";
import type { LoginResponse, User } from "@shared/schemas/auth";
import { eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestContext, type TestContext } from "../../test/test-app";
import { adminInvitations, mailOutbox, users } from "../db/schema/index";
import { isSealed } from "../lib/encryption";
import { MUST_CHANGE_PASSWORD, UNAUTHENTICATED } from "../plugins/auth";
import { ONE_TIME_PASSWORD_EXPIRED } from "../services/auth";
import { ADMIN_EXISTS, CANNOT_REMOVE_LAST, CANNOT_REMOVE_SELF, INVITATION_INVALID } from "../services/users";

let ctx: TestContext;
let ipSeq = 0;
beforeAll(async () => {
  ctx = await createTestContext({ app: { rateLimit: false } });
});
afterAll(() => ctx.close());

function call(method: "GET" | "POST" | "DELETE", url: string, options: { payload?: object; token?: string | null } = {}) {
  ipSeq += 1;
  const token = options.token === undefined ? ctx.token : options.token;
  const inject: InjectOptions = {
    method,
    url: `/api${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: `10.3.0.${ipSeq % 250}`,
  };
  if (options.payload) inject.payload = options.payload;
  return ctx.app.inject(inject);
}

async function signIn(email: string, password: string) {
  const response = await call("POST", "/auth/login", { payload: { email, password }, token: null });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoginResponse & { mustChangePassword?: true }>();
}

async function addWithPassword(email: string) {
  const response = await call("POST", "/users", { payload: { email, mode: "password" } });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json<CreateAdminResponse>();
  if (body.mode !== "password") throw new Error("expected a one-time password");
  return body;
}

const tokenOfLink = (text: string) => /\/admin\/invitation\?token=([\w-]+)/.exec(text)?.[1] ?? "";

describe("administrators: auth first and validation", () => {
  it("answers 401 to anonymous calls of every admin route before reading the body", async () => {
    for (const [method, url] of [
      ["GET", "/users"],
      ["GET", "/users/invitations"],
      ["POST", "/users"],
      ["DELETE", "/users/7b0c7f5e-4f3a-4c55-9a55-3c1f7e0b2d11"],
      ["DELETE", "/users/invitations/7b0c7f5e-4f3a-4c55-9a55-3c1f7e0b2d11"],
    ] as const) {
      const response = await call(method, url, {
        token: null,
        payload: method === "POST" ? { email: "x@example.com", mode: "password" } : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ error: UNAUTHENTICATED, code: "auth.required" });
    }
  });

  it("refuses a bad e-mail, an unknown mode and a bad id with 400 and a bilingual message", async () => {
    const badEmail = await call("POST", "/users", { payload: { email: "not-an-email", mode: "password" } });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json<{ error: string }>().error).toContain("Adresse e-mail invalide / Invalid e-mail address");
    expect((await call("POST", "/users", { payload: { email: "a@example.com", mode: "sms" } })).statusCode).toBe(400);
    expect((await call("DELETE", "/users/not-a-uuid")).statusCode).toBe(400);
  });
});

describe("adding an administrator with a one-time password", () => {
  it("shows the password once, and the new admin may only change it until they have", async () => {
    const created = await addWithPassword("  New.Admin@Example.com ");
    expect(created.user).toMatchObject({ email: "new.admin@example.com", mustChangePassword: true, totpEnabled: false, lastLoginAt: null });
    expect(created.oneTimePassword).toMatch(/^[a-zA-Z2-9]{16}$/);

    const list = (await call("GET", "/users")).json<AdminAccount[]>();
    expect(JSON.stringify(list)).not.toContain(created.oneTimePassword);
    expect(JSON.stringify(list)).not.toMatch(/argon2|passwordHash|totpSecret/);

    const first = await signIn("new.admin@example.com", created.oneTimePassword);
    expect(first.mustChangePassword).toBe(true);
    const me = await call("GET", "/auth/me", { token: first.token });
    expect(me.json()).toEqual({ user: expect.objectContaining({ email: "new.admin@example.com" }), mustChangePassword: true });
    const blocked = await call("GET", "/users", { token: first.token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ error: MUST_CHANGE_PASSWORD, code: "auth.must_change_password" });

    const changed = await call("POST", "/auth/password", {
      token: first.token,
      payload: { currentPassword: created.oneTimePassword, newPassword: "my-own-new-password" },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await call("GET", "/users", { token: first.token })).statusCode).toBe(200);
    const again = await signIn("new.admin@example.com", "my-own-new-password");
    expect(Object.keys(again).sort()).toEqual(["token", "user"]);
    const listed = (await call("GET", "/users")).json<AdminAccount[]>().find((u) => u.email === "new.admin@example.com");
    expect(listed).toMatchObject({ mustChangePassword: false, lastLoginAt: expect.any(String) });
  });

  it("refuses an e-mail that already has an account with 409", async () => {
    const response = await call("POST", "/users", { payload: { email: ADMIN.email, mode: "password" } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: ADMIN_EXISTS, code: "admin.email_taken" });
    expect((await call("POST", "/users", { payload: { email: ADMIN.email, mode: "invitation" } })).statusCode).toBe(409);
  });
});

describe("removing an administrator", () => {
  it("never removes yourself (400, with a French and English message)", async () => {
    const self = (await call("GET", "/auth/me")).json<{ user: User }>().user;
    const response = await call("DELETE", `/users/${self._id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: CANNOT_REMOVE_SELF, code: "admin.cannot_remove_self" });
  });

  it("removes another administrator, whose sessions end at once; an unknown id is 404", async () => {
    const created = await addWithPassword("leaving@example.com");
    const theirs = await signIn("leaving@example.com", created.oneTimePassword);
    expect((await call("DELETE", `/users/${created.user._id}`)).statusCode).toBe(204);
    expect((await call("GET", "/auth/me", { token: theirs.token })).statusCode).toBe(401);
    expect((await call("GET", "/users")).json<AdminAccount[]>().map((u) => u.email)).not.toContain("leaving@example.com");
    expect((await call("DELETE", `/users/${created.user._id}`)).statusCode).toBe(404);
  });

  it("never removes the last administrator (409), even when two remove each other at the same time", async () => {
    const fresh = await createTestContext({ app: { rateLimit: false } });
    try {
      const a = await fresh.app.services.auth.verifyToken(fresh.token);
      if (!a) throw new Error("no session");
      const b = await fresh.app.services.users.createWithPassword("b@example.com", "admin");
      if (b.mode !== "password") throw new Error("expected a password");
      const bLogin = await fresh.app.services.auth.login("b@example.com", b.oneTimePassword);
      if (!("token" in bLogin)) throw new Error("no token");
      const bSession = await fresh.app.services.auth.verifyToken(bLogin.token);
      if (!bSession) throw new Error("no session");
      // B's request passed authentication before A's removal of B committed: B's removal of A must still be refused.
      await fresh.app.services.users.remove(bSession.user._id, a);
      await expect(fresh.app.services.users.remove(a.user._id, bSession)).rejects.toMatchObject({
        statusCode: 409,
        message: CANNOT_REMOVE_LAST,
      });
      expect((await fresh.call("GET", "/users")).json<AdminAccount[]>()).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});

describe("inviting an administrator", () => {
  it("e-mails a link to the public URL, valid once: the invitee chooses a password and is signed in", async () => {
    const before = ctx.smtp.received.length;
    const response = await call("POST", "/users", { payload: { email: "invitee@example.com", mode: "invitation" } });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<CreateAdminResponse>();
    expect(body).toMatchObject({ mode: "invitation", invitation: { email: "invitee@example.com", expiresAt: expect.any(String) } });
    if (body.mode !== "invitation") throw new Error("expected an invitation");
    const hours = (Date.parse(body.invitation.expiresAt.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00")) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect((await call("GET", "/users/invitations")).json<PendingInvitation[]>().map((i) => i.email)).toContain("invitee@example.com");

    const mails = await ctx.smtp.waitFor(before + 1);
    const mail = mails.slice(before).find((m) => m.envelopeTo.includes("invitee@example.com"));
    expect(mail?.parsed.text).toContain("http://localhost:3000/admin/invitation?token=");
    // Text and HTML from one template (decision 0116): the same link in both, the company's logo in the HTML.
    expect(mail?.parsed.html).toContain(
      `href="${/http:\/\/localhost:3000\/admin\/invitation\?token=[\w-]+/.exec(mail?.parsed.text ?? "")?.[0]}"`,
    );
    expect(mail?.parsed.html).toContain("http://localhost:3000/mail-logo.png");
    const token = tokenOfLink(mail?.parsed.text ?? "");
    expect(token.length).toBeGreaterThan(30);

    const info = await call("GET", `/users/invitation?token=${token}`, { token: null });
    expect(info.statusCode).toBe(200);
    expect(info.json<InvitationInfo>()).toMatchObject({ email: "invitee@example.com" });

    const tooShort = await call("POST", "/users/invitation", { token: null, payload: { token, password: "short" } });
    expect(tooShort.statusCode).toBe(400);

    const accepted = await call("POST", "/users/invitation", { token: null, payload: { token, password: "invitee-password" } });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const signedIn = accepted.json<LoginResponse>();
    expect(signedIn.user.email).toBe("invitee@example.com");
    expect((await call("GET", "/users", { token: signedIn.token })).statusCode).toBe(200);
    await signIn("invitee@example.com", "invitee-password");

    const reused = await call("POST", "/users/invitation", { token: null, payload: { token, password: "another-password" } });
    expect(reused.statusCode).toBe(410);
    expect(reused.json()).toEqual({ error: INVITATION_INVALID, code: "invitation.invalid" });
    expect((await call("GET", `/users/invitation?token=${token}`, { token: null })).statusCode).toBe(410);
  });

  it("gives the invitee the role the invitation names, said in its e-mail", async () => {
    const before = ctx.smtp.received.length;
    const response = await call("POST", "/users", { payload: { email: "seller@example.com", mode: "invitation", role: "sales" } });
    expect(response.json<CreateAdminResponse>()).toMatchObject({ invitation: { email: "seller@example.com", role: "sales" } });
    const mail = (await ctx.smtp.waitFor(before + 1)).slice(before).find((m) => m.envelopeTo.includes("seller@example.com"));
    expect(mail?.parsed.text).toContain("(rôle : Commercial)");
    const token = tokenOfLink(mail?.parsed.text ?? "");
    const accepted = await call("POST", "/users/invitation", { token: null, payload: { token, password: "seller-password" } });
    const signedIn = accepted.json<LoginResponse>();
    expect(signedIn.user.role).toBe("sales");
    expect((await call("GET", "/users", { token: signedIn.token })).statusCode).toBe(403);
    expect((await call("GET", "/contact/submissions", { token: signedIn.token })).statusCode).toBe(200);
  });

  it("refuses an invitation link after 48 hours (410), and a made-up token", async () => {
    const before = ctx.smtp.received.length;
    expect((await call("POST", "/users", { payload: { email: "late@example.com", mode: "invitation" } })).statusCode).toBe(201);
    const mails = await ctx.smtp.waitFor(before + 1);
    const token = tokenOfLink(mails.slice(before).find((m) => m.envelopeTo.includes("late@example.com"))?.parsed.text ?? "");
    await ctx.database.db
      .update(adminInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(adminInvitations.email, "late@example.com"));
    const late = await call("POST", "/users/invitation", { token: null, payload: { token, password: "late-password" } });
    expect(late.statusCode).toBe(410);
    expect((await call("GET", "/users/invitations")).json<PendingInvitation[]>().map((i) => i.email)).not.toContain("late@example.com");
    const madeUp = await call("POST", "/users/invitation", { token: null, payload: { token: "x".repeat(43), password: "late-password" } });
    expect(madeUp.statusCode).toBe(410);
  });

  it("cancels a pending invitation: its link stops working", async () => {
    const before = ctx.smtp.received.length;
    const created = (
      await call("POST", "/users", { payload: { email: "cancelled@example.com", mode: "invitation" } })
    ).json<CreateAdminResponse>();
    if (created.mode !== "invitation") throw new Error("expected an invitation");
    const mails = await ctx.smtp.waitFor(before + 1);
    const token = tokenOfLink(mails.slice(before).find((m) => m.envelopeTo.includes("cancelled@example.com"))?.parsed.text ?? "");
    expect((await call("DELETE", `/users/invitations/${created.invitation._id}`)).statusCode).toBe(204);
    expect((await call("GET", `/users/invitation?token=${token}`, { token: null })).statusCode).toBe(410);
    expect((await call("DELETE", `/users/invitations/${created.invitation._id}`)).statusCode).toBe(404);
  });

  it("keeps no raw invitation token at rest: the stored mail body is encrypted, and the e-mail still carries the link", async () => {
    const before = ctx.smtp.received.length;
    expect((await call("POST", "/users", { payload: { email: "at-rest@example.com", mode: "invitation" } })).statusCode).toBe(201);
    const mails = await ctx.smtp.waitFor(before + 1);
    const token = tokenOfLink(mails.slice(before).find((m) => m.envelopeTo.includes("at-rest@example.com"))?.parsed.text ?? "");
    expect(token.length).toBeGreaterThan(30);
    const storedRow = async () => (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "at-rest@example.com")))[0];
    // The outbox marks the row sent once the SMTP server has answered, which can be just after the mail arrived there.
    await expect.poll(async () => (await storedRow())?.status).toBe("sent");
    const stored = await storedRow();
    expect(isSealed(stored?.text ?? "")).toBe(true);
    const everything = JSON.stringify([
      await ctx.database.db.execute(sql`select * from mail_outbox`),
      await ctx.database.db.execute(sql`select * from admin_invitations`),
    ]);
    expect(everything).not.toContain(token);
  });

  it("cancels the pending invitations of an administrator who is removed: their links stop working", async () => {
    const inviter = await addWithPassword("inviter@example.com");
    const first = await signIn("inviter@example.com", inviter.oneTimePassword);
    const own = "an-inviter-password-1";
    const changed = await call("POST", "/auth/password", {
      token: first.token,
      payload: { currentPassword: inviter.oneTimePassword, newPassword: own },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    const before = ctx.smtp.received.length;
    const invited = await call("POST", "/users", { token: first.token, payload: { email: "backdoor@example.com", mode: "invitation" } });
    expect(invited.statusCode, invited.body).toBe(201);
    const mails = await ctx.smtp.waitFor(before + 1);
    const token = tokenOfLink(mails.slice(before).find((m) => m.envelopeTo.includes("backdoor@example.com"))?.parsed.text ?? "");
    expect((await call("GET", `/users/invitation?token=${token}`, { token: null })).statusCode).toBe(200);

    expect((await call("DELETE", `/users/${inviter.user._id}`)).statusCode).toBe(204);
    expect((await call("GET", `/users/invitation?token=${token}`, { token: null })).statusCode).toBe(410);
    const accepted = await call("POST", "/users/invitation", { token: null, payload: { token, password: "a-backdoor-password" } });
    expect(accepted.statusCode).toBe(410);
    expect((await call("GET", "/users/invitations")).json<PendingInvitation[]>().map((i) => i.email)).not.toContain("backdoor@example.com");
  });
});

describe("one-time passwords", () => {
  it("work for 72 hours only, then sign-in answers 401 with a message saying to ask for a new one", async () => {
    const created = await addWithPassword("expiring@example.com");
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, "expiring@example.com"));
    const hours = (Date.parse(row?.passwordExpiresAt ?? "") - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    await ctx.database.db
      .update(users)
      .set({ passwordExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(users.email, "expiring@example.com"));
    const late = await call("POST", "/auth/login", {
      token: null,
      payload: { email: "expiring@example.com", password: created.oneTimePassword },
    });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ error: ONE_TIME_PASSWORD_EXPIRED, code: "auth.one_time_password_expired" });
  });

  it("sign in only to choose a new password, after which the account is a full administrator and the expiry is gone", async () => {
    const created = await addWithPassword("chooser@example.com");
    const first = await signIn("chooser@example.com", created.oneTimePassword);
    expect(first.mustChangePassword).toBe(true);
    for (const [method, url] of [
      ["GET", "/users"],
      ["POST", "/auth/totp/setup"],
      ["GET", "/history"],
      ["GET", "/contact/submissions"],
    ] as const) {
      expect((await call(method, url, { token: first.token })).statusCode, url).toBe(403);
    }
    const changed = await call("POST", "/auth/password", {
      token: first.token,
      payload: { currentPassword: created.oneTimePassword, newPassword: "a-chosen-password-1" },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, "chooser@example.com"));
    expect(row).toMatchObject({ mustChangePassword: false, passwordExpiresAt: null });
    expect((await call("GET", "/users", { token: first.token })).statusCode).toBe(200);
    expect(
      (await call("POST", "/auth/login", { token: null, payload: { email: "chooser@example.com", password: created.oneTimePassword } }))
        .statusCode,
    ).toBe(401);
  });
});
