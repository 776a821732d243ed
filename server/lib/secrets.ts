import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { settings } from "../db/schema/index";

/**
 * Returns the stored value of `key`, creating a random one on first use.
 * Kept in the database (not a local file) so every instance behind a load balancer shares it.
 */
export async function getOrCreateSecret(db: Db, key: string): Promise<string> {
  await db
    .insert(settings)
    .values({ key, value: randomBytes(48).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  if (!row) throw new Error(`Could not read setting ${key}`);
  return row.value;
}
