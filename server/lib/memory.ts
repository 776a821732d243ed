import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * V8 flags the server runs with; each is measured in docs/decisions/0042-memory-on-the-embedded-database.md.
 * - 2 MB semi-spaces: V8 sizes the young generation from the machine's memory (64 MB per semi-space here), and once
 *   touched those pages stay resident: ~100–150 MB of the server's memory. 8 MB until issue 34: 4 MB saved 16–23 MB
 *   after start and after the write load (decision 0128), 2 MB 6–9 MB more (decision 0137). Costs a few more minor
 *   collections and nothing measurable in throughput.
 * - Liftoff only: PGlite's WebAssembly PostgreSQL is otherwise recompiled by TurboFan as it gets hot, and that
 *   compiler's working memory and code stay resident: ~130 MB. Small queries (the catalogue, inserts) run as fast;
 *   a heavy aggregate over thousands of rows takes up to ~1.8× as long. `--no-liftoff-only` on the command line
 *   restores tiering. Nothing else in the server runs WebAssembly.
 * - 1 GB old space: on a machine with 2 GB of memory or more, V8 lets the old generation grow to 4× what survived the
 *   last full collection before it collects again, and the pages it then frees stay resident. Under the write load
 *   that was ~150 MB of garbage held at the peak. Below 2 GB, V8 grows the heap by at most 1.3–2×; the server's live
 *   heap is ~60–70 MB, so 1 GB is never reached by the site's work and a 1–2 GB server could not hold more anyway.
 * - Memory saver mode: the heuristics V8 uses for a background tab (a smaller heap growing factor, collections that
 *   compact and give pages back), on from the start instead of from a memory-pressure signal Node never sends. Right
 *   after the bench's whole load the server holds 288–315 MB instead of 343–369 MB (decision 0132). It costs some
 *   throughput on allocation-heavy work (contact messages), within every bench target.
 *   `--no-memory-saver-mode` on the command line turns it off.
 * V8 reads these only at start-up: `v8.setFlagsFromString` later has no effect on the heap's sizes.
 */
export const MEMORY_FLAGS = ["--max-semi-space-size=2", "--liftoff-only", "--max-old-space-size=1024", "--memory-saver-mode"] as const;

/**
 * glibc's malloc settings the server runs with (read once, as the process starts).
 * - A fixed mmap threshold of 1 MB: by default glibc raises the threshold to the size of each large block freed (up
 *   to 32 MB), and blocks under it are then carved from the thread's heap, whose high-water mark stays resident.
 *   PGlite's thread copies each query's messages into such blocks: its heap held 35 MB right after the bench's load,
 *   13 MB with the threshold fixed at 1 MB, and the server 277 MB instead of 291 (decision 0141). 128 KB (glibc's
 *   starting value) saved as much but wrote 10% fewer visits a second: every larger block became a system call.
 *   Fixing it also keeps the trim threshold at its default, so memory freed at a heap's top goes back. Other C
 *   libraries ignore it.
 */
export const MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: "1048576" } as const;

/** The MALLOC_ENV settings an environment lacks; a value the user set is kept. */
export function missingMallocEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(MALLOC_ENV).filter(([name]) => env[name] === undefined));
}

/** The flags the process was started with, as a user may also give them in NODE_OPTIONS. */
function givenFlags(): string[] {
  return [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
}

/**
 * The MEMORY_FLAGS a process started with `given` lacks. A flag the user set (their own --max-semi-space-size, or
 * --no-liftoff-only) is kept as they gave it, whatever its value, spelling (_ or -) or --no- prefix.
 */
export function missingMemoryFlags(given: string[]): string[] {
  const name = (flag: string) =>
    flag
      .split("=")[0]
      ?.replaceAll("_", "-")
      .replace(/^--no-/, "--");
  const names = new Set(given.map(name));
  // V8 refuses --max-heap-size together with both of the others: a user's --max-heap-size sizes the old space.
  if (names.has("--max-heap-size")) names.add("--max-old-space-size");
  return MEMORY_FLAGS.filter((flag) => !names.has(name(flag)));
}

/**
 * Restarts this process in place (same process id, `process.execve`) with the missing MEMORY_FLAGS and MALLOC_ENV, so
 * `node build/server-dist/main.js` always runs with them, however it is launched (npm run serve, systemd, the bench,
 * tests). Must run before anything is written or opened. Where execve is missing (Windows), the server runs with
 * V8's and the C library's defaults.
 */
export function applyMemoryFlags(): void {
  const missing = missingMemoryFlags(givenFlags());
  const env = missingMallocEnv(process.env);
  if ((missing.length === 0 && Object.keys(env).length === 0) || typeof process.execve !== "function") return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...missing, ...process.argv.slice(1)], {
    ...process.env,
    ...env,
  });
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
