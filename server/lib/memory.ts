import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * V8 flags the server runs with; each is measured in docs/decisions.md ("Memory on the embedded database").
 * - 8 MB semi-spaces: V8 sizes the young generation from the machine's memory (64 MB per semi-space here), and once
 *   touched those pages stay resident: ~100–150 MB of the server's memory. Costs a few more minor collections and
 *   nothing measurable in throughput.
 * - Liftoff only: PGlite's WebAssembly PostgreSQL is otherwise recompiled by TurboFan as it gets hot, and that
 *   compiler's working memory and code stay resident: ~130 MB. Small queries (the catalogue, inserts) run as fast;
 *   a heavy aggregate over thousands of rows takes up to ~1.8× as long. `--no-liftoff-only` on the command line
 *   restores tiering. Nothing else in the server runs WebAssembly.
 * V8 reads these only at start-up: `v8.setFlagsFromString` later has no effect on the heap's sizes.
 */
export const MEMORY_FLAGS = ["--max-semi-space-size=8", "--liftoff-only"] as const;

/** The flags the process was started with, as a user may also give them in NODE_OPTIONS. */
function givenFlags(): string[] {
  return [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
}

/**
 * Restarts this process in place (same process id, `process.execve`) with MEMORY_FLAGS when it was started without
 * them, so `node build/server-dist/main.js` always runs with them, however it is launched (npm run serve, systemd,
 * the bench, tests). A flag the user set (their own --max-semi-space-size, or --no-liftoff-only) is kept as they
 * gave it. Must run before anything is written or opened. Where execve is missing (Windows), the server runs with V8's defaults.
 */
export function applyMemoryFlags(): void {
  // A flag's name, whatever its value, spelling (_ or -) or --no- prefix: `--no-liftoff-only` is the user's choice too.
  const name = (flag: string) =>
    flag
      .split("=")[0]
      ?.replaceAll("_", "-")
      .replace(/^--no-/, "--");
  const given = new Set(givenFlags().map(name));
  const missing = MEMORY_FLAGS.filter((flag) => !given.has(name(flag)));
  if (missing.length === 0 || typeof process.execve !== "function") return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...missing, ...process.argv.slice(1)], process.env);
}

/**
 * One full garbage collection once the server is up. Starting PGlite leaves a few hundred MB of WebAssembly and
 * file-bundle buffers behind as garbage; an idle server may not run a major collection for a long time, so that
 * memory would stay resident.
 */
export function collectStartupGarbage(): void {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as (() => void) | undefined;
  gc?.();
}
