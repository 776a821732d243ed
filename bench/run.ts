/**
 * npm run bench: the figures of docs/architecture targets, measured on this machine.
 *   BENCH_SECONDS (default 10) per load run, BENCH_SOAK_SECONDS (default 300) for the memory soak.
 * Prints each figure against its target and exits 1 when one is missed.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon, { type Result } from "autocannon";
import { runLighthouse } from "./lighthouse";
import { startServer, waitFor } from "./server-process";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const CONNECTIONS = 50;
const ADMIN = { email: "bench@marine-algae.test", password: "bench-password-123" };

type Row = { name: string; value: string; target: string; ok: boolean };
const rows: Row[] = [];
const record = (name: string, value: string, target: string, ok: boolean) => {
  rows.push({ name, value, target, ok });
  console.log(`${ok ? "✓" : "✗"} ${name}: ${value} (target ${target})`);
};

function load(url: string, options: Partial<autocannon.Options> = {}): Promise<Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...options });
}

async function main() {
  const server = await startServer(3210, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, RATE_LIMIT: "false" });
  try {
    // Public API GETs against a bare route serving the same bytes.
    const body = Buffer.from(await (await fetch(`${server.url}/api/categories`)).arrayBuffer());
    const bodyFile = path.join(mkdtempSync(path.join(tmpdir(), "bench-")), "body.json");
    writeFileSync(bodyFile, body);
    const bare = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "bare-server.ts"), bodyFile, "3211"], {
      stdio: "ignore",
    });
    await waitFor("http://127.0.0.1:3211/bare", 30_000);
    const bareResult = await load("http://127.0.0.1:3211/bare");
    bare.kill();
    for (const route of ["/api/categories", "/api/products", "/api/partners/active", "/api/banners/active"]) {
      const result = await load(`${server.url}${route}`);
      const ratio = result.requests.average / bareResult.requests.average;
      record(
        `GET ${route} req/s vs bare Fastify`,
        `${Math.round(result.requests.average)} vs ${Math.round(bareResult.requests.average)} (${Math.round(ratio * 100)}%)`,
        ">= 80%",
        ratio >= 0.8,
      );
      record(`GET ${route} p99 latency`, `${result.latency.p99} ms`, "<= 25 ms", result.latency.p99 <= 25);
    }

    // Server-rendered pages with the page cache warm.
    const products = (await (await fetch(`${server.url}/api/products`)).json()) as { slug: string }[];
    for (const page of ["/", "/category/les-algues", `/product/${products[0]?.slug ?? ""}`, "/contact"]) {
      await fetch(`${server.url}${page}`);
      const result = await load(`${server.url}${page}`);
      record(`SSR ${page} req/s`, `${Math.round(result.requests.average)}`, ">= 1000", result.requests.average >= 1000);
    }

    // JavaScript shipped by public pages on first load (gzip), and no admin code among it.
    for (const page of ["/", "/category/les-algues", `/product/${products[0]?.slug ?? ""}`, "/contact"]) {
      const html = await (await fetch(`${server.url}${page}`)).text();
      const scripts = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string));
      let total = 0;
      for (const src of scripts) total += gzipSync(Buffer.from(await (await fetch(`${server.url}${src}`)).arrayBuffer())).length;
      const kb = total / 1024;
      record(`JS on first load of ${page} (gzip)`, `${kb.toFixed(1)} KB in ${scripts.size} files`, "<= 100 KB", kb <= 100);
      const adminChunks = [...scripts].filter((s) => /admin|dashboard|recharts|react-query/i.test(s));
      record(`admin code on ${page}`, adminChunks.length ? adminChunks.join(", ") : "none", "none", adminChunks.length === 0);
    }

    // Lighthouse, mobile preset.
    for (const page of ["/", "/category/les-algues", `/product/${products[0]?.slug ?? ""}`, "/contact"]) {
      const scores = await runLighthouse(`${server.url}${page}`);
      record(`Lighthouse ${page} performance`, String(scores.performance), ">= 95", scores.performance >= 95);
      record(`Lighthouse ${page} accessibility`, String(scores.accessibility), "100", scores.accessibility === 100);
      record(`Lighthouse ${page} best practices`, String(scores.bestPractices), "100", scores.bestPractices === 100);
      record(`Lighthouse ${page} SEO`, String(scores.seo), "100", scores.seo === 100);
      record(`Lighthouse ${page} CLS`, scores.cls.toFixed(3), "< 0.05", scores.cls < 0.05);
    }

    // Writes under load: every request answered 2xx is stored.
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const statsBefore = (await (await fetch(`${server.url}/api/analytics/summary`, { headers: auth })).json()) as { totalVisits: number };
    const visits = await load(`${server.url}/api/analytics`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "Mozilla/5.0 (bench)" },
      body: JSON.stringify({ pagePath: "/bench", referrer: "" }),
    });
    const statsAfter = (await (await fetch(`${server.url}/api/analytics/summary`, { headers: auth })).json()) as { totalVisits: number };
    const stored = statsAfter.totalVisits - statsBefore.totalVisits;
    record(
      "POST /api/analytics: 2xx answered vs stored",
      `${visits["2xx"]} vs ${stored} (${Math.round(visits.requests.average)} req/s)`,
      "equal",
      visits["2xx"] === stored,
    );

    const messagesBefore = ((await (await fetch(`${server.url}/api/contact/submissions`, { headers: auth })).json()) as unknown[]).length;
    const contacts = await load(`${server.url}/api/contact`, {
      method: "POST",
      connections: 10,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        fullName: "Bench Visitor",
        email: "bench@example.com",
        phone: "",
        subject: "Bench",
        message: "Load test message",
      }),
    });
    const messagesAfter = ((await (await fetch(`${server.url}/api/contact/submissions`, { headers: auth })).json()) as unknown[]).length;
    record(
      "POST /api/contact: 2xx answered vs stored",
      `${contacts["2xx"]} vs ${messagesAfter - messagesBefore} (${Math.round(contacts.requests.average)} req/s)`,
      "equal",
      contacts["2xx"] === messagesAfter - messagesBefore,
    );

    // Memory under a mixed load.
    const rssStart = server.rssMb();
    const paths = ["/", "/category/les-plantes", "/api/products", "/api/categories", "/contact", `/product/${products[1]?.slug ?? ""}`];
    await autocannon({
      url: server.url,
      connections: 20,
      duration: SOAK_SECONDS,
      requests: [
        ...paths.map((p) => ({ method: "GET" as const, path: p })),
        {
          method: "POST",
          path: "/api/analytics",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ pagePath: "/soak", referrer: "" }),
        },
      ],
    });
    const rssEnd = server.rssMb();
    record(
      `RSS growth over a ${SOAK_SECONDS} s mixed load`,
      `${rssStart.toFixed(0)} → ${rssEnd.toFixed(0)} MB (+${(rssEnd - rssStart).toFixed(1)})`,
      "<= 50 MB",
      rssEnd - rssStart <= 50,
    );
  } finally {
    await server.stop();
  }
  const failed = rows.filter((r) => !r.ok).length;
  console.log(`\n${rows.length - failed} targets met, ${failed} missed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
