/**
 * The public response cache: the one place that decides what is cached, for how long, and how it leaves.
 *
 * - What is cached: the answers of routes marked `cached` (`{ config: cached }`: the public catalogue API and the
 *   server-rendered pages) to anonymous GETs (no `Authorization` header) that answered 200 with a whole body.
 *   Every header the answer was sent with is kept with it (security headers, the pages' Content-Security-Policy),
 *   except those the cache sets itself per client (content-length, content-encoding, vary).
 * - Key: the path, with each segment's escapes normalised, and only the query parameters that change a public answer
 *   (`PUBLIC_ANSWER_PARAMS`: lang, categoryId, page, subject, product, type, limit, cursor), so neither a made-up parameter (`?x=1`) nor an escaped variant
 *   of the path bypasses the cache (decision 0090). React Router's own requests (`/__manifest?p=…`, `….data`) keep
 *   their whole query: their answers depend on it. A request carrying a preview token is never answered from it.
 *   Pages render the same for every visitor, so nothing else varies; the encoding is chosen per request from the one
 *   stored entry.
 * - Lifetime: `ttlMs` (10 s) at most, and never past the next scheduled change of public content (a banner's start
 *   or end, a product's publication: `watchSchedule`, decision 0104), so pages change at the scheduled instant on every
 *   instance. That instant is read once per instance, again after every clear (a change here, or the content version
 *   moving elsewhere) and once it has passed (which also clears the cache); 500 entries and 16 MB (bodies and their compressed forms) at most, expired
 *   entries leaving first, then the oldest.
 * - What clears it: any successful (status < 400) non-GET request made by a signed-in admin clears this instance's
 *   cache before the answer leaves, so the admin's next read already sees the change; then `publish` moves the
 *   database's content version, still before the answer leaves. On PostgreSQL (several instances) every instance reads
 *   that version before answering from its cache and clears the cache when it moved, and answers nothing from it
 *   while the version cannot be read (services/cache-coherence.ts, decision 0099). An answer computed while a clear
 *   happened is not stored: it may predate the change.
 * - How it leaves: hits are answered by the HTTP server itself (`createHttpServer`), before Fastify parses anything.
 *   Misses and hits take the same compression path (`encodedFor`): Brotli (quality 5) or gzip (level 6) for clients
 *   that accept it and bodies of at least 1 KB, each encoding made once per entry. @fastify/compress then leaves
 *   these answers alone (they already carry content-encoding) and compresses every other route.
 * - What browsers are told: `Cache-Control: public, max-age=60, stale-while-revalidate=300`, both shortened when a
 *   scheduled change comes sooner (`browserCacheControl`), and `Vary: accept-encoding`; every API answer not marked cacheable is `no-store` (set in app.ts).
 * - What is never cached: an answer of a `cached` route that itself says `Cache-Control: private` (a page rendered
 *   for one visitor, e.g. the product preview of an admin); it leaves with its own Cache-Control.
 * - Fresh slots (decision 0136): a page that must carry a value fresh for each visitor (the contact form's signed
 *   render time) renders a slot's marker instead (shared/fresh-slots.ts). The entry keeps the page with its markers and
 *   is written again with new values, then compressed again, once its values are `SLOT_REFRESH_MS` old; browsers are
 *   told `no-store`. An answer with markers that is not stored gets its values written all the same.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { SLOT_REFRESH_MS } from "@shared/fresh-slots";
import { PREVIEW_PARAM, PUBLIC_ANSWER_PARAMS } from "@shared/query-params";
import fp from "fastify-plugin";
import { REQUEST_ID_HEADER, requestIdOf } from "../lib/request-id";
import type { CacheCoherence } from "../services/cache-coherence";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Anonymous GETs of this route are answered from the response cache. */
    publicCache?: boolean;
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

const BROWSER_MAX_AGE_S = 60;
const BROWSER_STALE_S = 300;
export const PUBLIC_CACHE = `public, max-age=${BROWSER_MAX_AGE_S}, stale-while-revalidate=${BROWSER_STALE_S}`;
const COMPRESS_FROM_BYTES = 1024;

/**
 * An answer its route marked `private` (a page rendered for one visitor, e.g. a product preview) is never stored nor
 * made public. (`no-store` alone is not enough: the API sets it on every answer before a cacheable route's is replaced.)
 */
