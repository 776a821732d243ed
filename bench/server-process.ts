import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { assertFreshBuild } from "../test/build-freshness";

const root = path.resolve(import.meta.dirname, "..");

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  dataDir: string;
  /** From spawning the process to its first answer (module loading, migrations, demo seeding on first start). */
  startupMs: number;
  rssMb(): number;
  stop(): Promise<void>;
};

/** With BENCH_MEMORY_LOG=file, the server logs where its memory goes to that file (bench/memory-log.ts). */
function memoryLogEnv(): Record<string, string> {
  const file = process.env.BENCH_MEMORY_LOG;
  if (!file) return {};
  const preload = `--import ${path.join(root, "bench", "memory-log.ts")}`;
  return { MEMORY_LOG: path.resolve(file), NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} ${preload}`.trim() };
}

/** Starts the compiled production server (`npm run serve`: built site, embedded database with demo content) in its own process. */
export async function startServer(port: number, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  // Measures what the sources make today, not an older build.
  assertFreshBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), "marine-algae-bench-"));
  const started = performance.now();
  const child = spawn(process.execPath, ["build/server-dist/main.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // As the documented systemd unit runs it: fewer glibc malloc arenas for the native parts (sharp, PGlite).
      MALLOC_ARENA_MAX: "2",
      ...memoryLogEnv(),
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    // The first start draws the demo images: minutes on a busy machine.
    await waitFor(`${url}/api/categories`, 300_000);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    url,
    child,
    dataDir,
    startupMs: performance.now() - started,
    rssMb: () => rssOf(child.pid),
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Resident memory of a process in MB, read from /proc. */
export function rssOf(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

export async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
