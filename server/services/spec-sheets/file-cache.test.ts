import { describe, expect, it } from "vitest";
import { BusyError, createFileCache } from "./file-cache";

/** A generation that finishes when the test says so. */
function pending() {
  let finish: (bytes: Uint8Array) => void = () => {};
  const promise = new Promise<Uint8Array>((resolve) => {
    finish = resolve;
  });
  return { promise, finish };
}

describe("spec sheet file cache", () => {
  it("makes a file once for requests of the same key at the same time, then answers it from memory", async () => {
    const cache = createFileCache();
    let made = 0;
    const gate = pending();
    const make = () => {
      made++;
      return gate.promise;
    };
    const first = cache.get("a", make);
    const second = cache.get("a", make);
    gate.finish(new Uint8Array([1, 2, 3]));
    expect(await first).toBe(await second);
    expect(await cache.get("a", make)).toEqual(Buffer.from([1, 2, 3]));
    expect(made).toBe(1);
  });

  it("runs one generation at a time and refuses with BusyError once the waiting line is full", async () => {
    const cache = createFileCache({ concurrency: 1, maxWaiting: 1 });
    const running = pending();
    const first = cache.get("a", () => running.promise);
    const waiting = cache.get("b", async () => new Uint8Array([2]));
    expect(cache.stats()).toMatchObject({ running: 1, waiting: 1 });
    await expect(cache.get("c", async () => new Uint8Array([3]))).rejects.toBeInstanceOf(BusyError);
    running.finish(new Uint8Array([1]));
    expect([...(await first)]).toEqual([1]);
    expect([...(await waiting)]).toEqual([2]);
    expect(cache.stats()).toMatchObject({ running: 0, waiting: 0, files: 2 });
  });

  it("keeps at most its byte budget, the least recently used file leaving first, and forgets a failed generation", async () => {
    const cache = createFileCache({ maxBytes: 10 });
    await cache.get("a", async () => new Uint8Array(4));
    await cache.get("b", async () => new Uint8Array(4));
    await cache.get("a", async () => new Uint8Array(99));
    await cache.get("c", async () => new Uint8Array(4));
    expect(cache.stats()).toMatchObject({ files: 2, bytes: 8 });
    let remade = 0;
    await cache.get("a", async () => {
      remade++;
      return new Uint8Array(4);
    });
    expect(remade).toBe(0);
    await expect(cache.get("x", () => Promise.reject(new Error("layout failed")))).rejects.toThrow("layout failed");
    expect([...(await cache.get("x", async () => new Uint8Array([7])))]).toEqual([7]);
  });
});
