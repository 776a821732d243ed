/**
 * Generated PDFs kept in memory by their content key (decision 0126): a byte budget, the least recently used leaving
 * first; one generation per key at a time (single flight) and a bound on generations running or waiting on this
 * instance, so a visitor cannot make the server lay out PDFs without end.
 */
export class BusyError extends Error {
  constructor() {
    super("spec sheet generation queue full");
    this.name = "BusyError";
  }
}

export type FileCacheOptions = {
  /** Bytes of PDFs kept (default 48 MB). */
  maxBytes?: number;
  /** Generations running at once on this instance (default 1: the machine has few cores and pages come first). */
  concurrency?: number;
  /** Generations allowed to wait for a turn; beyond, `BusyError` (default 8). */
  maxWaiting?: number;
};

export function createFileCache({ maxBytes = 48 * 1024 * 1024, concurrency = 1, maxWaiting = 8 }: FileCacheOptions = {}) {
  const files = new Map<string, Buffer>();
  let bytes = 0;
  const flights = new Map<string, Promise<Buffer>>();
  let running = 0;
  const waiting: (() => void)[] = [];

  function remember(key: string, file: Buffer): void {
    if (file.length > maxBytes) return;
    files.set(key, file);
    bytes += file.length;
    for (const [oldKey, old] of files) {
      if (bytes <= maxBytes) break;
      files.delete(oldKey);
      bytes -= old.length;
    }
  }

  async function turn<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= maxWaiting) throw new BusyError();
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  return {
    /** The file under `key`: kept, being made (joined), or made now by `make` when a turn is free. */
    get(key: string, make: () => Promise<Uint8Array>): Promise<Buffer> {
      const kept = files.get(key);
      if (kept) {
        // Most recently used goes last.
        files.delete(key);
        files.set(key, kept);
        return Promise.resolve(kept);
      }
      const flying = flights.get(key);
      if (flying) return flying;
      const flight = turn(async () => Buffer.from(await make()))
        .then((file) => {
          remember(key, file);
          return file;
        })
        .finally(() => flights.delete(key));
      flights.set(key, flight);
      return flight;
    },
    stats: () => ({ files: files.size, bytes, running, waiting: waiting.length }),
  };
}

export type FileCache = ReturnType<typeof createFileCache>;
