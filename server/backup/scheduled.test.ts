import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { assertFreshBuild } from "../../test/build-freshness";
import { runCompiled } from "../../test/server-process";
import { copyTemplate } from "../../test/template-db";
import { parseEnvFile } from "../lib/env-file";
import { PROJECT_ROOT } from "../paths";

/**
 * The scheduled backup exactly as deploy/ ships it and docs/deployment.md quotes it. The only substitutions are the
 * machine's places: /srv/marine-algae (an install folder linking to this checkout's build), /etc/marine-algae.env (a
 * file made here) and /usr/bin/node (this Node 24, which is not /usr/bin/node on every test machine).
 */
const DEPLOY = path.join(PROJECT_ROOT, "deploy");
const CRON_FILE = path.join(DEPLOY, "cron", "marine-algae-backup");
const UNIT_FILE = path.join(DEPLOY, "systemd", "marine-algae-backup.service");
const DATED = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /m;

const isRoot = process.getuid?.() === 0;
/** As root, the commands run as another user, as cron and systemd run them as `marine`; otherwise as this user. */
const serviceUser = isRoot ? "nobody" : null;
const ids = serviceUser
  ? { uid: Number(spawnSync("id", ["-u", serviceUser]).stdout), gid: Number(spawnSync("id", ["-g", serviceUser]).stdout) }
  : { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };

const scratch = mkdtempSync(path.join(tmpdir(), "marine-algae-scheduled-"));
chmodSync(scratch, 0o755);
const install = path.join(scratch, "srv");
const envFile = path.join(scratch, "marine-algae.env");
/** DATA_DIR with spaces and guillemets, given unquoted in the environment file: the backup must read that very folder. */
const dataDir = path.join(scratch, "site data ‹marine›");

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const own = (file: string) => chownSync(file, ids.uid, ids.gid);
function ownTree(dir: string) {
  own(dir);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) own(path.join(entry.parentPath, entry.name));
}

/** The prescribed environment file: owned by root (or this user), group of the service user, mode 640. */
function writeEnvFile(lines: string[], mode = 0o640) {
  writeFileSync(envFile, `${lines.join("\n")}\n`);
  chownSync(envFile, process.getuid?.() ?? 0, ids.gid);
  chmodSync(envFile, mode);
}

const SECRETS = ["# secrets of the site", "MAIL_FROM=Marine Algae ‹contact@example.tn›", "ADMIN_PASSWORD=long pass #with ‹spaces›"];

const substitute = (text: string) =>
  text.replaceAll("/srv/marine-algae", install).replaceAll("/etc/marine-algae.env", envFile).replaceAll("/usr/bin/node", process.execPath);

/** Runs argv as the service user with exactly `env` (nothing inherited), in `cwd`; output and exit code. */
function runAs(argv: string[], env: Record<string, string>, cwd = "/"): Promise<{ code: number | null; output: string }> {
  const envArgs = Object.entries(env).map(([name, value]) => `${name}=${value}`);
  const command = ["env", "-i", ...envArgs, ...argv];
  const full = serviceUser ? ["runuser", "-u", serviceUser, "--", ...command] : command;
  const child = spawn(full[0] as string, full.slice(1), { cwd, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, output })));
}

/** The line of the cron.d file: five time fields, the user, then the command cron gives to /bin/sh -c. */
function cronEntry(): { schedule: string; user: string; command: string } {
  const line = readFileSync(CRON_FILE, "utf8")
    .split("\n")
    .find((text) => text.trim() && !text.startsWith("#"));
  const match = /^(\S+ \S+ \S+ \S+ \S+) (\S+) (.+)$/.exec(line ?? "");
  if (!match) throw new Error(`no cron line in ${CRON_FILE}`);
  return { schedule: match[1] as string, user: match[2] as string, command: match[3] as string };
}

/** Runs the cron line's command as cron would: /bin/sh -c, as the user, with cron's environment. */
function runCronLine() {
  const { command } = cronEntry();
  const home = path.join(scratch, "home");
  return runAs(["/bin/sh", "-c", substitute(command)], {
    HOME: home,
    LOGNAME: serviceUser ?? "marine",
    SHELL: "/bin/sh",
    PATH: "/usr/bin:/bin",
  });
}

