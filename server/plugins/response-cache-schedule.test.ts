import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { createResponseCache, PUBLIC_CACHE } from "./response-cache";

/** The cache's bound by the next scheduled change (decision 0104), on a hand-moved clock and a hand-made source. */
function setup(next: () => Promise<number | null>) {
  let now = 1_000_000;
  let reads = 0;
  const cache = createResponseCache({ ttlMs: 10_000, now: () => now });
  cache.watchSchedule(() => {
    reads += 1;
    return next();
  });
  const request = () => {
    const message = new IncomingMessage(new Socket());
    message.method = "GET";
    message.url = "/";
    return message;
  };
  /** Serves `key` as a new request would: true when answered from the cache. */
  const hit = (key: string) => cache.serve(request(), new ServerResponse(request()), key);
  const store = async (key: string, arrived = request()) => {
    cache.serve(arrived, new ServerResponse(arrived), key); // notes the generation the request arrived in
    await cache.boundary();
    cache.set(key, { status: 200, headers: {}, body: Buffer.from(key) }, undefined, arrived);
  };
  return {
    cache,
    hit,
    store,
    request,
    move: (ms: number) => {
      now += ms;
    },
    get now() {
      return now;
    },
    get reads() {
      return reads;
    },
  };
}

describe("response cache bounded by the next scheduled change", () => {
  it("keeps an entry only until the next change when it comes before the 10 s lifetime", async () => {
    let change = 1_000_000 + 3_000;
    const t = setup(async () => change);
    await t.store("/");
    t.move(2_999);
    expect(t.hit("/")).toBe(true);
    t.move(1);
    expect(t.hit("/")).toBe(false);
    // Passed: the next answer clears the cache and reads the following change; it arrived before the clear, so it is
    // not kept (it may have been rendered before the change). The answer after it is kept its full lifetime again.
    change = t.now + 60_000;
    await t.store("/");
    expect(t.hit("/")).toBe(false);
    await t.store("/");
    t.move(9_999);
    expect(t.hit("/")).toBe(true);
    expect(t.reads).toBe(2);
  });

  it("reads the next change once, and again after a clear (a change here or elsewhere)", async () => {
    const t = setup(async () => null);
    await t.store("/a");
    await t.store("/b");
    expect(t.reads).toBe(1);
    t.cache.clear();
    await t.store("/a");
    expect(t.reads).toBe(2);
  });

  it("does not store an answer whose request arrived before the change passed", async () => {
    const change = 1_000_000 + 1_000;
    const t = setup(async () => change);
    await t.store("/warm"); // the change is known
    const early = t.request();
    t.cache.serve(early, new ServerResponse(early), "/");
    t.move(1_500); // the change passes while the page renders
    await t.cache.boundary();
    t.cache.set("/", { status: 200, headers: {}, body: Buffer.from("old") }, undefined, early);
    expect(t.cache.size).toBe(0);
  });

  it("stores nothing while the next change cannot be read", async () => {
    const t = setup(() => Promise.reject(new Error("database away")));
    await t.store("/");
    expect(t.cache.size).toBe(0);
  });

  it("tells browsers to keep a page no later than the next scheduled change, and the usual minute when it is far", async () => {
    let change: number | null = 1_000_000 + 3_600_000;
    const t = setup(async () => change);
    await t.cache.boundary();
    expect(t.cache.browserCacheControl()).toBe(PUBLIC_CACHE);
    // 90 s away: an entry may still be served 10 s from now, so browsers keep it 60 s and show it stale 20 s more.
    change = t.now + 90_000;
    t.cache.clear();
    await t.cache.boundary();
    expect(t.cache.browserCacheControl()).toBe("public, max-age=60, stale-while-revalidate=20");
    change = t.now + 30_000;
    t.cache.clear();
    await t.cache.boundary();
    expect(t.cache.browserCacheControl()).toBe("public, max-age=20, stale-while-revalidate=0");
    change = t.now + 5_000;
    t.cache.clear();
    await t.cache.boundary();
    expect(t.cache.browserCacheControl()).toBe("public, max-age=0, stale-while-revalidate=0");
    change = null;
    t.cache.clear();
    await t.cache.boundary();
    expect(t.cache.browserCacheControl()).toBe(PUBLIC_CACHE);
  });

  it("tells browsers not to keep a page while the next change cannot be read", async () => {
    const t = setup(() => Promise.reject(new Error("database away")));
    await t.cache.boundary();
    expect(t.cache.browserCacheControl()).toBe("public, max-age=0, stale-while-revalidate=0");
  });
});
