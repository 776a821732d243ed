import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import { SLOT_REFRESH_MS } from "@shared/fresh-slots";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, TEST_DATA_KEY, type TestContext } from "../../test/test-app";
import { buildApp, DEFAULT_KEEP_ALIVE_MS } from "../app";
import { cacheKey, createResponseCache } from "./response-cache";

describe("public response cache", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const category = (slug: string) => ({ slug, nameFr: `Nom ${slug}`, nameEn: `Name ${slug}` });

  it("serves a repeated anonymous GET from the cache and shows an admin change on the very next read", async () => {
    const first = await ctx.app.inject({ method: "GET", url: "/api/categories" });
    expect(first.statusCode).toBe(200);
    expect(ctx.app.responseCache.size).toBe(1);

    const created = await ctx.app.inject({ method: "POST", url: "/api/categories", headers: ctx.auth, payload: category("cache-test") });
    expect(created.statusCode).toBe(201);
    expect(ctx.app.responseCache.size).toBe(0);

    const after = await ctx.app.inject({ method: "GET", url: "/api/categories" });
    expect(after.json<{ slug: string }[]>().map((c) => c.slug)).toContain("cache-test");
  });

  it("never caches or publicly marks a request carrying a token", async () => {
    ctx.app.responseCache.clear();
    const response = await ctx.app.inject({ method: "GET", url: "/api/categories", headers: ctx.auth });
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(ctx.app.responseCache.size).toBe(0);
  });

  it("does not let a failed admin request or a public POST empty the cache", async () => {
    await ctx.app.inject({ method: "GET", url: "/api/categories" });
    expect(ctx.app.responseCache.size).toBe(1);
    const bad = await ctx.app.inject({ method: "POST", url: "/api/categories", headers: ctx.auth, payload: { slug: "" } });
    expect(bad.statusCode).toBe(400);
    await ctx.app.inject({ method: "POST", url: "/api/analytics", payload: { pagePath: "/", referrer: "" } });
    expect(ctx.app.responseCache.size).toBe(1);
  });

  it("answers a hit over HTTP with the original's headers (security headers included), compressed for clients that ask", async () => {
    for (let i = 0; i < 30; i++) {
      await ctx.app.inject({ method: "POST", url: "/api/categories", headers: ctx.auth, payload: category(`padding-${i}`) });
    }
    const address = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const miss = await fetch(`${address}/api/categories`, { headers: { "accept-encoding": "identity" } });
    const missBody = await miss.text();
    expect(ctx.app.responseCache.size).toBe(1);

    // A change made through another instance cannot clear this one's cache: a hit proves it came from the cache.
    const [first] = JSON.parse(missBody) as { _id: string }[];
    await ctx.database.db.execute(sql`update categories set name_fr = 'changed behind the cache' where id = ${first?._id}`);

    const hit = await fetch(`${address}/api/categories`, { headers: { "accept-encoding": "identity" } });
    expect(await hit.text()).toBe(missBody);
    for (const name of ["content-type", "cache-control", "x-content-type-options", "x-frame-options", "strict-transport-security"]) {
      expect(hit.headers.get(name), name).toBe(miss.headers.get(name));
    }
    const compressed = await fetch(`${address}/api/categories`, { headers: { "accept-encoding": "br" } });
    expect(compressed.headers.get("content-encoding")).toBe("br");
    expect(compressed.headers.get("vary")).toBe("accept-encoding");

    const anonymousWithToken = await fetch(`${address}/api/categories`, { headers: ctx.auth });
    expect(await anonymousWithToken.text()).toContain("changed behind the cache");
  });
});

describe("response cache compression", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("sends the miss and its hits through the same compression: same encoding, same bytes", async () => {
    for (let i = 0; i < 10; i++) {
      await ctx.app.inject({
        method: "POST",
        url: "/api/categories",
        headers: ctx.auth,
        payload: { slug: `pad-${i}`, nameFr: `Nom ${i}`, nameEn: `Name ${i}` },
      });
    }
    const address = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    for (const encoding of ["br", "gzip"]) {
      ctx.app.responseCache.clear();
      const raw = async () => {
        const response = await fetch(`${address}/api/categories`, { headers: { "accept-encoding": encoding } });
        return {
          encoding: response.headers.get("content-encoding"),
          vary: response.headers.get("vary"),
          size: response.headers.get("content-length"),
        };
      };
      const miss = await raw();
      expect(ctx.app.responseCache.size).toBe(1);
      const hit = await raw();
      expect(miss).toEqual({ encoding, vary: "accept-encoding", size: expect.any(String) });
      expect(hit).toEqual(miss);
    }
  });
});

