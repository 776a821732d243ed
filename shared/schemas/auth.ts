import { z } from "zod";
import { LIMITS } from "../limits";

export const loginInputSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, "Email requis").max(LIMITS.contactEmailMax),
  password: z.string().min(1, "Mot de passe requis").max(LIMITS.passwordMax),
});

export const registerInputSchema = z.object({
  email: z.string().trim().toLowerCase().max(LIMITS.contactEmailMax).pipe(z.email("Adresse e-mail invalide / Invalid e-mail address")),
  password: z
    .string()
    .min(LIMITS.passwordMin, `Mot de passe: ${LIMITS.passwordMin} caractères minimum / Password: at least ${LIMITS.passwordMin} characters`)
    .max(LIMITS.passwordMax),
});

export type User = { _id: string; email: string; createdAt: string };
export type LoginResponse = { token: string; user: User };
