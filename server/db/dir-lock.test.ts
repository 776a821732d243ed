import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDirLock, DataDirLockedError } from "./dir-lock";

describe("data directory lock", () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "dir-lock-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a second lock while this process holds it, and allows it again once released", () => {
    const dir = fresh();
    const release = acquireDirLock(dir);
    expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
    release();
    acquireDirLock(dir)();
  });

  it("takes over a lock left by a dead process (kill -9)", () => {
    const dir = fresh();
    // A pid above the kernel's maximum (4194304) belongs to no process.
    writeFileSync(path.join(dir, ".lock"), "4194399");
    const release = acquireDirLock(dir);
    expect(readFileSync(path.join(dir, ".lock"), "utf8")).toBe(String(process.pid));
    release();
  });

  it("takes over a lock naming its own pid that it did not take (a container restarted with the same pid)", () => {
    const dir = fresh();
    writeFileSync(path.join(dir, ".lock"), String(process.pid));
    const release = acquireDirLock(dir);
    expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
    release();
  });
});
