import { z } from "zod";
import { LIMITS } from "../limits";
import { msg } from "../validation-messages";

/**
 * A password someone chooses (registration, change, invitation), never one typed to sign in. The server's route
 * schemas also refuse the most common breached passwords (`server/lib/breached-passwords.ts`): the list stays out
 * of the browser, whose forms show that refusal under the field from the 400 answer.
 */
export const newPasswordSchema = z
  .string()
  .min(LIMITS.passwordMin, msg("password.min_chars", { min: LIMITS.passwordMin }))
  .max(LIMITS.passwordMax, msg("password.max_chars", { max: LIMITS.passwordMax }));