const archives = () => readdirSync(path.join(install, "backups")).filter((name) => /^marine-algae-.*\.tar\.gz$/.test(name));
const log = () => readFileSync(path.join(install, "backups", "backup.log"), "utf8");

beforeAll(async () => {
  // The cron line and the unit run the copied build/server-dist/backup.js themselves, not through test/server-process.
  assertFreshBuild();
  // The install folder: this checkout's package.json, build, packages and migrations, and a backups folder of the
  // service user.
  // Hard-linked copies where the file system allows (a checkout in a private folder, e.g. `mktemp -d`, is not
  // reachable by the service user through a symbolic link), else symbolic links.
  mkdirSync(path.join(install, "backups"), { recursive: true });
  // The migrations too: with copies, the install folder is the project root the build finds them from.
  for (const name of ["package.json", "build", "node_modules", "server/db/migrations"]) {
    const [from, to] = [path.join(PROJECT_ROOT, name), path.join(install, name)];
    mkdirSync(path.dirname(to), { recursive: true });
    if (spawnSync("cp", ["-al", from, to]).status !== 0) {
      rmSync(to, { recursive: true, force: true });
      spawnSync("ln", ["-s", from, to]);
    }
  }
  mkdirSync(path.join(scratch, "home"));
  own(path.join(scratch, "home"));
  // A migrated embedded database, as the server leaves it.
  copyTemplate(inject("pgliteTemplate"), dataDir);
  ownTree(dataDir);
  own(install);
  own(path.join(install, "backups"));
}, 60_000);

