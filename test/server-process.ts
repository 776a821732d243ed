import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { MALLOC_ENV } from "../server/lib/memory";
import { BUILD_DIR, PROJECT_ROOT } from "../server/paths";
import { assertFreshBuild } from "./build-freshness";

/** The compiled server, exactly what `npm run serve` runs (built by `npm run build`). */
export const COMPILED_DIR = path.join(BUILD_DIR, "server-dist");
export const COMPILED_MAIN = path.join(COMPILED_DIR, "main.js");

export type ServerProcess = {
  child: ChildProcess;
  /** http://localhost:<port>, read from the start-up line. */
  url: string;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends a signal (SIGTERM unless told) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export type ServerEnv = Record<string, string>;

/** The compiled file to run, refused when missing or when the build is older than its sources (test/build-freshness.ts). */
function compiled(file: string): string {
  if (!existsSync(file)) throw new Error(`${path.relative(PROJECT_ROOT, file)} is missing: run "npm run build" first`);
  assertFreshBuild(COMPILED_DIR);
  return file;
}

/** Quiet defaults for a test server: any port, loopback, no demo content, no shutdown delay. */
export function serverEnv(dataDir: string, env: ServerEnv): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    SHUTDOWN_DELAY_MS: "0",
    ...env,
  };
}

/** Children still running when the test process ends (a failed assertion skipped their stop) are killed with it. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/**
 * The V8 flags the suite's processes run with, in place of the production MEMORY_FLAGS (server/lib/memory.ts), which
 * trade CPU for resident memory: no memory saver mode, a larger young generation. Giving every flag's name also spares
 * the server its restart with the flags it lacks. The suite is bound by CPU (decision 0134). PGlite's WebAssembly stays
 * on Liftoff, V8's baseline compiler: the servers and commands the API tests start live seconds, and TurboFan's
 * recompiling of hot functions cost a CPU-second per start that such a process never earned back (decision 0138).
 * The memory figures are the bench's; the one test of the flags themselves starts with none.
 */
export const SUITE_NODE_FLAGS = ["--liftoff-only", "--no-memory-saver-mode", "--max-semi-space-size=16", "--max-old-space-size=1024"];

/**
 * A browser suite worker's server lives the whole run and answers thousands of requests: there TurboFan's code pays
 * for itself (over six browser spec files the servers took 35 instead of 46 CPU-seconds, decision 0134).
 */
export const LONG_LIVED_NODE_FLAGS = ["--no-liftoff-only", ...SUITE_NODE_FLAGS.slice(1)];

/**
 * Runs a compiled script (`build/server-dist/<name>.js`) as its own process with `node` and `nodeFlags`. Started with
 * flags, it also gets the malloc settings, so the server has all it checks for and does not restart itself with them;
 * started with none (the test of that restart), it gets neither.
 */
export function spawnCompiled(name: string, args: string[], env: NodeJS.ProcessEnv, nodeFlags = SUITE_NODE_FLAGS): ChildProcess {
  const child = spawn(process.execPath, [...nodeFlags, "--enable-source-maps", compiled(path.join(COMPILED_DIR, `${name}.js`)), ...args], {
    cwd: PROJECT_ROOT,
    env: nodeFlags.length > 0 ? { ...MALLOC_ENV, ...env } : env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

function collect(child: ChildProcess, onData?: (all: string) => void): () => string {
  let output = "";
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    onData?.(output);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  return () => output;
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

/** Starts the compiled production server on `dataDir` and resolves once it listens. */
export function startServer(dataDir: string, env: ServerEnv = {}, nodeFlags = SUITE_NODE_FLAGS): Promise<ServerProcess> {
  const child = spawnCompiled("main", [], serverEnv(dataDir, env), nodeFlags);
  const exited = exitOf(child);
  return new Promise((resolve, reject) => {
    const output = collect(child, (all) => {
      const match = /running on (http:\/\/localhost:\d+)/.exec(all);
      if (!match?.[1]) return;
      resolve({
        child,
        url: match[1],
        output,
        exited,
        stop(signal = "SIGTERM") {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    });
    void exited.then((code) => reject(new Error(`the server exited with ${code} before listening:\n${output()}`)));
  });
}

/** Runs a compiled script to its end; resolves with its exit code and output. */
export async function runCompiled(
  name: string,
  args: string[],
  dataDir: string,
  env: ServerEnv = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawnCompiled(name, args, serverEnv(dataDir, env));
  const output = collect(child);
  const code = await exitOf(child);
  return { code, output: output() };
}
