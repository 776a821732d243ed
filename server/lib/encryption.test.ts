import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSealer, dataKeyFrom, isSealed, loadDataKey } from "./encryption";

const sealer = createSealer(Buffer.alloc(32, 1));

describe("secrets at rest (AES-256-GCM with the data key)", () => {
  it("seals to a value that does not contain the secret, and opens it back", () => {
    const sealed = sealer.seal("JBSWY3DPEHPK3PXP");
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(isSealed(sealed)).toBe(true);
    expect(sealer.open(sealed)).toBe("JBSWY3DPEHPK3PXP");
    expect(sealer.seal("same")).not.toBe(sealer.seal("same"));
  });

  it("refuses a value sealed with another key or altered", () => {
    const sealed = sealer.seal("a secret");
    expect(() => createSealer(Buffer.alloc(32, 2)).open(sealed)).toThrow();
    const flipped = `${sealed.slice(0, 20)}${sealed[20] === "A" ? "B" : "A"}${sealed.slice(21)}`;
    expect(() => sealer.open(flipped)).toThrow();
  });

  it("never takes typed text for a sealed value", () => {
    for (const text of ["v1.2 of the spec is attached", "v1.", "JBSWY3DPEHPK3PXP", "Bonjour,\nv1.a.b.c"])
      expect(isSealed(text)).toBe(false);
  });

  it("derives the key from DATA_ENCRYPTION_KEY, else creates one file (mode 600) in the data directory and keeps it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "data-key-"));
    try {
      expect(loadDataKey("x".repeat(40), dir)).toEqual({ key: dataKeyFrom("x".repeat(40)), source: "environment" });
      const first = loadDataKey(undefined, dir);
      expect(first.source).toBe("file");
      expect(statSync(path.join(dir, "data-key")).mode & 0o777).toBe(0o600);
      expect(loadDataKey(undefined, dir).key.equals(first.key)).toBe(true);
      expect(readFileSync(path.join(dir, "data-key"), "utf8").trim().length).toBeGreaterThanOrEqual(43);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
