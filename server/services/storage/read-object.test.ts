import { describe, expect, it } from "vitest";
import { STORAGE_KINDS, withStorage } from "../../../test/storage-context";
import type { TestContext } from "../../../test/test-app";

/** Keys no upload is ever stored under: a lookup of one must answer "not found", never throw (issue 28, item 9). */
const NOT_KEYS = [
  "../../../../etc/passwd",
  "algues/../../secret",
  "algues/..",
  "algues/.",
  "algues/.env",
  "../algues/x.webp",
  "algues/sub/x.webp",
  "algues\\..\\x.webp",
  "unknown-folder/x.webp",
  "algues/",
  "",
];

describe.each(STORAGE_KINDS)("reading a stored object, on %s", (kind) => {
  let ctx: TestContext;
  withStorage(kind, (opened) => {
    ctx = opened;
  });

  it.each(NOT_KEYS)("answers null for %j, a key it never writes", async (key) => {
    await expect(ctx.storage.readObject(key)).resolves.toBeNull();
  });

  it("still reads a stored object, and answers null for a missing one", async () => {
    await ctx.storage.writeObject("algues/read-object.webp", Buffer.from("RIFF0000WEBP"));
    expect((await ctx.storage.readObject("algues/read-object.webp"))?.toString()).toBe("RIFF0000WEBP");
    expect(await ctx.storage.readObject("algues/missing.webp")).toBeNull();
  });

  it("still refuses to write under such a key", async () => {
    await expect(ctx.storage.writeObject("algues/../x.webp", Buffer.from("x"))).rejects.toThrow(/Invalid storage key/);
  });
});
