import { LIMITS } from "@shared/limits";
import { changePasswordInputSchema } from "@shared/schemas/auth";
import { newPasswordSchema } from "@shared/schemas/password";
import { validationApiText } from "@shared/validation-messages";
import { describe, expect, it } from "vitest";
import {
  BREACHED_PASSWORD_MESSAGE,
  breachedPasswords,
  changePasswordBodySchema,
  isBreachedPassword,
  serverNewPasswordSchema,
} from "./breached-passwords";

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("password policy of new passwords", () => {
  it("refuses 11 characters and accepts 12, with a French and English message", () => {
    expect(LIMITS.passwordMin).toBe(12);
    expect(messagesOf(serverNewPasswordSchema.safeParse("kelp-tide-42"))).toEqual([]);
    expect(messagesOf(serverNewPasswordSchema.safeParse("kelp-tide-4")).map(validationApiText)).toEqual([
      "Mot de passe : 12 caractères minimum / Password: at least 12 characters",
    ]);
  });

  it("refuses a password of the breached list whatever its case, with a French and English message", () => {
    for (const password of ["password1234", "Password1234", "PASSWORD1234", "QwErTy123456"]) {
      expect(isBreachedPassword(password), password).toBe(true);
      expect(messagesOf(serverNewPasswordSchema.safeParse(password)), password).toEqual([BREACHED_PASSWORD_MESSAGE]);
    }
    expect(BREACHED_PASSWORD_MESSAGE).toMatch(/^Ce mot de passe fait partie des plus courants dans les fuites de données/);
    expect(isBreachedPassword("posidonia-oceanica-sfax")).toBe(false);
  });

  it("refuses a listed word padded with digits and symbols to reach the length, but not a passphrase that contains one", () => {
    for (const password of ["monkey123456789", "Sunshine2024!!", "2024!dragon!!!", "qwerty_123456"]) {
      expect(isBreachedPassword(password), password).toBe(true);
    }
    for (const password of ["monkey-kelp-bizerte", "sunshine on the lagoon", "dragon fruit 2024 harvest"]) {
      expect(isBreachedPassword(password), password).toBe(false);
    }
  });

  it("checks against a list of at least 10,000 lower-cased passwords, built once", () => {
    const list = breachedPasswords();
    expect(list.size).toBeGreaterThanOrEqual(10_000);
    expect([...list].every((password) => password === password.toLowerCase())).toBe(true);
    expect(breachedPasswords()).toBe(list);
  });

  it("leaves the list out of the shared schema the browser uses: it checks the length only", () => {
    expect(newPasswordSchema.safeParse("Password1234").success).toBe(true);
    expect(newPasswordSchema.safeParse("kelp-tide-4").success).toBe(false);
  });

  it("keeps the shared schema's other rules on a route schema: the new password must still differ from the current one", () => {
    const same = { currentPassword: "posidonia-oceanica-sfax", newPassword: "posidonia-oceanica-sfax" };
    expect(messagesOf(changePasswordBodySchema.safeParse(same))).toEqual(messagesOf(changePasswordInputSchema.safeParse(same)));
    expect(messagesOf(changePasswordBodySchema.safeParse(same))).toHaveLength(1);
  });
});
