/** npm run restore [-- --environment-file=PATH] ARCHIVE: puts a backup back into an empty data directory or an empty PostgreSQL database. */
import path from "node:path";
import { RestoreRefusedError, restoreBackup } from "../backup/restore";
import { openDatabase } from "../db/client";
import { loadEnvOrExit, openStorage } from "../runtime";
import { applyEnvFile, parseArgs } from "./args";

const USAGE =
  "Usage: npm run restore ARCHIVE   (into the empty DATA_DIR, or the empty database in DATABASE_URL; with -- --environment-file=PATH, that file's variables first)";
let archive: string | undefined;
try {
  const args = parseArgs(process.argv.slice(2), process.env, { check: false });
  if (args.positional.length > 1) throw new Error("One archive, please.");
  archive = args.positional[0];
  if (args.envFile) applyEnvFile(args.envFile);
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(1);
}
if (!archive) {
  console.error(USAGE);
  process.exit(1);
}
const env = loadEnvOrExit();
const dataDir = path.resolve(env.DATA_DIR);

try {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  try {
    const manifest = await restoreBackup(database, await openStorage(env, dataDir), path.resolve(archive));
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
