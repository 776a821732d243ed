/**
 * npm run backup [-- --environment-file=PATH] [ARCHIVE]: one .tar.gz holding the database, the uploaded images and a manifest;
 * then the time of this success is recorded in the database (shown in /metrics).
 * npm run backup -- --check ARCHIVE: verifies an archive without restoring it and without opening the database.
 * Every outcome is one dated line (more lines follow a success); any failure exits 1.
 */
import path from "node:path";
import { ArchiveCheckError, checkArchive } from "../backup/check";
import { BackupFailedError, createBackup, describeError } from "../backup/create";
import { recordBackupSuccess } from "../backup/status";
import { openDatabase } from "../db/client";
import { DataDirLockedError } from "../db/dir-lock";
import { parseEnv } from "../env";
import { openStorage } from "../runtime";
import { type CliArgs, type CommandOutput, dated, parseArgs, readEnvFile, UsageError } from "./args";

/** A failed step's message names the step; any other error is told by its innermost cause. */
const reason = (error: unknown) => (error instanceof BackupFailedError ? error.message : describeError(error));

const USAGE = "Usage: npm run backup [-- --environment-file=PATH] [ARCHIVE]    or    npm run backup -- --check ARCHIVE";

/** Runs the command with these arguments and environment, telling `out` what happened; resolves with the exit code. */
export async function runBackupCommand(argv: string[], given: NodeJS.ProcessEnv, out: CommandOutput): Promise<number> {
  const fail = (message: string) => {
    out.error(dated(message));
    return 1;
  };
  let env = given;
  let args: CliArgs;
  try {
    args = parseArgs(argv, env, { check: true });
    if (args.positional.length > 1 || (args.check && args.positional.length !== 1)) throw new UsageError("One archive, please.");
    if (args.envFile) env = { ...env, ...readEnvFile(args.envFile) };
  } catch (error) {
    return fail(error instanceof UsageError ? `${error.message}\n${USAGE}` : `Backup failed: ${reason(error)}`);
  }

  if (args.check) {
    const archive = path.resolve(args.positional[0] as string);
    try {
      const { manifest, rows, verified } = await checkArchive(archive);
      out.log(dated(`Archive OK: ${archive}`));
      out.log(
        `  made ${manifest.createdAt} on ${manifest.database}, schema ${manifest.schemaVersion}: ${rows} rows in ${manifest.tables.length} tables, ${manifest.uploads} images`,
      );
      out.log(
        manifest.sha256
          ? `  ${verified} files match their SHA-256; every table's rows parse and match the manifest's counts`
          : "  no checksums (made before they were recorded): rows parsed and counted, file contents not verified",
      );
      return 0;
    } catch (error) {
      return fail(error instanceof ArchiveCheckError ? `Archive check failed: ${error.message}` : `Archive check failed: ${reason(error)}`);
    }
  }

  try {
    const parsed = parseEnv(env);
    const dataDir = path.resolve(parsed.DATA_DIR);
    const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace("T", "_").slice(0, 19);
    const archive = path.resolve(args.positional[0] ?? path.join("backups", `marine-algae-${stamp}.tar.gz`));
    const database = await openDatabase({ databaseUrl: parsed.DATABASE_URL, dataDir });
    try {
      const manifest = await createBackup(database, await openStorage(parsed, dataDir), archive);
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      await recordBackupSuccess(database.db).catch((error: unknown) => {
        throw new Error(`the archive ${archive} is complete, but its time could not be recorded in the database: ${reason(error)}`);
      });
      out.log(dated(`Backup written to ${archive}`));
      out.log(`  schema ${manifest.schemaVersion}, ${rows} rows in ${manifest.tables.length} tables, ${manifest.uploads} images`);
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof DataDirLockedError)
      return fail(
        `Backup failed: ${error.message}\nThe embedded database is backed up while the server is stopped (see docs/deployment.md).`,
      );
    return fail(`Backup failed: ${reason(error)}`);
  }
}
