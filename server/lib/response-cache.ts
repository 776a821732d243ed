export type CachedResponse = { status: number; headers: Record<string, string>; body: Buffer };

/**
 * A small in-memory cache of public responses, keyed by URL. Entries live a few seconds, so another instance's
 * changes show up quickly; this instance's own admin changes clear it at once.
 */
export function createResponseCache({ ttlMs = 10_000, maxEntries = 500 } = {}) {
  const entries = new Map<string, { expires: number; response: CachedResponse }>();
  return {
    get(key: string): CachedResponse | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires < Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.response;
    },
    set(key: string, response: CachedResponse): void {
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { expires: Date.now() + ttlMs, response });
    },
    clear(): void {
      entries.clear();
    },
    get size(): number {
      return entries.size;
    },
  };
}
export type ResponseCache = ReturnType<typeof createResponseCache>;