function markedPrivate(cacheControl: unknown): boolean {
  return typeof cacheControl === "string" && /\bprivate\b/i.test(cacheControl);
}
/** Headers the cache writes for each client; never stored with an entry. */
const SET_BY_CACHE = new Set(["content-length", "content-encoding", "vary", REQUEST_ID_HEADER]);

/** The cache key of a URL (see the top of this file), or null when the request must reach the application. */
export function cacheKey(url: string): string | null {
  const mark = url.indexOf("?");
  const rawPath = mark < 0 ? url : url.slice(0, mark);
  let path: string;
  try {
    path = rawPath
      .split("/")
      .map((segment) => encodeURIComponent(decodeURIComponent(segment)))
      .join("/");
  } catch {
    return null; // a malformed escape: the application answers it (400/404), never stored
  }
  if (mark < 0) return path;
  const query = new URLSearchParams(url.slice(mark + 1));
  if (query.has(PREVIEW_PARAM)) return null;
  // React Router's own requests (the route manifest of lazy discovery, `.data` loads) answer per parameter.
  if (path === "/__manifest" || path.endsWith(".data")) return `${path}?${query}`;
  const kept = new URLSearchParams();
  for (const name of PUBLIC_ANSWER_PARAMS) for (const value of query.getAll(name)) kept.append(name, value);
  const search = kept.toString();
  return search ? `${path}?${search}` : path;
}

/** Route config of a public, cacheable GET. */
export const cached = { publicCache: true } as const;

export type CachedResponse = { status: number; headers: Record<string, string>; body: Buffer };
type Encoding = "br" | "gzip" | "identity";
/** One way an entry leaves: its body and its complete header list, built once and reused for every hit. */
type Encoded = { body: Buffer; headers: string[] };
type Entry = {
  key: string;
  expires: number;
  response: CachedResponse;
  encoded: Partial<Record<Encoding, Encoded>>;
  /** A page with fresh slots: its body with the markers, and when `response.body` was written from it. */
  slotted?: { template: Buffer; writtenAt: number };
};

/** Writes a fresh slot's value (shared/fresh-slots.ts); `servedUntil` is the last instant the value may be served. */
export type SlotValue = (servedUntil: number) => string;

/** Browsers keep no copy of a page with fresh slots: each load gets its own values. */
const SLOTTED_CACHE_CONTROL = "no-store";

function pickEncoding(acceptEncoding: string | undefined, size: number): Encoding {
  if (!acceptEncoding || size < COMPRESS_FROM_BYTES) return "identity";
  if (acceptEncoding.includes("br")) return "br";
  if (acceptEncoding.includes("gzip")) return "gzip";
  return "identity";
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === "br") return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === "gzip") return gzipSync(body, { level: 6 });
  return body;
}

/** Bytes an entry holds: its body, each compressed form made so far, and the page its slots are written from. */
function entryBytes(entry: Entry): number {
  let bytes = entry.response.body.length + (entry.slotted?.template.length ?? 0);
  for (const [encoding, made] of Object.entries(entry.encoded)) if (encoding !== "identity") bytes += made.body.length;
  return bytes;
}

/**
 * A small in-memory cache of public responses, keyed by URL (rules at the top of this file). Bounded twice: by
 * entries and by bytes (bodies plus their compressed forms), so URLs made up by a client (query strings) cannot grow
 * it past `maxBytes`. Entries are kept in expiry order (a replaced entry moves to the end), so expired ones leave
 * from the front whenever something is stored.
 */
