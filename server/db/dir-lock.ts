import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is already in use by another process (pid ${pid}). ` +
        "The embedded database cannot be shared: stop the other process, use another DATA_DIR, or set DATABASE_URL to a PostgreSQL server.",
    );
    this.name = "DataDirLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Lock files this process holds: a lock naming our own pid that is not in here is a previous life's (see below). */
const held = new Set<string>();

/**
 * Exclusive lock file `<dataDir>/.lock` holding the owner's pid; a stale lock (dead pid) is taken over. A lock with our
 * own pid that this process did not take is stale too: after a kill -9, a container restarts its server with the same
 * pid (often 1), and the old lock must not keep it from starting.
 */
export function acquireDirLock(dataDir: string): () => void {
  const file = path.join(path.resolve(dataDir), ".lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(file);
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dataDir, pid);
      if (pid === process.pid && held.has(file)) throw new DataDirLockedError(dataDir, pid);
      unlinkSync(file);
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