describe("HTTP keep-alive", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ withAdmin: false });
  });
  afterAll(() => ctx.close());

  it("keeps idle connections 72 s by default, above a load balancer's 60 s, on cache hits and misses alike", async () => {
    expect(DEFAULT_KEEP_ALIVE_MS).toBe(72_000);
    const address = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    expect(ctx.app.server.keepAliveTimeout).toBe(72_000);
    expect(ctx.app.server.headersTimeout).toBeGreaterThan(72_000);
    const miss = await fetch(`${address}/api/categories`);
    const hit = await fetch(`${address}/api/categories`);
    const notCached = await fetch(`${address}/api/nothing-here`);
    for (const response of [miss, hit, notCached]) expect(response.headers.get("keep-alive")).toBe("timeout=72");
    expect(ctx.app.responseCache.size).toBe(1);
  });

  it("takes the keep-alive timeout from the options (KEEP_ALIVE_TIMEOUT_MS)", async () => {
    const app = await buildApp({
      db: ctx.database.db,
      mailer: ctx.mailer,
      storage: ctx.storage,
      jwtSecret: "test-secret-test-secret-test-secret-0123",
      publicUrl: "http://localhost:3000",
      dataKey: TEST_DATA_KEY,
      keepAliveTimeoutMs: 125_000,
    });
    try {
      const address = await app.listen({ port: 0, host: "127.0.0.1" });
      expect(app.server.keepAliveTimeout).toBe(125_000);
      expect((await fetch(`${address}/api/categories`)).headers.get("keep-alive")).toBe("timeout=125");
    } finally {
      await app.close();
    }
  });
});

describe("response cache key", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("keys on the path and the parameters that change an answer, in a fixed order, ignoring made-up ones", () => {
    expect(cacheKey("/category/les-algues?x=1&utm_source=mail")).toBe("/category/les-algues");
    expect(cacheKey("/category/les-algues?page=2&junk=a&lang=en")).toBe("/category/les-algues?lang=en&page=2");
    expect(cacheKey("/contact?subject=Ulva%20lactuca")).toBe("/contact?subject=Ulva+lactuca");
    expect(cacheKey("/category/les-alg%75es")).toBe("/category/les-algues");
  });

  it("keeps the whole query of React Router's own requests, whose answers depend on it", () => {
    expect(cacheKey("/__manifest?p=%2Fadmin%2Faccount&version=abc")).toBe("/__manifest?p=%2Fadmin%2Faccount&version=abc");
    expect(cacheKey("/__manifest?p=%2Fadmin")).not.toBe(cacheKey("/__manifest?p=%2Fadmin%2Faccount"));
    expect(cacheKey("/product/ulva.data?_routes=a")).not.toBe(cacheKey("/product/ulva.data?_routes=b"));
  });

  it("never answers a preview request or a malformed escape from the cache", () => {
    expect(cacheKey("/product/ulva?preview=token")).toBeNull();
    expect(cacheKey("/product/%E0%A4%A")).toBeNull();
  });

  it("answers a URL with a made-up parameter from the entry of its canonical URL over HTTP", async () => {
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/categories",
      headers: ctx.auth,
      payload: { slug: "key-test", nameFr: "Clé", nameEn: "Key" },
    });
    expect(created.statusCode).toBe(201);
    const address = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const first = await fetch(`${address}/api/categories?cachebuster=1`);
    expect(first.status).toBe(200);
    const body = await first.text();
    expect(ctx.app.responseCache.size).toBe(1);
    // Changed behind the cache (as another instance would): only a hit can still answer the old body.
    await ctx.database.db.execute(sql`update categories set name_fr = name_fr || ' (changed)'`);
    for (const url of ["/api/categories", "/api/categories?cachebuster=2", "/api/categories?other=x&cachebuster=3"]) {
      expect(await (await fetch(`${address}${url}`)).text()).toBe(body);
    }
    expect(ctx.app.responseCache.size).toBe(1);
    // A parameter that may change the answer has its own entry, filled from the application (so it sees the change).
    const english = await fetch(`${address}/api/categories?lang=en`);
    expect(await english.text()).toContain("(changed)");
    expect(ctx.app.responseCache.size).toBe(2);
  });
});

describe("response cache generations", () => {
  const page = { status: 200, headers: { "content-type": "text/html" }, body: Buffer.from("<p>old</p>") };
  const request = (url: string) => Object.assign(new IncomingMessage(new Socket()), { method: "GET", url });
  const response = (incoming: IncomingMessage) => new ServerResponse(incoming);

  it("does not store an answer whose request arrived before a clear: it may have been computed from content changed since", () => {
    const cache = createResponseCache();
    const slow = request("/category/algues");
    expect(cache.serve(slow, response(slow), "/category/algues")).toBe(false);
    cache.clear(); // an admin change acknowledged while the slow answer was computed
    cache.set("/category/algues", page, undefined, slow);
    expect(cache.size).toBe(0);

    const next = request("/category/algues");
    expect(cache.serve(next, response(next), "/category/algues")).toBe(false);
    cache.set("/category/algues", page, undefined, next);
    expect(cache.size).toBe(1);
  });

  it("neither answers nor stores for a request the cache could not be checked for", () => {
    const cache = createResponseCache();
    const unchecked = request("/");
    cache.skip(unchecked);
    cache.set("/", page, undefined, unchecked);
    expect(cache.size).toBe(0);
  });
});