export function createResponseCache({
  ttlMs = 10_000,
  maxEntries = 500,
  maxBytes = 16 * 1024 * 1024,
  now = Date.now,
}: {
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
} = {}) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  /** Reads the next scheduled change of public content (epoch ms, null for none); unset: entries live `ttlMs`. */
  let scheduleSource: (() => Promise<number | null>) | null = null;
  /** The next scheduled change as last read (undefined: to be read, after a clear). */
  let nextChange: number | null | undefined;
  let reading: Promise<void> | null = null;
  /**
   * Moves on at every clear. A request notes the generation it arrived in, and its answer is stored only if no clear
   * happened meanwhile: an answer computed from content older than a change acknowledged since is never kept.
   */
  let generation = 0;
  const arrivedIn = new WeakMap<IncomingMessage, number>();
  /** The fresh slots (`fillSlots`): each marker and how its value is written. */
  let slots: [marker: string, value: SlotValue][] = [];

  const hasSlots = (body: Buffer | string) => slots.some(([marker]) => body.includes(marker));

  /** `template` with every marker replaced by a value that may be served until `servedUntil`. */
  function writeSlots(template: Buffer | string, servedUntil: number): Buffer {
    let text = template.toString();
    for (const [marker, value] of slots) if (text.includes(marker)) text = text.replaceAll(marker, value(servedUntil));
    return Buffer.from(text);
  }

  /** Writes a stored page's slots again once its values are SLOT_REFRESH_MS old; its compressed forms go with them. */
  function refreshSlots(entry: Entry): void {
    const at = now();
    if (!entry.slotted || at - entry.slotted.writtenAt < SLOT_REFRESH_MS) return;
    bytes -= entryBytes(entry);
    entry.response = { ...entry.response, body: writeSlots(entry.slotted.template, at + SLOT_REFRESH_MS) };
    entry.slotted.writtenAt = at;
    entry.encoded = {};
    bytes += entryBytes(entry);
  }

  function remove(key: string, entry: Entry): void {
    entries.delete(key);
    bytes -= entryBytes(entry);
  }

  function lookup(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.expires <= now()) {
      remove(key, entry);
      return undefined;
    }
    return entry;
  }

  /** Drops expired entries, then the oldest ones, until `extraBytes` more and one more entry fit (never `keep`). */
  function makeRoom(extraBytes: number, keep?: Entry): void {
    const at = now();
    for (const [key, entry] of entries) {
      const full = entries.size >= maxEntries || bytes + extraBytes > maxBytes;
      if (entry !== keep && (entry.expires <= at || full)) remove(key, entry);
      else if (!full) break;
    }
  }

  /** The body and headers of an entry for a client's Accept-Encoding, compressed at most once per encoding. */
  function encodedFor(entry: Entry, acceptEncoding: string | undefined): Encoded {
    const encoding = pickEncoding(acceptEncoding, entry.response.body.length);
    const existing = entry.encoded[encoding];
    if (existing) return existing;
    const body = compress(entry.response.body, encoding);
    // A flat [name, value, …] list: writeHead takes it as is, with no object to build per hit.
    const headers = Object.entries(entry.response.headers).flat();
    headers.push("vary", "accept-encoding", "content-length", String(body.length));
    if (encoding !== "identity") headers.push("content-encoding", encoding);
    const made = { body, headers };
    if (encoding === "identity") {
      entry.encoded[encoding] = made;
    } else if (entries.get(entry.key) === entry) {
      // Still cached: the compressed form counts against the byte budget.
      makeRoom(body.length, entry);
      entry.encoded[encoding] = made;
      bytes += body.length;
    }
    return made;
  }

  function clear(): void {
    entries.clear();
    bytes = 0;
    generation += 1;
    nextChange = undefined;
    reading = null;
  }

  /** Reads the next scheduled change; kept only if no clear happened meanwhile (it may predate a change). */
  function readSchedule(source: () => Promise<number | null>): Promise<void> {
    const readIn = generation;
    const running: Promise<void> = source()
      .then(
        (next) => {
          if (generation === readIn) nextChange = next;
        },
        () => {
          // Unknown: this round stores nothing (see `boundary`); the next cacheable answer tries again.
        },
      )
      .finally(() => {
        if (reading === running) reading = null;
      });
    reading = running;
    return running;
  }

  return {
    /** Requests answered from the cache, and cacheable answers the application had to render (read by /metrics). */
    hits: 0,
    misses: 0,

    get: (key: string): CachedResponse | undefined => lookup(key)?.response,

    /**
     * Stores an answer and gives back how it leaves for this client. `request` is the one it answers: the answer is
     * not stored when the cache was cleared after that request arrived (or could not be checked, see `skip`).
     * `slotted`: the answer is a page with fresh slots (`hasSlots`), kept with its markers and written per answer.
     */
    set(key: string, response: CachedResponse, acceptEncoding?: string, request?: IncomingMessage, slotted = false): Encoded {
      const at = now();
      const bound = scheduleSource === null ? null : nextChange;
      const expires = bound === null ? at + ttlMs : Math.min(at + ttlMs, bound ?? at);
      const entry: Entry = slotted
        ? {
            key,
            expires,
            response: { ...response, body: writeSlots(response.body, at + SLOT_REFRESH_MS) },
            encoded: {},
            slotted: { template: response.body, writtenAt: at },
          }
        : { key, expires, response, encoded: {} };
      const stale =
        (request !== undefined && arrivedIn.has(request) && arrivedIn.get(request) !== generation) ||
        // The next scheduled change is not known (or already here): nothing may outlive it.
        expires <= at;
      // An answer larger than the whole budget is sent but not kept.
      const size = entryBytes(entry);
      if (stale || size > maxBytes) return encodedFor(entry, acceptEncoding);
      const previous = entries.get(key);
      if (previous) remove(key, previous);
      makeRoom(size);
      entries.set(key, entry);
      bytes += size;
      return encodedFor(entry, acceptEncoding);
    },

    clear,

    /** Registers the fresh slots pages may render (shared/fresh-slots.ts), by marker. */
    fillSlots(values: Record<string, SlotValue>): void {
      slots = Object.entries(values);
    },

    /** Whether `body` carries a fresh slot's marker: a page to store with its markers, never kept by browsers. */
    hasSlots,

    /** `body` with its slots written now, for an answer with markers that is not stored. */
    withSlotsWritten: (body: Buffer | string): Buffer => writeSlots(body, now()),

    /** Bounds every entry's lifetime by the next scheduled change `source` reads (services/schedule.ts). */
    watchSchedule(source: () => Promise<number | null>): void {
      scheduleSource = source;
      nextChange = undefined;
    },

    /**
     * Makes the next scheduled change known before an answer is stored: read when unknown; when it has passed, the
     * cache is cleared first (every entry expired with it, and an answer of a request that arrived before it is not
     * stored), then the following one is read.
     */
    async boundary(): Promise<void> {
      const source = scheduleSource;
      if (!source) return;
      for (let round = 0; round < 3; round++) {
        if (nextChange === null || (nextChange !== undefined && nextChange > now())) return;
        if (nextChange !== undefined) clear();
        await (reading ?? readSchedule(source));
        if (nextChange === undefined) return; // unreadable or cleared meanwhile: `set` stores nothing
      }
    },

    /**
     * What browsers are told about an answer stored now: PUBLIC_CACHE, shortened so that no browser keeps (or shows
     * stale) a page past the next scheduled change; an entry may be served up to `ttlMs` after it was stored, so that
     * much is taken off. Called after `boundary()`.
     */
    browserCacheControl(): string {
      if (scheduleSource === null || nextChange === null) return PUBLIC_CACHE;
      const left = nextChange === undefined ? 0 : Math.floor((nextChange - now() - ttlMs) / 1000);
      if (left >= BROWSER_MAX_AGE_S + BROWSER_STALE_S) return PUBLIC_CACHE;
      const maxAge = Math.min(Math.max(left, 0), BROWSER_MAX_AGE_S);
      return `public, max-age=${maxAge}, stale-while-revalidate=${Math.max(left - maxAge, 0)}`;
    },

    /** The key of a request the cache may answer (an anonymous GET/HEAD of a cacheable URL), or null. */
    keyOf(request: IncomingMessage): string | null {
      const { method, url } = request;
      if ((method !== "GET" && method !== "HEAD") || !url || request.headers.authorization) return null;
      return cacheKey(url);
    },

    /** The cache could not be checked for this request: it neither answers it nor stores its answer. */
    skip(request: IncomingMessage): void {
      arrivedIn.set(request, -1);
    },

    get size(): number {
      return entries.size;
    },

    /** Bytes held: bodies and their compressed forms. */
    get bytes(): number {
      return bytes;
    },

    /** Answers a request of key `key` (see `keyOf`) from the cache; false when it must go to the application. */
    serve(request: IncomingMessage, response: ServerResponse, key: string, requestId = ""): boolean {
      arrivedIn.set(request, generation);
      const entry = lookup(key);
      if (!entry) return false;
      this.hits += 1;
      refreshSlots(entry);
      const { body, headers } = encodedFor(entry, request.headers["accept-encoding"]);
      response.writeHead(entry.response.status, requestId ? [...headers, REQUEST_ID_HEADER, requestId] : headers);
      response.end(request.method === "HEAD" ? undefined : body);
      return true;
    },
  };
}
export type ResponseCache = ReturnType<typeof createResponseCache>;

