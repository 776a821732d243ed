/** npm run backup [ARCHIVE]: one .tar.gz holding the database, the uploaded images and a manifest. */
import path from "node:path";
import { createBackup } from "../backup/create";
import { openDatabase } from "../db/client";
import { DataDirLockedError } from "../db/dir-lock";
import { loadEnvOrExit, openStorage } from "../runtime";

const env = loadEnvOrExit();
const dataDir = path.resolve(env.DATA_DIR);
const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace("T", "_").slice(0, 19);
const archive = path.resolve(process.argv[2] ?? path.join("backups", `marine-algae-${stamp}.tar.gz`));

try {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  try {
    const manifest = await createBackup(database, openStorage(env, dataDir), archive);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Backup written to ${archive}`);
    console.log(`  schema ${manifest.schemaVersion}, ${rows} rows in ${manifest.tables.length} tables, ${manifest.uploads} images`);
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof DataDirLockedError)
    console.error(`${error.message}\nThe embedded database is backed up while the server is stopped (see docs/deployment.md).`);
  else console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
