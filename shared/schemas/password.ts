import { z } from "zod";
import { LIMITS } from "../limits";

/**
 * A password someone chooses (registration, change, invitation), never one typed to sign in. The server's route
 * schemas also refuse the most common breached passwords (`server/lib/breached-passwords.ts`): the list stays out
 * of the browser, whose forms show that refusal under the field from the 400 answer.
 */
export const newPasswordSchema = z
  .string()
  .min(LIMITS.passwordMin, `Mot de passe : ${LIMITS.passwordMin} caractères minimum / Password: at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Mot de passe : ${LIMITS.passwordMax} caractères maximum / Password: at most ${LIMITS.passwordMax} characters`);