export type HttpServerOptions = {
  /** How long an idle keep-alive connection stays open; above common load-balancer idle timeouts (60 s). */
  keepAliveTimeoutMs: number;
  /** Take the load balancer's X-Request-Id (lib/request-id.ts). */
  trustProxy?: boolean;
  /** Several instances share the database: the cache answers only once in step with it (services/cache-coherence.ts). */
  coherence?: Pick<CacheCoherence, "sync">;
};

/**
 * The HTTP server Fastify runs on (its `serverFactory`): cache hits leave from here. A custom server does not get
 * Fastify's own keep-alive timeout (it would keep Node's 5 s, shorter than a load balancer's idle timeout, which then
 * reuses a connection the server is closing: intermittent 502s), so it is set here.
 */
export function createHttpServer(
  cache: ResponseCache,
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  { keepAliveTimeoutMs, trustProxy = false, coherence }: HttpServerOptions,
): Server {
  // A hit is answered with its request id too; a miss gets it from Fastify (the same function).
  const answer = (request: IncomingMessage, response: ServerResponse, key: string) => {
    if (!cache.serve(request, response, key, requestIdOf(request, trustProxy))) handler(request, response);
  };
  const server = createServer((request, response) => {
    const key = cache.keyOf(request);
    if (key === null) handler(request, response);
    else if (!coherence) answer(request, response, key);
    else
      void coherence.sync().then((inStep) => {
        if (inStep) return answer(request, response, key);
        cache.skip(request);
        handler(request, response);
      });
  });
  server.keepAliveTimeout = keepAliveTimeoutMs;
  // Node requires the header timeout above the keep-alive one, or a slow next request on an idle socket is cut.
  server.headersTimeout = keepAliveTimeoutMs + 1_000;
  return server;
}

