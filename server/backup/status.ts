import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { settings } from "../db/schema";

/** The `settings` row `npm run backup` writes when an archive is complete: its ISO time (exposed in /metrics). */
export const BACKUP_LAST_SUCCESS_KEY = "backup_last_success_at";

/** When the last backup of this database succeeded, or null if none did. */
export async function lastBackupSuccess(db: Db): Promise<Date | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, BACKUP_LAST_SUCCESS_KEY)).limit(1);
  return row ? new Date(row.value) : null;
}

/** Records a backup that just succeeded. */
export async function recordBackupSuccess(db: Db, at = new Date()): Promise<void> {
  await db
    .insert(settings)
    .values({ key: BACKUP_LAST_SUCCESS_KEY, value: at.toISOString() })
    .onConflictDoUpdate({ target: settings.key, set: { value: at.toISOString() } });
}
