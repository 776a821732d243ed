import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";
import { countAdmins } from "./auth";
import { ensureAdmin } from "./ensure-admin";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ withAdmin: false });
});
afterAll(() => ctx.close());

describe("the first administrator (ADMIN_EMAIL, ADMIN_PASSWORD)", () => {
  it("refuses an ADMIN_PASSWORD shorter than 12 characters or among the common breached passwords, naming the variable", async () => {
    const db = ctx.database.db;
    await expect(ensureAdmin(db, { email: "first@test.local", password: "kelp-tide-4" })).rejects.toThrow(
      /ADMIN_PASSWORD: Mot de passe : 12 caractères minimum/,
    );
    await expect(ensureAdmin(db, { email: "first@test.local", password: "Password1234" })).rejects.toThrow(
      /ADMIN_PASSWORD: Ce mot de passe fait partie des plus courants/,
    );
    expect(await countAdmins(db)).toBe(0);
  });

  it("creates the first admin with an accepted password, never handing it back to print, then ignores the variable once an admin exists", async () => {
    const db = ctx.database.db;
    expect(await ensureAdmin(db, { email: "first@test.local", password: "kelp-tide-42" })).toEqual({
      email: "first@test.local",
      generatedPassword: null,
    });
    expect(await ensureAdmin(db, { email: "first@test.local", password: "short" })).toBeNull();
  });

  it("hands back a password it generated, to be printed once", async () => {
    const db = ctx.database.db;
    await db.execute(sql`delete from users`);
    const created = await ensureAdmin(db, { email: "generated@test.local" });
    expect(created?.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });
});
