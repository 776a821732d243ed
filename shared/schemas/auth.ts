import { z } from "zod";
import { LIMITS } from "../limits";
import { newPasswordSchema } from "./password";

export const loginInputSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, "Email requis").max(LIMITS.contactEmailMax),
  password: z.string().min(1, "Mot de passe requis").max(LIMITS.passwordMax),
});

export const registerInputSchema = z.object({
  email: z.string().trim().toLowerCase().max(LIMITS.contactEmailMax).pipe(z.email("Adresse e-mail invalide / Invalid e-mail address")),
  password: newPasswordSchema,
});

export type User = { _id: string; email: string; createdAt: string };
export type LoginResponse = { token: string; user: User };

/** `POST /api/auth/password`: the current password proves the caller is the account holder, not just a token holder. */
export const changePasswordInputSchema = z
  .object({
    currentPassword: z.string().min(1, "Mot de passe actuel requis / Current password required").max(LIMITS.passwordMax),
    newPassword: newPasswordSchema,
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    path: ["newPassword"],
    message: "Le nouveau mot de passe doit différer de l'actuel / The new password must differ from the current one",
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;
