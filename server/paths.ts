import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The project's root (the folder holding package.json), found from this module's location: the same answer from
 * the TypeScript sources (`server/lib/`) and from the compiled bundle (`build/server-dist/`).
 */
function findRoot(from: string): string {
  let dir = from;
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findRoot(import.meta.dirname);
/** The React Router build (site) and the compiled server. */
export const BUILD_DIR = path.join(PROJECT_ROOT, "build");
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, "server", "db", "migrations");