export type ResponseCacheOptions = {
  cache: ResponseCache;
  /** Tells the other instances that content changed (after this instance cleared its own cache). */
  publish?: () => Promise<void> | void;
};

/**
 * Fills the cache from the answers of `cached` routes, compresses them (miss and hit alike), and clears it on any
 * successful admin change. Registered before @fastify/compress and helmet's headers are in the reply by onSend.
 */
export const responseCachePlugin = fp<ResponseCacheOptions>(
  async (app, { cache, publish }) => {
    app.decorate("responseCache", cache);

    app.addHook("onSend", async (request, reply, payload) => {
      if (request.user && request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 400) {
        cache.clear();
        // Awaited: once the admin has the answer, every other instance has been told.
        await publish?.();
      }
      const cacheable =
        request.method === "GET" &&
        request.routeOptions.config.publicCache &&
        !request.headers.authorization &&
        reply.statusCode === 200 &&
        !markedPrivate(reply.getHeader("cache-control"));
      const whole = typeof payload === "string" || Buffer.isBuffer(payload);
      const key = cacheable && whole ? cacheKey(request.url) : null;
      // Only pages carry slots: a marker typed into a message or a search stays as typed in JSON.
      const page = String(reply.getHeader("content-type") ?? "").startsWith("text/html");
      if (!whole || key === null) {
        if (cacheable) reply.header("cache-control", PUBLIC_CACHE);
        if (!whole || !page || !cache.hasSlots(payload)) return payload;
        reply.header("cache-control", SLOTTED_CACHE_CONTROL);
        return cache.withSlotsWritten(payload);
      }
      await cache.boundary();
      const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
      const slotted = page && cache.hasSlots(body);
      reply.header("cache-control", slotted ? SLOTTED_CACHE_CONTROL : cache.browserCacheControl());
      const headers: CachedResponse["headers"] = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (typeof value === "string" && !SET_BY_CACHE.has(name)) headers[name] = value;
      }
      const sent = cache.set(key, { status: 200, headers, body }, request.headers["accept-encoding"], request.raw, slotted);
      cache.misses += 1;
      for (let i = 0; i < sent.headers.length; i += 2) reply.header(sent.headers[i] as string, sent.headers[i + 1]);
      return sent.body;
    });
  },
  { name: "response-cache" },
);
