import fp from "fastify-plugin";
import type { CachedResponse, ResponseCache } from "../lib/response-cache";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Anonymous GETs of this route are answered from the response cache. */
    publicCache?: boolean;
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

const SET_BY_CACHE = new Set(["content-length", "content-encoding", "vary"]);

export const PUBLIC_CACHE = "public, max-age=60, stale-while-revalidate=300";
/**
 * Fills the response cache with anonymous GETs of routes marked `publicCache`, with every header they were sent
 * with (security headers included); any successful admin change empties it. Hits are answered by the HTTP server
 * itself (see `serverFactory` in app.ts). Registered before the compression plugin, so it keeps plain bodies.
 */
export const publicCachePlugin = fp<{ cache: ResponseCache }>(async (app, { cache }) => {
  app.decorate("responseCache", cache);

  app.addHook("onSend", (request, reply, payload, done) => {
    // Cleared before the answer leaves, so the admin's next public read already sees the change.
    if (request.user && request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 400) cache.clear();
    const cacheable =
      request.method === "GET" && request.routeOptions.config.publicCache && !request.headers.authorization && reply.statusCode === 200;
    if (!cacheable) return done(null, payload);
    reply.header("cache-control", PUBLIC_CACHE);
    if (typeof payload === "string" || Buffer.isBuffer(payload)) {
      const headers: CachedResponse["headers"] = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (typeof value === "string" && !SET_BY_CACHE.has(name)) headers[name] = value;
      }
      cache.set(request.url, { status: 200, headers, body: Buffer.isBuffer(payload) ? payload : Buffer.from(payload) });
    }
    done(null, payload);
  });
});

/** Route config of a public, cacheable GET. */
export const cached = { publicCache: true } as const;
