import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Refuses to run a compiled server or command-line tool older than its sources. A test that spawns
 * `build/server-dist/*.js` exercises what `npm run build` made, not the TypeScript in front of the reader: an old build
 * passes or fails for reasons the sources no longer hold (it once wrote a backup archive named `--check` at the root,
 * from a CLI that took the new option for a path).
 *
 * The build is stale when a file that goes into it (server/, shared/, app/ except tests, and the build's own scripts
 * and configuration) changed after the oldest of its entry files was written. `npm run build` writes them last, after
 * the site, so a build newer than every source is complete. A checkout sets the sources' times to the time of the
 * checkout; the build made after it is newer still.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const COMPILED_DIR = path.join(ROOT, "build", "server-dist");
/** What scripts/build-server.mjs compiles (its `entryPoints`). */
const ENTRIES = ["main.js", "server.js", "backup.js", "restore.js"];
/** Source folders, walked whole except tests. */
const SOURCE_DIRS = ["server", "shared", "app"];
/** Single files that change what `npm run build` produces. */
const BUILD_FILES = [
  "scripts/build-server.mjs",
  "scripts/precompress.mjs",
  "react-router.config.ts",
  "vite.config.ts",
  "vite.islands.config.ts",
  "tsconfig.json",
];

const isTest = (name: string) => /\.test\.tsx?$/.test(name);

/** The most recently modified source file and its time (ms). */
export function newestSource(root = ROOT): { file: string; mtimeMs: number } {
  let newest = { file: "", mtimeMs: 0 };
  const consider = (file: string) => {
    const { mtimeMs } = statSync(file);
    if (mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  };
  for (const dir of SOURCE_DIRS) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && !isTest(entry.name)) consider(path.join(entry.parentPath, entry.name));
    }
  }
  for (const file of BUILD_FILES) if (existsSync(path.join(root, file))) consider(path.join(root, file));
  return newest;
}

/** The time the compiled output was written: its oldest entry file's (ms). Throws when an entry is missing. */
export function buildTime(compiledDir = COMPILED_DIR, root = ROOT): number {
  let oldest = Number.POSITIVE_INFINITY;
  for (const name of ENTRIES) {
    const file = path.join(compiledDir, name);
    if (!existsSync(file)) throw new Error(`${path.relative(root, file)} is missing: run npm run build`);
    oldest = Math.min(oldest, statSync(file).mtimeMs);
  }
  return oldest;
}

/**
 * Throws unless build/server-dist/ is at least as new as every source that goes into it. Call before spawning the
 * compiled output (test/server-process.ts does for every test that starts the server or runs a CLI).
 */
export function assertFreshBuild(compiledDir = COMPILED_DIR, root = ROOT): void {
  const built = buildTime(compiledDir, root);
  const newest = newestSource(root);
  if (newest.mtimeMs > built) {
    throw new Error(
      `the compiled server in build/ is older than its sources: run npm run build ` +
        `(${path.relative(root, newest.file)} changed at ${new Date(newest.mtimeMs).toISOString()}, ` +
        `build/server-dist/ was written at ${new Date(built).toISOString()})`,
    );
  }
}