describe("response cache bounds", () => {
  const page = (kb: number) => ({ status: 200, headers: { "content-type": "text/html" }, body: Buffer.alloc(kb * 1024, "a") });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("holds at most maxBytes of bodies and compressed forms, dropping the oldest entries first", () => {
    const cache = createResponseCache({ maxBytes: 100 * 1024 });
    for (let i = 0; i < 10; i++) cache.set(`/page-${i}`, page(30), "br");
    expect(cache.bytes).toBeLessThanOrEqual(100 * 1024);
    expect(cache.get("/page-9")).toBeDefined();
    expect(cache.get("/page-0")).toBeUndefined();
    expect(cache.size).toBeLessThan(10);
  });

  it("does not keep an answer larger than its whole budget, and counts nothing for it", () => {
    const cache = createResponseCache({ maxBytes: 10 * 1024 });
    const sent = cache.set("/huge", page(20), "gzip");
    expect(sent.body.length).toBeGreaterThan(0);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it("lets expired entries go as soon as anything new is stored, and a replaced URL is counted once", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cache = createResponseCache({ ttlMs: 10_000 });
    cache.set("/a", page(4), "br");
    cache.set("/b", page(4), "br");
    const twice = cache.bytes;
    cache.set("/b", page(4), "br");
    expect(cache.bytes).toBe(twice);
    vi.advanceTimersByTime(10_001);
    cache.set("/c", page(4));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(4 * 1024);
    cache.clear();
    expect(cache.bytes).toBe(0);
  });
});

describe("response cache fresh slots", () => {
  const MARKER = "fresh-slot-for-this-test";
  const page = { status: 200, headers: { "content-type": "text/html" }, body: Buffer.from(`<p>${MARKER}</p>`.repeat(100)) };
  const request = (url: string) =>
    Object.assign(new IncomingMessage(new Socket()), { method: "GET", url, headers: { "accept-encoding": "br" } });
  /** What a hit sends, decompressed. */
  const served = (cache: ReturnType<typeof createResponseCache>, key: string): string => {
    const incoming = request(key);
    const outgoing = new ServerResponse(incoming);
    let body: Buffer = Buffer.alloc(0);
    vi.spyOn(outgoing, "end").mockImplementation((chunk?: unknown) => {
      if (Buffer.isBuffer(chunk)) body = chunk;
      return outgoing;
    });
    expect(cache.serve(incoming, outgoing, key)).toBe(true);
    return brotliDecompressSync(body).toString();
  };

  it("keeps the page with its markers and writes new values, compressed again, once the last are SLOT_REFRESH_MS old", () => {
    let clock = 1_000_000;
    const cache = createResponseCache({ now: () => clock });
    cache.fillSlots({ [MARKER]: (servedUntil) => `value-until-${servedUntil}` });
    const compressed = cache.set("/contact", page, "br", undefined, true).body;
    const sent = brotliDecompressSync(compressed).toString();
    expect(sent).toBe(`<p>value-until-${clock + SLOT_REFRESH_MS}</p>`.repeat(100));
    expect(served(cache, "/contact")).toBe(sent);
    // Counted: the page with its markers, the written page and its compressed form.
    expect(cache.bytes).toBe(page.body.length + Buffer.byteLength(sent) + compressed.length);

    clock += SLOT_REFRESH_MS - 1;
    expect(served(cache, "/contact")).toBe(sent);
    clock += 1;
    expect(served(cache, "/contact")).toBe(`<p>value-until-${clock + SLOT_REFRESH_MS}</p>`.repeat(100));
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it("leaves a page without markers and any other answer as they are, and writes the values into a page it does not keep", () => {
    const cache = createResponseCache();
    cache.fillSlots({ [MARKER]: () => "written" });
    const plain = { ...page, body: Buffer.from("<p>no slot</p>") };
    expect(cache.set("/plain", plain, undefined, undefined, true).body.toString()).toBe("<p>no slot</p>");
    // An answer that is not a page (JSON) is kept as it came, a marker typed in it included.
    expect(cache.set("/api/messages", page).body.toString()).toBe(page.body.toString());
    expect(cache.hasSlots(page.body)).toBe(true);
    expect(cache.withSlotsWritten(page.body.toString()).toString()).toBe("<p>written</p>".repeat(100));
  });
});
