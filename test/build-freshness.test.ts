import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { assertFreshBuild } from "./build-freshness";

const ENTRIES = ["main.js", "server.js", "backup.js", "restore.js"];
const BUILT = new Date("2030-01-01T12:00:00Z");
const before = new Date(BUILT.getTime() - 60_000);
const after = new Date(BUILT.getTime() + 60_000);

let root = "";
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A project with sources written at `before` and a build written at BUILT. */
function project(): { root: string; compiled: string; touch(file: string, at: Date): void } {
  root = mkdtempSync(path.join(tmpdir(), "build-freshness-"));
  const touch = (file: string, at: Date) => {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, "");
    utimesSync(full, at, at);
  };
  for (const file of ["server/app.ts", "shared/limits.ts", "app/root.tsx", "scripts/build-server.mjs"]) touch(file, before);
  for (const name of ENTRIES) touch(path.join("build", "server-dist", name), BUILT);
  return { root, compiled: path.join(root, "build", "server-dist"), touch };
}

describe("assertFreshBuild", () => {
  it("accepts a build newer than every source", () => {
    const p = project();
    expect(() => assertFreshBuild(p.compiled, p.root)).not.toThrow();
  });

  it.each(["server/lib/new.ts", "shared/schemas/x.ts", "app/routes/site/home.tsx", "app/app.css", "scripts/build-server.mjs"])(
    "refuses a build older than %s, naming the file and the command to run",
    (file) => {
      const p = project();
      p.touch(file, after);
      expect(() => assertFreshBuild(p.compiled, p.root)).toThrow(
        /^the compiled server in build\/ is older than its sources: run npm run build \(.+ changed at /,
      );
      expect(() => assertFreshBuild(p.compiled, p.root)).toThrow(file);
    },
  );

  it("ignores tests, which are not compiled", () => {
    const p = project();
    p.touch("server/app.test.ts", after);
    p.touch("app/components/button.test.tsx", after);
    expect(() => assertFreshBuild(p.compiled, p.root)).not.toThrow();
  });

  it("dates the build by its oldest entry, and refuses one with an entry missing", () => {
    const p = project();
    p.touch("server/app.ts", BUILT);
    p.touch("build/server-dist/backup.js", before);
    expect(() => assertFreshBuild(p.compiled, p.root)).toThrow(/older than its sources/);
    rmSync(path.join(p.compiled, "restore.js"));
    expect(() => assertFreshBuild(p.compiled, p.root)).toThrow("build/server-dist/restore.js is missing: run npm run build");
  });
});
