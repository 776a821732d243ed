#!/usr/bin/env node
// Adds placeholder lockfile entries for optional platform packages this registry does not serve.
//
// Why: npm 11 leaves such packages out of package-lock.json, then `npm ci` rejects the very lockfile it wrote
// ("Missing: @biomejs/cli-android-arm64@ from lock file", npm/cli#9846). An entry with the version and
// `optional: true` lets `npm ci` proceed; on install it skips the package (wrong platform or not found).
// Run after any `npm install` that changes the lockfile: `node scripts/lock-placeholders.mjs`.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const file = path.resolve(import.meta.dirname, "..", "package-lock.json");
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

/** Where Node would resolve `name` from the package at `from`: its own node_modules, then each ancestor's. */
function resolve(from, name) {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return null;
    const index = dir.lastIndexOf("/node_modules/");
    dir = index === -1 ? "" : dir.slice(0, index);
  }
}

let added = 0;
for (const [location, entry] of Object.entries({ ...packages })) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolve(location, name)) continue;
    const version = String(range).replace(/^[\^~=]/, "");
    const top = `node_modules/${name}`;
    const key = packages[top] ? `${location ? `${location}/` : ""}node_modules/${name}` : top;
    packages[key] = { version, optional: true, ...(entry.dev ? { dev: true } : {}) };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile: ${added} placeholder entries added`);
