/** npm run restore ARCHIVE: puts a backup back into an empty data directory or an empty PostgreSQL database. */
import path from "node:path";
import { RestoreRefusedError, restoreBackup } from "../backup/restore";
import { openDatabase } from "../db/client";
import { loadEnvOrExit, openStorage } from "../runtime";

const env = loadEnvOrExit();
const dataDir = path.resolve(env.DATA_DIR);
const archive = process.argv[2];
if (!archive) {
  console.error("Usage: npm run restore ARCHIVE   (into the empty DATA_DIR, or the empty database in DATABASE_URL)");
  process.exit(1);
}

try {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  try {
    const manifest = await restoreBackup(database, openStorage(env, dataDir), path.resolve(archive));
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const into = env.DATABASE_URL ? "PostgreSQL" : `the embedded database in ${dataDir}`;
    console.log(`Restored ${archive} (made ${manifest.createdAt}, schema ${manifest.schemaVersion}) into ${into}`);
    console.log(`  ${rows} rows, ${manifest.uploads} images. Start the server as usual: pending migrations run at start.`);
  } finally {
    await database.close();
  }
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof RestoreRefusedError ? `Restore refused: ${message}` : `Restore failed: ${message}`);
  process.exit(1);
}
