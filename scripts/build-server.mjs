#!/usr/bin/env node
// Compiles the server and its command-line tools to plain JavaScript in build/server-dist/, so production runs
// `node` with no TypeScript loader. npm packages stay external: they are loaded from node_modules as usual.
import { rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "build", "server-dist");
rmSync(outdir, { recursive: true, force: true });

await build({
  absWorkingDir: root,
  // main.js (server/main.ts) sets V8 flags, then imports server.js (server/server.ts): flags must be set before the
  // packages load, so server.js stays a file of its own that main.js loads at run time, not bundled into it.
  entryPoints: { main: "server/main.ts", server: "server/server.ts", backup: "server/cli/backup.ts", restore: "server/cli/restore.ts" },
  external: ["./server.js"],
  outdir,
  bundle: true,
  // Dynamic imports (the demo seed) become their own files, loaded only when used; shared code goes to chunk files.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node24",
  sourcemap: true,
  logLevel: "warning",
});
console.log(`server compiled to ${path.relative(root, outdir)}/`);
