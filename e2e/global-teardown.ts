/** After the run: a worker that crashed before stopping its server left its pid file behind; that server is stopped. */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { E2E } from "./config";

export function stopLeftoverServers(): void {
  if (!existsSync(E2E.dir)) return;
  for (const entry of readdirSync(E2E.dir)) {
    const pidFile = path.join(E2E.dir, entry, "server.pid");
    if (!existsSync(pidFile)) continue;
    const pid = Number.parseInt(readFileSync(pidFile, "utf8"), 10);
    // Only a process that is still this suite's server (the pid may have been reused since).
    const command = existsSync(`/proc/${pid}/cmdline`) ? readFileSync(`/proc/${pid}/cmdline`, "utf8") : "";
    if (Number.isInteger(pid) && command.includes("server-dist")) {
      console.log(`stopping the e2e server left running by ${entry} (pid ${pid})`);
      process.kill(pid, "SIGKILL");
    }
    rmSync(pidFile, { force: true });
  }
}

export default function globalTeardown(): void {
  stopLeftoverServers();
}
