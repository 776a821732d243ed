/**
 * Where the server's memory goes, every 5 s, as JSON lines in $MEMORY_LOG: Node's counters, V8's heap spaces, the
 * WebAssembly memories (PGlite's) and /proc/self/smaps grouped by mapping. Preloaded by the bench when
 * BENCH_MEMORY_LOG names a file (`node --import bench/memory-log.ts`, types stripped by Node itself).
 * How these figures were read: docs/decisions/0042-memory-on-the-embedded-database.md.
 */
import { appendFileSync, readFileSync } from "node:fs";
import { getHeapSpaceStatistics } from "node:v8";

const file = process.env.MEMORY_LOG;
const memories: WeakRef<WebAssembly.Memory>[] = [];
const mb = (bytes: number) => Math.round(bytes / 1048576);

/** Remembers the memories PGlite creates or exports, without keeping them alive. */
function watchWebAssembly(): void {
  const instantiate = WebAssembly.instantiate;
  const patched = async (...args: Parameters<typeof WebAssembly.instantiate>) => {
    const result = (await Reflect.apply(instantiate, WebAssembly, args)) as
      | WebAssembly.WebAssemblyInstantiatedSource
      | WebAssembly.Instance;
    const instance = "instance" in result ? result.instance : result;
    for (const value of Object.values(instance.exports)) if (value instanceof WebAssembly.Memory) memories.push(new WeakRef(value));
    return result;
  };
  WebAssembly.instantiate = patched as typeof WebAssembly.instantiate;
  WebAssembly.Memory = new Proxy(WebAssembly.Memory, {
    construct(target, args) {
      const memory = Reflect.construct(target, args) as WebAssembly.Memory;
      memories.push(new WeakRef(memory));
      return memory;
    },
  });
}

/** Resident MB per kind of mapping: the node binary, shared libraries, glibc's heap, and anonymous mappings (V8's heap, code, malloc arenas, WebAssembly memory) with those over 8 MB resident listed by size. */
function residentByMapping(): Record<string, number> {
  const groups: Record<string, number> = {};
  let mapping = { name: "", sizeMb: 0 };
  for (const line of readFileSync("/proc/self/smaps", "utf8").split("\n")) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      mapping = { name: header[3] || "[anon]", sizeMb: mb(Number.parseInt(header[2] ?? "0", 16) - Number.parseInt(header[1] ?? "0", 16)) };
      continue;
    }
    const rss = /^Rss:\s+(\d+)/.exec(line);
    if (!rss) continue;
    const kb = Number(rss[1]);
    let key = mapping.name;
    if (key.startsWith("/")) key = key.endsWith(".node") || key.includes(".so") ? "libraries" : "node binary";
    else if (key === "[anon]" && kb >= 8192) key = `anon mapping of ${mapping.sizeMb} MB`;
    groups[key] = (groups[key] ?? 0) + kb / 1024;
  }
  return Object.fromEntries(Object.entries(groups).flatMap(([key, value]) => (value >= 1 ? [[key, Math.round(value)]] : [])));
}

function sample(): void {
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((space) => [space.space_name, mb(space.space_size)]));
  const webAssembly = memories.flatMap((ref) => {
    const memory = ref.deref();
    return memory ? [mb(memory.buffer.byteLength)] : [];
  });
  const line = {
    time: new Date().toISOString(),
    rss: mb(usage.rss),
    heapTotal: mb(usage.heapTotal),
    heapUsed: mb(usage.heapUsed),
    external: mb(usage.external),
    arrayBuffers: mb(usage.arrayBuffers),
    webAssemblyMemories: webAssembly,
    heapSpaces: spaces,
    residentByMapping: residentByMapping(),
  };
  appendFileSync(file ?? "", `${JSON.stringify(line)}\n`);
}

if (file) {
  watchWebAssembly();
  setInterval(sample, 5000).unref();
}
