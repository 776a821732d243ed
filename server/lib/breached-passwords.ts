import { createRequire } from "node:module";
import { acceptInvitationInputSchema } from "@shared/schemas/admin-security";
import { changePasswordInputSchema, registerInputSchema } from "@shared/schemas/auth";
import { newPasswordSchema } from "@shared/schemas/password";
import type * as CommonLanguage from "@zxcvbn-ts/language-common";
import { API_TEXTS } from "./error-texts";

export const BREACHED_PASSWORD_MESSAGE = API_TEXTS["password.too_weak"];

let breached: Set<string> | null = null;

/**
 * The common-passwords dictionary of zxcvbn-ts (about 49,000 passwords seen most often in breaches), lower-cased.
 * Built on first use (about 30–70 ms, about 4.5 MB kept): a process that never sets a password never loads it. Loaded with
 * require because zod runs refinements synchronously.
 */
export function breachedPasswords(): ReadonlySet<string> {
  if (!breached) {
    const { dictionary } = createRequire(import.meta.url)("@zxcvbn-ts/language-common") as typeof CommonLanguage;
    breached = new Set(dictionary["passwords-common"].map((password) => password.toLowerCase()));
  }
  return breached;
}

/** Digits, spaces and symbols people pad a common password with to reach a length rule ("sunshine2024!!"). */
const PADDING = /^[\d\W_]+|[\d\W_]+$/g;

/**
 * A listed password, or one padded with digits and symbols around a listed word: with a 12-character minimum, almost
 * every listed password is shorter, and "monkey123456789" is as weak as "monkey".
 */
export function isBreachedPassword(password: string): boolean {
  const list = breachedPasswords();
  const lower = password.toLowerCase();
  const core = lower.replace(PADDING, "");
  return list.has(lower) || (core.length > 0 && list.has(core));
}

/** The shared password rules plus the breached list: what the server accepts as a new password. */
export const serverNewPasswordSchema = newPasswordSchema.refine((password) => !isBreachedPassword(password), {
  message: BREACHED_PASSWORD_MESSAGE,
  // The error handler answers this refusal with the code `password.too_weak` rather than `validation`.
  params: { code: "password.too_weak" },
});

/** Route schemas of the endpoints that set a password: the shared ones, with the server's password check. */
export const registerBodySchema = registerInputSchema.safeExtend({ password: serverNewPasswordSchema });
export const changePasswordBodySchema = changePasswordInputSchema.safeExtend({ newPassword: serverNewPasswordSchema });
export const acceptInvitationBodySchema = acceptInvitationInputSchema.safeExtend({ password: serverNewPasswordSchema });
