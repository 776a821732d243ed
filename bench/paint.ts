/**
 * First paint side by side (`BENCH_ONLY=paint`, or `node --import tsx bench/paint.ts <url of a running server>`).
 *
 * Each public page is measured with Lighthouse (mobile, the bench's helper) in several variants, the runs interleaved
 * (one run of every variant, then the next round) so a busy neighbour slows them all alike:
 * - `ours`: the page from our server, as a visitor gets it;
 * - `static peer`: the same page saved with every script removed, served as static files (compressed once, no
 *   work per request) by a tiny server on this machine: the fair stand-in for the same page built by a static site
 *   generator (the Astro page of issue 18);
 * - `no islands`: the saved page without its island scripts (what the scripts cost);
 * - `system fonts`: the saved page without the web fonts (no preload, no `@font-face` of Inter and Fraunces: the
 *   adjusted local fallbacks paint), what the fonts cost.
 * The saved variants' other files (styles, fonts, images) are the server's own bytes, fetched once and replayed.
 * BENCH_PAINT_VARIANTS=static peer (comma-separated) measures fewer variants; BENCH_PAINT_BEFORE=<url of another running
 * build> adds it as `before`; BENCH_PAINT_RUNS (default 3) rounds; BENCH_PAINT_PAGES=0,2 (standalone only) some pages.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync } from "node:zlib";
import { type LighthouseScores, medianScores, runLighthouse } from "./lighthouse";

type RecordFn = (name: string, value: string, target: string, ok: boolean) => void;
type Stored = { status: number; headers: Record<string, string>; body: Buffer };
type Variant = { name: string; html: (html: string) => string; css: (css: string) => string };

const same = (text: string) => text;
/** Executable scripts: the islands (`type="module"` with a `src`) and the speculation rules. */
const ISLAND_SCRIPT = /<script type="module"[^>]*><\/script>/g;
const ANY_SCRIPT = /<script(?![^>]*application\/(?:ld\+)?json)[^>]*>[\s\S]*?<\/script>/g;
const FONT_PRELOAD = /<link rel="preload"[^>]*as="font"[^>]*\/>/g;
const WEB_FONT_FACE = /@font-face\{font-family:(?:"?)(?:Inter Variable|Fraunces Variable)[^}]*\}/g;

export const VARIANTS: Variant[] = [
  { name: "static peer", html: (html) => html.replace(ANY_SCRIPT, ""), css: same },
  { name: "no islands", html: (html) => html.replace(ISLAND_SCRIPT, ""), css: same },
  { name: "system fonts", html: (html) => html.replace(FONT_PRELOAD, ""), css: (css) => css.replace(WEB_FONT_FACE, "") },
];

const KEPT_HEADERS = ["content-type", "content-encoding", "cache-control", "vary"];

/** A static server replaying `origin`'s files (fetched once) with the variant's page and stylesheet. */
export async function staticServer(origin: string, pages: string[], variant: Variant): Promise<{ url: string; server: Server }> {
  const cache = new Map<string, Promise<Stored>>();
  const fetchOnce = (path: string): Promise<Stored> => {
    let stored = cache.get(path);
    if (!stored) {
      stored = (async () => {
        const response = await fetch(`${origin}${path}`, { headers: { "accept-encoding": "identity" } });
        const headers: Record<string, string> = {};
        for (const name of KEPT_HEADERS) {
          const value = response.headers.get(name);
          if (value && name !== "content-encoding") headers[name] = value;
        }
        let body = Buffer.from(await response.arrayBuffer());
        const type = headers["content-type"] ?? "";
        if (pages.includes(path) && type.startsWith("text/html")) body = Buffer.from(variant.html(body.toString("utf8")));
        if (type.startsWith("text/css")) body = Buffer.from(variant.css(body.toString("utf8")));
        if (/^(text\/|application\/(javascript|json)|image\/svg)/.test(type)) {
          body = brotliCompressSync(body);
          headers["content-encoding"] = "br";
        }
        return { status: response.status, headers, body };
      })();
      cache.set(path, stored);
    }
    return stored;
  };
  const server = createServer((request, response) => {
    fetchOnce(request.url ?? "/").then(
      (stored) => {
        response.writeHead(stored.status, { ...stored.headers, "content-length": stored.body.length });
        response.end(stored.body);
      },
      () => {
        response.writeHead(502);
        response.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const RUNS = Number(process.env.BENCH_PAINT_RUNS ?? 3);
const ms = (value: number) => `${Math.round(value)}`;

/** Lighthouse of every page in every variant, interleaved; prints FCP/LCP/score medians and checks ours against the peer. */
export async function benchPaint(record: RecordFn, origin: string, pages: string[]): Promise<void> {
  const picked = process.env.BENCH_PAINT_VARIANTS?.split(",").map((name) => name.trim());
  const variants = VARIANTS.filter((variant) => variant.name === "static peer" || !picked || picked.includes(variant.name));
  const servers = await Promise.all(variants.map((variant) => staticServer(origin, pages, variant)));
  const targets = [{ name: "ours", url: origin }, ...variants.map((variant, i) => ({ name: variant.name, url: servers[i]?.url ?? "" }))];
  // Another build of the site already running (e.g. the previous commit's), measured in the same rounds.
  if (process.env.BENCH_PAINT_BEFORE) targets.push({ name: "before", url: process.env.BENCH_PAINT_BEFORE });
  try {
    // Every file each static server will replay, fetched once before the first measured run.
    for (const { url } of servers)
      for (const page of pages) {
        const html = await (await fetch(`${url}${page}`)).text();
        const files = new Set(
          [...html.matchAll(/(?:href|src)="(\/[^"]+)"|(\/(?:uploads|assets)\/[^\s",]+)/g)].map((m) => m[1] ?? m[2] ?? "/"),
        );
        const css = [...files].filter((file) => file.endsWith(".css"));
        for (const file of css)
          for (const [, font] of (await (await fetch(`${url}${file}`)).text()).matchAll(/url\((\/assets\/[^)]+)\)/g))
            files.add(font ?? "/");
        await Promise.all([...files].map((file) => fetch(`${url}${file}`).then((response) => response.arrayBuffer())));
      }
    for (const page of pages) {
      const runs = new Map<string, LighthouseScores[]>(targets.map((t) => [t.name, []]));
      for (let round = 0; round < RUNS; round += 1)
        for (const target of targets) runs.get(target.name)?.push(await runLighthouse(`${target.url}${page}`));
      const medians = new Map([...runs].map(([name, list]) => [name, medianScores(list)]));
      for (const [name, list] of runs) {
        const m = medians.get(name) as LighthouseScores;
        console.log(
          `  ${page} ${name.padEnd(12)} perf ${m.performance} FCP ${ms(m.fcp)} LCP ${ms(m.lcp)} CLS ${m.cls.toFixed(3)} server ${ms(m.serverMs)} ms; runs ` +
            list.map((r) => `${r.performance}/${ms(r.fcp)}/${ms(r.lcp)}`).join(" "),
        );
      }
      const ours = medians.get("ours") as LighthouseScores;
      const peer = medians.get("static peer") as LighthouseScores;
      record(
        `first paint of ${page}: ours vs static peer`,
        `FCP ${ms(ours.fcp)} vs ${ms(peer.fcp)} ms, LCP ${ms(ours.lcp)} vs ${ms(peer.lcp)} ms, performance ${ours.performance} vs ${peer.performance}`,
        "FCP <= peer + 50 ms, performance 100",
        ours.fcp <= peer.fcp + 50 && ours.performance === 100,
      );
    }
  } finally {
    for (const { server } of servers) server.close();
  }
}

if (import.meta.main) {
  const origin = process.argv[2] ?? "http://127.0.0.1:3000";
  const products = (await (await fetch(`${origin}/api/products`)).json()) as { slug: string }[];
  const only = process.env.BENCH_PAINT_PAGES?.split(",");
  const pages = ["/", "/category/les-algues", `/product/${products[0]?.slug ?? ""}`, "/contact"].filter(
    (_page, i) => !only || only.includes(String(i)),
  );
  await benchPaint((name, value, target, ok) => console.log(`${ok ? "✓" : "✗"} ${name}: ${value} (target ${target})`), origin, pages);
}
