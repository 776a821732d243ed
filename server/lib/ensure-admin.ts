import { randomBytes } from "node:crypto";
import type { Db } from "../db/client";
import { countAdmins, createAdmin } from "../services/auth";

/** Creates the first admin when none exists; returns its credentials so they can be printed once. */
export async function ensureAdmin(
  db: Db,
  options: { email?: string | undefined; password?: string | undefined },
): Promise<{ email: string; password: string } | null> {
  if ((await countAdmins(db)) > 0) return null;
  const email = options.email ?? "admin@marine-algae.tn";
  const password = options.password ?? randomBytes(12).toString("base64url");
  await createAdmin(db, email, password);
  return { email, password };
}
