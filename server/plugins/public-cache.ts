import fp from "fastify-plugin";
import { type CachedResponse, createResponseCache, type ResponseCache } from "../lib/response-cache";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Anonymous GETs of this route are answered from the response cache. */
    publicCache?: boolean;
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
  interface FastifyRequest {
    servedFromCache: boolean;
  }
}

export const PUBLIC_CACHE = "public, max-age=60, stale-while-revalidate=300";
const KEPT_HEADERS = ["content-type", "cache-control", "etag", "link", "vary", "content-language"];

/** Caches anonymous GETs of routes marked `publicCache`; any successful admin change empties the cache. */
export const publicCachePlugin = fp(async (app) => {
  const cache = createResponseCache();
  app.decorate("responseCache", cache);
  app.decorateRequest("servedFromCache", false);

  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" || request.headers.authorization || !request.routeOptions.config.publicCache) return;
    const hit = cache.get(request.url);
    if (!hit) return;
    request.servedFromCache = true;
    return reply.code(hit.status).headers(hit.headers).send(hit.body);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    // Cleared before the answer leaves, so the admin's next public read already sees the change.
    if (request.user && request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 400) cache.clear();
    if (request.method !== "GET" || !request.routeOptions.config.publicCache) return payload;
    if (request.headers.authorization || reply.statusCode !== 200) return payload;
    reply.header("cache-control", PUBLIC_CACHE);
    if (request.servedFromCache) return payload;
    if (typeof payload === "string" || Buffer.isBuffer(payload)) {
      const headers: CachedResponse["headers"] = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (typeof value === "string") headers[name] = value;
      }
      cache.set(request.url, { status: 200, headers, body: payload });
    }
    return payload;
  });
});

/** Route config of a public, cacheable GET. */
export const cached = { publicCache: true } as const;
