/** Startup time and resident memory of the server, per database engine (issue 8: fit a 1–2 GB virtual server). */
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { ServerProcess } from "./server-process";

/** Resident memory the server may hold after start and after the bench's load (issue 34: a 512 MB server with its database). */
export const RSS_TARGET_MB = 300;

export type Engine = { name: "PGlite" | "PostgreSQL"; env: Record<string, string>; drop(): Promise<void> };

export type RecordRow = (name: string, value: string, target: string, ok: boolean) => void;

/**
 * The embedded database always; PostgreSQL too when TEST_DATABASE_URL or DATABASE_URL names a server (a fresh database
 * on it). BENCH_ENGINES=PostgreSQL (or PGlite) keeps only the ones named.
 */
export async function benchEngines(): Promise<Engine[]> {
  const wanted = process.env.BENCH_ENGINES?.split(",").map((name) => name.trim());
  const engines: Engine[] = !wanted || wanted.includes("PGlite") ? [{ name: "PGlite", env: {}, drop: async () => {} }] : [];
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (serverUrl && (!wanted || wanted.includes("PostgreSQL"))) {
    const name = `marine_bench_${randomBytes(4).toString("hex")}`;
    const admin = async (query: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(query).finally(() => client.end());
    };
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    engines.push({
      name: "PostgreSQL",
      // The demo catalogue is off by default on PostgreSQL; the bench's pages need it.
      env: { DATABASE_URL: url.toString(), SEED_DEMO: "true" },
      drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    });
  }
  return engines;
}

export function recordStart(record: RecordRow, engine: Engine["name"], server: ServerProcess): void {
  record(`${engine}: startup (spawn to first answer, first start with demo seeding)`, `${Math.round(server.startupMs)} ms`, "info", true);
  const rss = server.rssMb();
  record(`${engine}: resident memory after start`, `${rss.toFixed(0)} MB`, `<= ${RSS_TARGET_MB} MB`, rss <= RSS_TARGET_MB);
}

/** How long the server is watched once the load stops: V8 gives back the pages it freed 10–15 s after the last burst. */
const SETTLE_SECONDS = 30;

/**
 * Resident memory right after the load, then the lowest of the next SETTLE_SECONDS once idle: the figure a server holds
 * between bursts (measured 391 MB right after the whole load on a quiet machine, 316 MB 15 s later, before V8's memory
 * saver mode: decision 0132).
 */
export async function recordAfterLoad(record: RecordRow, engine: Engine["name"], server: ServerProcess, what: string): Promise<void> {
  const rss = server.rssMb();
  record(`${engine}: resident memory after ${what}`, `${rss.toFixed(0)} MB`, `<= ${RSS_TARGET_MB} MB`, rss <= RSS_TARGET_MB);
  let settled = rss;
  for (let waited = 0; waited < SETTLE_SECONDS; waited += 5) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    settled = Math.min(settled, server.rssMb());
  }
  record(
    `${engine}: resident memory once idle ${SETTLE_SECONDS} s after that load (lowest)`,
    `${settled.toFixed(0)} MB`,
    `<= ${RSS_TARGET_MB} MB`,
    settled <= RSS_TARGET_MB,
  );
}
