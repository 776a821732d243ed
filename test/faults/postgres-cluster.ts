import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./server-process";

/** The newest installed PostgreSQL server's bin directory (Debian layout), or null when none is installed. */
export function postgresBin(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(base, newest, "bin") : null;
}

/** A PostgreSQL cluster of its own (not the shared TEST_DATABASE_URL one), which the test can stop and start. */
export async function createCluster(bin: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "marine-faults-pg-"));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  // initdb and the server refuse to run as root: run them as the postgres user.
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    if (asRoot) execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: "pipe" });
    else execFileSync(command, args, { stdio: "pipe" });
  };
  run("initdb", ["-D", path.join(dir, "data"), "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
  const ctl = (action: "start" | "stop") =>
    run("pg_ctl", [
      "-D",
      path.join(dir, "data"),
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      "-l",
      path.join(dir, "log"),
      "-w",
      ...(action === "stop" ? ["-m", "fast"] : []),
      action,
    ]);
  ctl("start");
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Fast shutdown: open connections are ended, new ones are refused. Returns once stopped. */
    stop: () => ctl("stop"),
    /** Returns once it accepts connections. */
    start: () => ctl("start"),
    destroy() {
      try {
        ctl("stop");
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
