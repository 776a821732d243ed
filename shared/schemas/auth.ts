import { z } from "zod";
import { LIMITS } from "../limits";
import { roleSchema } from "../roles";
import { msg } from "../validation-messages";
import { timestampSchema } from "./common";
import { newPasswordSchema } from "./password";

export const loginInputSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, msg("sign_in.email_required")).max(LIMITS.contactEmailMax),
  password: z.string().min(1, msg("password.required")).max(LIMITS.passwordMax),
});

export const registerInputSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(LIMITS.contactEmailMax)
    .pipe(z.email(msg("email.invalid"))),
  password: newPasswordSchema,
});

/** The signed-in account: its role decides what the back office offers it (decision 0114). */
export const userSchema = z.object({ _id: z.string(), email: z.string(), role: roleSchema, createdAt: timestampSchema });
export type User = z.output<typeof userSchema>;
export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.output<typeof loginResponseSchema>;
/** `{ user }`, with `mustChangePassword: true` only for an account still on its one-time password. */
const mustChangePassword = { mustChangePassword: z.literal(true).optional() };
/** `POST /api/auth/login` and its TOTP step when signed in: `mustChangePassword` is there only when true. */
export const signedInSchema = loginResponseSchema.extend(mustChangePassword);
export type SignedIn = z.output<typeof signedInSchema>;
/** `GET /api/auth/me`. */
export const meSchema = z.object({ user: userSchema, ...mustChangePassword });
export type Me = z.output<typeof meSchema>;
/** `POST /api/auth/register`, `POST /api/auth/email`. */
export const userAnswerSchema = z.object({ user: userSchema });

/** `POST /api/auth/password`: the current password proves the caller is the account holder, not just a token holder. */
export const changePasswordInputSchema = z
  .object({
    currentPassword: z.string().min(1, msg("password.current_required")).max(LIMITS.passwordMax),
    newPassword: newPasswordSchema,
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    path: ["newPassword"],
    message: msg("password.same_as_current"),
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;
