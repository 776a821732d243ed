import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { create, extract } from "tar";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runCommand } from "../../test/commands";
import { runCompiled, startServer } from "../../test/server-process";
import { copyTemplate } from "../../test/template-db";
import { openDatabase } from "../db/client";
import { createAdmin } from "../services/auth";
import { BACKUP_LAST_SUCCESS_KEY, lastBackupSuccess } from "./status";

/**
 * `npm run backup` on the embedded database: every failure is a non-zero exit with one dated line naming it and no
 * archive left behind; a success records its time; `--check` verifies archives without a database. Most cases run the
 * command in this process (runCommand); a success, a refusal and each form of `--check` also run the compiled program.
 */
const scratch = mkdtempSync(path.join(tmpdir(), "marine-algae-backup-cli-"));
const DATED = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /;
/** A migrated embedded database, as a server leaves it after its first start. */
const migratedDataDir = () => copyTemplate(inject("pgliteTemplate"), mkdtempSync(path.join(scratch, "data-")));
let dataDir = "";

beforeAll(async () => {
  dataDir = migratedDataDir();
  // With its administrator, whose row the archive checks below alter.
  const database = await openDatabase({ dataDir });
  await createAdmin(database.db, "admin@backup.test", "backup-admin-password").finally(() => database.close());
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const backup = (args: string[], env: Record<string, string> = {}) => runCommand("backup", args, dataDir, env);

async function unpack(archive: string): Promise<string> {
  const dir = mkdtempSync(path.join(scratch, "unpacked-"));
  await extract({ file: archive, cwd: dir });
  return dir;
}

async function repack(dir: string, name: string): Promise<string> {
  const archive = path.join(scratch, name);
  await create({ gzip: true, file: archive, cwd: dir, portable: true }, await readdir(dir));
  return archive;
}

/** The one line a failed run prints: dated, and nothing else. */
function failureLine(output: string): string {
  const lines = output.trim().split("\n");
  expect(lines, output).toHaveLength(1);
  expect(lines[0]).toMatch(DATED);
  return lines[0] as string;
}

describe("npm run backup", () => {
  it("writes an archive, records the time of its success, and leaves that time out of every archive", async () => {
    const before = new Date();
    const archive = path.join(scratch, "first.tar.gz");
    const run = await runCompiled("backup", [archive], dataDir);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/^\d{4}-.*Z Backup written to /);
    const database = await openDatabase({ dataDir });
    try {
      const recorded = await lastBackupSuccess(database.db);
      expect(recorded?.getTime()).toBeGreaterThanOrEqual(before.getTime());
    } finally {
      await database.close();
    }
    const second = path.join(scratch, "second.tar.gz");
    expect((await backup([second])).code).toBe(0);
    const settings = await readFile(path.join(await unpack(second), "database", "settings.ndjson"), "utf8");
    expect(settings).not.toContain(BACKUP_LAST_SUCCESS_KEY);
  }, 60_000);

  it("fails with one dated line when the database cannot be reached", async () => {
    const archive = path.join(scratch, "unreachable.tar.gz");
    const run = await backup([archive], { DATABASE_URL: "postgres://marine:secret@127.0.0.1:1/marine" });
    expect(run.code).toBe(1);
    expect(failureLine(run.output)).toMatch(/Backup failed: The database cannot be read: connect ECONNREFUSED 127\.0\.0\.1:1$/);
    expect(run.output).not.toContain("secret");
    expect(existsSync(archive)).toBe(false);
    expect(existsSync(`${archive}.partial`)).toBe(false);
  });

  it("fails with one dated line when the image storage cannot be read, and leaves no archive", async () => {
    const broken = migratedDataDir();
    // A file where the image folder should be: listing it fails (as an unreadable folder would).
    rmSync(path.join(broken, "uploads", "algues"), { recursive: true, force: true });
    await mkdir(path.join(broken, "uploads"), { recursive: true });
    await writeFile(path.join(broken, "uploads", "algues"), "not a folder");
    const archive = path.join(scratch, "storage.tar.gz");
    const run = await runCommand("backup", [archive], broken);
    expect(run.code).toBe(1);
    expect(failureLine(run.output)).toMatch(/Backup failed: The image storage cannot be read: ENOTDIR/);
    expect(existsSync(archive)).toBe(false);
    expect(existsSync(`${archive}.partial`)).toBe(false);
  }, 60_000);

  it("fails before reading anything when the archive directory cannot be written", async () => {
    const file = path.join(scratch, "a-file");
    await writeFile(file, "");
    const run = await backup([path.join(file, "backups", "x.tar.gz")]);
    expect(run.code).toBe(1);
    expect(failureLine(run.output)).toMatch(/Backup failed: The archive directory .*a-file\/backups cannot be written: (ENOTDIR|EEXIST)/);
  });

  it("on a full disk, removes the partial archive and leaves nothing under the final name", async () => {
    // The partial file points at /dev/full, where every write fails with ENOSPC.
    const archive = path.join(scratch, "full.tar.gz");
    await symlink("/dev/full", `${archive}.partial`);
    const run = await backup([archive]);
    expect(run.code).toBe(1);
    expect(failureLine(run.output)).toMatch(/Backup failed: The archive .*full\.tar\.gz\.partial cannot be written: .*ENOSPC/);
    expect(existsSync(archive)).toBe(false);
    expect(existsSync(`${archive}.partial`)).toBe(false);
  });

  it("names a bad option or a missing environment file in one line", async () => {
    const option = await runCompiled("backup", ["--force"], dataDir);
    expect(option.code).toBe(1);
    expect(option.output).toMatch(/Unknown option --force\nUsage: npm run backup/);
    const missing = await backup([`--environment-file=${path.join(scratch, "nowhere.env")}`]);
    expect(missing.code).toBe(1);
    expect(failureLine(missing.output)).toMatch(/Backup failed: Cannot read the environment file .*nowhere\.env \(ENOENT\)/);
  });
});

describe("npm run backup -- --check", () => {
  let good = "";
  beforeAll(async () => {
    good = path.join(scratch, "good.tar.gz");
    const run = await backup([good]);
    expect(run.code, run.output).toBe(0);
  }, 60_000);

  const check = (archive: string) => runCommand("backup", ["--check", archive], dataDir);

  it("passes a complete archive while the server holds the embedded database, which a backup cannot open then", async () => {
    const server = await startServer(dataDir);
    try {
      const checked = await runCompiled("backup", ["--check", good], dataDir);
      expect(checked.code, checked.output).toBe(0);
      expect(checked.output).toMatch(
        /Z Archive OK: .*good\.tar\.gz\n {2}made .* on pglite, schema \d{4}_\w+: \d+ rows in \d+ tables, 0 images\n {2}\d+ files match their SHA-256/,
      );
      const refused = await backup([path.join(scratch, "while-running.tar.gz")]);
      expect(refused.code).toBe(1);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 60_000);

  it("names a file whose bytes changed", async () => {
    const dir = await unpack(good);
    const file = path.join(dir, "database", "users.ndjson");
    await writeFile(file, (await readFile(file, "utf8")).replace("admin", "admon"));
    const run = await check(await repack(dir, "changed.tar.gz"));
    expect(run.code).toBe(1);
    expect(failureLine(run.output)).toMatch(/Archive check failed: database\/users\.ndjson does not match its checksum/);
  });

  it("names a missing file, a row that does not parse and a count that differs", async () => {
    const missing = await unpack(good);
    rmSync(path.join(missing, "database", "categories.ndjson"));
    expect(failureLine((await check(await repack(missing, "missing.tar.gz"))).output)).toMatch(
      /database\/categories\.ndjson is in the manifest but missing from the archive/,
    );

    // Without checksums (as archives made before them), the rows themselves are still read and counted.
    const withoutSums = async (name: string, edit: (dir: string) => Promise<void>) => {
      const dir = await unpack(good);
      const manifestFile = path.join(dir, "manifest.json");
      const { sha256: _, ...manifest } = JSON.parse(await readFile(manifestFile, "utf8")) as Record<string, unknown>;
      await writeFile(manifestFile, JSON.stringify(manifest));
      await edit(dir);
      return check(await repack(dir, name));
    };
    const old = await withoutSums("old.tar.gz", async () => {});
    expect(old.code, old.output).toBe(0);
    expect(old.output).toContain("no checksums (made before they were recorded): rows parsed and counted");

    const garbled = await withoutSums("garbled.tar.gz", (dir) =>
      writeFile(path.join(dir, "database", "users.ndjson"), '{"id":1}\n{"id":\n'),
    );
    expect(garbled.code).toBe(1);
    expect(failureLine(garbled.output)).toMatch(/database\/users\.ndjson, row 2, does not parse/);

    const short = await withoutSums("short.tar.gz", (dir) => writeFile(path.join(dir, "database", "users.ndjson"), ""));
    expect(failureLine(short.output)).toMatch(/database\/users\.ndjson holds 0 rows; the manifest says 1/);

    const future = await withoutSums("future.tar.gz", async (dir) => {
      const file = path.join(dir, "manifest.json");
      await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, "utf8")), schemaVersion: "9999_future" }));
    });
    expect(failureLine(future.output)).toMatch(/Schema version 9999_future is unknown to this version/);
  }, 60_000);

  it("refuses a file that is not a backup, or a truncated one", async () => {
    const text = path.join(scratch, "notes.txt");
    await writeFile(text, "hello");
    expect(failureLine((await check(text)).output)).toMatch(/Archive check failed: .*notes\.txt is not a readable \.tar\.gz backup/);
    const bytes = await readFile(good);
    const truncated = path.join(scratch, "truncated.tar.gz");
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const run = await check(truncated);
    expect(run.code).toBe(1);
    expect(failureLine(run.output)).toMatch(/Archive check failed: /);
  });

  it("is understood without the -- too (npm passes --check as npm_config_check)", async () => {
    const run = await runCompiled("backup", [good], dataDir, { npm_config_check: "true" });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/Archive OK/);
  });
});
