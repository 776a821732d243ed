import { randomBytes } from "node:crypto";
import { validationApiText } from "@shared/validation-messages";
import type { Db } from "../db/client";
import { serverNewPasswordSchema } from "../lib/breached-passwords";
import { countAdmins, createAdmin } from "./auth";

/**
 * Creates the first admin when none exists. A given password must pass the policy of every new password, checked only
 * here: once an admin exists the variable is unused. The password is returned (to be printed once) only when it was
 * generated here: one the operator supplied is never printed, so it never reaches the journal.
 */
export async function ensureAdmin(
  db: Db,
  options: { email?: string | undefined; password?: string | undefined },
): Promise<{ email: string; generatedPassword: string | null } | null> {
  if ((await countAdmins(db)) > 0) return null;
  const email = options.email ?? "admin@marine-algae.tn";
  if (options.password !== undefined) {
    const checked = serverNewPasswordSchema.safeParse(options.password);
    if (!checked.success)
      throw new Error(
        `Invalid environment:\n  ADMIN_PASSWORD: ${checked.error.issues.map((i) => validationApiText(i.message)).join("; ")}`,
      );
  }
  const password = options.password ?? randomBytes(12).toString("base64url");
  await createAdmin(db, email, password);
  return { email, generatedPassword: options.password === undefined ? password : null };
}
