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
/**
 * Caches anonymous GETs of routes marked `publicCache`; any successful admin change empties the cache.
 * Registered before every other plugin: a hit is answered by the first hook, with the headers the original
 * answer had (security headers included), so it costs about as much as a static route.
 */
export const publicCachePlugin = fp(async (app) => {
  const cache = createResponseCache();
  app.decorate("responseCache", cache);
  app.decorateRequest("servedFromCache", false);

  app.addHook("onRequest", (request, reply, done) => {
    if (request.method !== "GET" || request.headers.authorization || !request.routeOptions.config.publicCache) return done();
    const hit = cache.get(request.url);
    if (!hit) return done();
    request.servedFromCache = true;
    reply.code(hit.status).headers(hit.headers).send(hit.body);
  });

  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.servedFromCache) return done(null, payload);
    // Cleared before the answer leaves, so the admin's next public read already sees the change.
    if (request.user && request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 400) cache.clear();
    const cacheable =
      request.method === "GET" && request.routeOptions.config.publicCache && !request.headers.authorization && reply.statusCode === 200;
    if (!cacheable) return done(null, payload);
    reply.header("cache-control", PUBLIC_CACHE);
    if (typeof payload === "string" || Buffer.isBuffer(payload)) {
      const headers: CachedResponse["headers"] = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (typeof value === "string" && name !== "content-length") headers[name] = value;
      }
      cache.set(request.url, { status: 200, headers, body: Buffer.isBuffer(payload) ? payload : Buffer.from(payload) });
    }
    done(null, payload);
  });
});

/** Route config of a public, cacheable GET. */
export const cached = { publicCache: true } as const;
