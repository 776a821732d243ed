/** npm run restore [-- --environment-file=PATH] ARCHIVE: puts a backup back into an empty data directory or an empty PostgreSQL database. */
import path from "node:path";
import { RestoreRefusedError, restoreBackup } from "../backup/restore";
import { openDatabase } from "../db/client";
import { type Env, parseEnv } from "../env";
import { openStorage } from "../runtime";
import { type CommandOutput, parseArgs, readEnvFile } from "./args";

const USAGE =
  "Usage: npm run restore ARCHIVE   (into the empty DATA_DIR, or the empty database in DATABASE_URL; with -- --environment-file=PATH, that file's variables first)";

/** Runs the command with these arguments and environment, telling `out` what happened; resolves with the exit code. */
export async function runRestoreCommand(argv: string[], given: NodeJS.ProcessEnv, out: CommandOutput): Promise<number> {
  let archive: string | undefined;
  let env = given;
  try {
    const args = parseArgs(argv, env, { check: false });
    if (args.positional.length > 1) throw new Error("One archive, please.");
    archive = args.positional[0];
    if (args.envFile) env = { ...env, ...readEnvFile(args.envFile) };
  } catch (error) {
    out.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 1;
  }
  if (!archive) {
    out.error(USAGE);
    return 1;
  }
  let parsed: Env;
  try {
    parsed = parseEnv(env);
  } catch (error) {
    out.error((error as Error).message);
    return 1;
  }
  const dataDir = path.resolve(parsed.DATA_DIR);
  try {
    const database = await openDatabase({ databaseUrl: parsed.DATABASE_URL, dataDir });
    try {
      const manifest = await restoreBackup(database, await openStorage(parsed, dataDir), path.resolve(archive));
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      const into = parsed.DATABASE_URL ? "PostgreSQL" : `the embedded database in ${dataDir}`;
      out.log(`Restored ${archive} (made ${manifest.createdAt}, schema ${manifest.schemaVersion}) into ${into}`);
      out.log(`  ${rows} rows, ${manifest.uploads} images. Start the server as usual: pending migrations run at start.`);
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    out.error(error instanceof RestoreRefusedError ? `Restore refused: ${message}` : `Restore failed: ${message}`);
    return 1;
  }
}