describe("the deployment files", () => {
  it("are quoted byte for byte in docs/deployment.md", () => {
    const guide = readFileSync(path.join(PROJECT_ROOT, "docs", "deployment.md"), "utf8");
    const blocks = [...guide.matchAll(/^```[a-z]*\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
    for (const file of [
      CRON_FILE,
      UNIT_FILE,
      ...["marine-algae-backup.timer", "marine-algae.service"].map((name) => path.join(DEPLOY, "systemd", name)),
    ])
      expect(blocks, path.relative(PROJECT_ROOT, file)).toContain(readFileSync(file, "utf8"));
  });

  it("are units systemd-analyze verify accepts without a warning", (context) => {
    if (spawnSync("systemd-analyze", ["--version"]).error) return context.skip("systemd-analyze is not installed");
    const dir = mkdtempSync(path.join(scratch, "units-"));
    const names = ["marine-algae.service", "marine-algae-backup.service", "marine-algae-backup.timer"];
    for (const name of names) writeFileSync(path.join(dir, name), readFileSync(path.join(DEPLOY, "systemd", name)));
    const verify = spawnSync("systemd-analyze", ["verify", ...names], { cwd: dir, encoding: "utf8" });
    expect(verify.status, verify.stderr).toBe(0);
    expect(`${verify.stdout}${verify.stderr}`).toBe("");
  });
});

describe(`the cron line, run by /bin/sh as ${serviceUser ?? "this user (not root: no other user to run it as)"}`, () => {
  it("reads the environment file (root:group 640, unquoted spaces and ‹›), writes an archive --check passes, logs a dated line and deletes archives past 14 days", async () => {
    expect(cronEntry()).toMatchObject({ schedule: "15 3 * * *", user: "marine" });
    expect(cronEntry().command).not.toContain("%"); // cron would turn it into a newline
    writeEnvFile([...SECRETS, `DATA_DIR=${dataDir}`, "SEED_DEMO=false"]);
    const old = path.join(install, "backups", "marine-algae-2000-01-01_03-15-00.tar.gz");
    writeFileSync(old, "");
    own(old);
    const twentyDaysAgo = Date.now() / 1000 - 20 * 86_400;
    utimesSync(old, twentyDaysAgo, twentyDaysAgo);

    const run = await runCronLine();
    expect(run.code, run.output).toBe(0);
    expect(run.output).toBe(""); // everything went to the log
    expect(log()).toMatch(new RegExp(`${DATED.source}Backup written to ${install}/backups/marine-algae-`, "m"));
    expect(existsSync(old)).toBe(false);
    const [archive] = archives();
    expect(archive).toBeDefined();
    const checked = await runCompiled("backup", ["--check", path.join(install, "backups", archive as string)], dataDir);
    expect(checked.code, checked.output).toBe(0);
    expect(checked.output).toMatch(/Archive OK/);
  }, 60_000);

  it("fails with a non-zero exit and a dated line in the log when the database is wrong", async () => {
    writeEnvFile([...SECRETS, `DATA_DIR=${dataDir}`, "DATABASE_URL=postgres://marine:pw@127.0.0.1:1/marine"]);
    const count = archives().length;
    const run = await runCronLine();
    expect(run.code).not.toBe(0);
    expect(log()).toMatch(new RegExp(`${DATED.source}Backup failed: The database cannot be read: connect ECONNREFUSED`, "m"));
    expect(archives()).toHaveLength(count);
  }, 60_000);

  it("logs how to fix an environment file the service user cannot read (the operator's silent failure)", async (context) => {
    if (!serviceUser) return context.skip("not root: the file's owner can always read it");
    writeEnvFile([...SECRETS, `DATA_DIR=${dataDir}`], 0o600);
    const run = await runCronLine();
    expect(run.code).not.toBe(0);
    expect(log()).toMatch(
      new RegExp(`${DATED.source}Backup failed: Cannot read the environment file ${envFile} \\(EACCES\\)\\. .*chmod 640`, "m"),
    );
  }, 60_000);
});

/** `Key=value` lines of a unit's [Service] section, in order (a key may repeat). */
function serviceSection(file: string): [string, string][] {
  const text = readFileSync(file, "utf8");
  const section = /^\[Service\]\n([\s\S]*?)(?=^\[|$(?![\s\S]))/m.exec(text)?.[1] ?? "";
  return section
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"))
    .map((line) => {
      const at = line.indexOf("=");
      return [line.slice(0, at), line.slice(at + 1)];
    });
}

/** A command line or an Environment= value split as systemd splits it: on blanks, quotes removed. */
function words(text: string): string[] {
  return [...text.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3] ?? "");
}

describe("the systemd backup unit, run the way systemd runs it", () => {
  it("as User=, in WorkingDirectory=, with Environment= then EnvironmentFile=: writes an archive --check passes and a dated line to the journal", async () => {
    const settings = serviceSection(UNIT_FILE);
    const one = (key: string) => settings.filter(([name]) => name === key).map(([, value]) => value);
    expect(one("Type")).toEqual(["oneshot"]);
    expect(one("User")).toEqual(["marine"]);
    // "+" lines run as root around the backup; stopping and starting the server is systemd's part, not run here.
    expect(one("ExecStartPre")).toEqual(["+/bin/systemctl stop marine-algae"]);
    expect(one("ExecStopPost")).toEqual(["+/bin/systemctl start marine-algae"]);

    // The environment systemd gives a service with User=, then Environment=, then the file (which wins).
    writeEnvFile([...SECRETS, "SEED_DEMO=false"]);
    const env: Record<string, string> = {
      PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
      HOME: path.join(scratch, "home"),
      USER: serviceUser ?? "marine",
      LOGNAME: serviceUser ?? "marine",
      SHELL: "/bin/sh",
    };
    for (const value of one("Environment"))
      for (const assignment of words(substitute(value))) {
        const at = assignment.indexOf("=");
        env[assignment.slice(0, at)] = assignment.slice(at + 1);
      }
    for (const file of one("EnvironmentFile")) Object.assign(env, parseEnvFile(readFileSync(substitute(file), "utf8")));
    expect(env.MAIL_FROM).toBe("Marine Algae ‹contact@example.tn›");
    // The unit's data folder is the install's; point it at the migrated one prepared above.
    spawnSync("ln", ["-s", dataDir, env.DATA_DIR as string]);

    const before = new Set(archives());
    const cwd = substitute(one("WorkingDirectory")[0] as string);
    const journal: string[] = [];
    for (const command of [...one("ExecStart"), ...one("ExecStartPost")]) {
      const run = await runAs(words(substitute(command)), env, cwd);
      journal.push(run.output);
      expect(run.code, run.output).toBe(0);
    }
    expect(journal[0]).toMatch(new RegExp(`${DATED.source}Backup written to ${install}/backups/marine-algae-`, "m"));
    const made = archives().filter((name) => !before.has(name));
    expect(made).toHaveLength(1);
    const checked = await runCompiled("backup", ["--check", path.join(install, "backups", made[0] as string)], dataDir);
    expect(checked.code, checked.output).toBe(0);
  }, 60_000);
});
