import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type CachedResponse = { status: number; headers: Record<string, string>; body: Buffer };
type Entry = { expires: number; response: CachedResponse; encoded: Partial<Record<Encoding, Buffer>> };
type Encoding = "br" | "gzip";

const COMPRESS_FROM_BYTES = 1024;

function pickEncoding(acceptEncoding: string | undefined, size: number): Encoding | null {
  if (!acceptEncoding || size < COMPRESS_FROM_BYTES) return null;
  if (acceptEncoding.includes("br")) return "br";
  if (acceptEncoding.includes("gzip")) return "gzip";
  return null;
}

function encode(body: Buffer, encoding: Encoding): Buffer {
  return encoding === "br" ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body, { level: 6 });
}

/**
 * A small in-memory cache of public responses, keyed by URL. Entries live a few seconds, so another instance's
 * changes show up quickly; this instance's own admin changes clear it at once.
 *
 * Hits are answered straight from the HTTP server (`serve`), before Fastify parses anything, each encoding
 * compressed once per entry: a cached page or API answer costs less than a bare Fastify route.
 */
export function createResponseCache({ ttlMs = 10_000, maxEntries = 500 } = {}) {
  const entries = new Map<string, Entry>();

  function lookup(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.expires < Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    get: (key: string): CachedResponse | undefined => lookup(key)?.response,

    set(key: string, response: CachedResponse): void {
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { expires: Date.now() + ttlMs, response, encoded: {} });
    },

    clear(): void {
      entries.clear();
    },

    get size(): number {
      return entries.size;
    },

    /** Answers an anonymous GET/HEAD from the cache; false when it must go to the application. */
    serve(request: IncomingMessage, response: ServerResponse): boolean {
      if ((request.method !== "GET" && request.method !== "HEAD") || request.headers.authorization || !request.url) return false;
      const entry = lookup(request.url);
      if (!entry) return false;
      const { status, headers, body } = entry.response;
      const encoding = pickEncoding(request.headers["accept-encoding"], body.length);
      let payload = body;
      if (encoding) {
        entry.encoded[encoding] ??= encode(body, encoding);
        payload = entry.encoded[encoding];
      }
      response.writeHead(status, {
        ...headers,
        vary: "accept-encoding",
        "content-length": payload.length,
        ...(encoding ? { "content-encoding": encoding } : {}),
      });
      response.end(request.method === "HEAD" ? undefined : payload);
      return true;
    },
  };
}
export type ResponseCache = ReturnType<typeof createResponseCache>;
