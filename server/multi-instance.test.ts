import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { copyPostgresTemplate } from "../test/postgres-db";
import { parsePrometheusText, sampleValue } from "../test/prometheus-text";
import { type ServerProcess, startServer } from "../test/server-process";

const ADMIN = { email: "instances@test.local", password: "two-instances-password" };
const METRICS_TOKEN = "two-instances-metrics-token-0123456789";

/** This instance's response-cache hits so far, from its /metrics. */
async function cacheHits(instance: ServerProcess): Promise<number> {
  const response = await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return sampleValue(parsePrometheusText(await response.text()), "response_cache_hits_total") ?? 0;
}
const postgresTemplate = inject("postgresTemplate");

// Needs PostgreSQL (TEST_DATABASE_URL): the embedded database belongs to one process.
describe.skipIf(!postgresTemplate)("two server processes on one PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof copyPostgresTemplate>>;
  const dirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;

  const start = () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "marine-instance-"));
    dirs.push(dataDir);
    return startServer(dataDir, {
      DATABASE_URL: database.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      METRICS_TOKEN,
    });
  };

  beforeAll(async () => {
    database = await copyPostgresTemplate(postgresTemplate);
    // One after the other: the first creates the admin account, the second finds it.
    a = await start();
    b = await start();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const login = async (instance: ServerProcess) => {
    const response = await fetch(`${instance.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    return ((await response.json()) as { token: string }).token;
  };

  it("answers, on either instance, the change the other acknowledged just before: 200 rounds alternating A and B", async () => {
    const tokens = new Map([
      [a, await login(a)],
      [b, await login(b)],
    ]);
    const created = await fetch(`${a.url}/api/categories`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${tokens.get(a)}` },
      body: JSON.stringify({ slug: "made-on-a", nameFr: "Faite sur A", nameEn: "Made on A" }),
    });
    expect(created.status).toBe(201);
    const { _id } = (await created.json()) as { _id: string };
    const names = async (instance: ServerProcess) =>
      ((await (await fetch(`${instance.url}/api/categories`)).json()) as { nameFr: string }[]).map((c) => c.nameFr);

    const hitsBefore = (await cacheHits(a)) + (await cacheHits(b));
    const stale: string[] = [];
    for (let round = 0; round < 200; round++) {
      const [writer, reader] = round % 2 === 0 ? [a, b] : [b, a];
      // The reader's cache holds the current name: read twice, the second answer coming from the cache.
      await names(reader);
      const before = await names(reader);
      const name = `Nom ${round}`;
      const renamed = await fetch(`${writer.url}/api/categories/${_id}`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${tokens.get(writer)}` },
        body: JSON.stringify({ slug: "made-on-a", nameFr: name, nameEn: `Name ${round}` }),
      });
      expect(renamed.status).toBe(200);
      // The very next request, on the other instance, the instant the change was acknowledged.
      const after = await names(reader);
      if (after[0] !== name) stale.push(`round ${round}: ${before[0]} -> ${after[0]}, expected ${name}`);
    }
    expect(stale).toEqual([]);
    // The readers' second reads were answered from their caches: the rounds did test a cache, not bypass it.
    expect((await cacheHits(a)) + (await cacheHits(b)) - hitsBefore).toBeGreaterThanOrEqual(200);
  }, 120_000);

  it("counts the contact rate limit (5 a minute per address) over the requests sent to both instances", async () => {
    const message = { fullName: "Two Instances", email: "visitor@example.com", phone: "", subject: "Hello", message: "Counted on both." };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const instance = i % 2 === 0 ? a : b;
      const response = await fetch(`${instance.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(message),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const again = await fetch(`${a.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(message),
    });
    expect(again.status).toBe(429);
  });

  it("changes the cached home page of both instances at a banner's scheduled start (decision 0104)", async () => {
    const token = await login(a);
    const banner = (titleFr: string, extra: object = {}) =>
      fetch(`${a.url}/api/banners`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          imageUrlFr: "/uploads/algues/fr.webp",
          imageUrlEn: "/uploads/algues/en.webp",
          titleFr,
          titleEn: titleFr,
          descriptionFr: "Bizerte",
          descriptionEn: "Bizerte",
          ...extra,
        }),
      });
    expect((await banner("Bannière standard")).status).toBe(201);
    const startsAt = Date.now() + 2_500;
    const created = await banner("Bannière de la fête", { startsAt: new Date(startsAt).toISOString(), isActive: true });
    expect(created.status).toBe(201);
    const home = async (instance: ServerProcess) => (await (await fetch(`${instance.url}/`)).text()).includes("Bannière de la fête");
    // Before the start both instances answer (and cache) the page without it.
    for (const instance of [a, b]) {
      expect(await home(instance)).toBe(false);
      expect(await home(instance)).toBe(false);
    }
    for (const instance of [a, b]) {
      await expect.poll(() => home(instance), { timeout: 9_000, interval: 50 }).toBe(true);
      const lateBy = Date.now() - startsAt;
      console.info(`scheduled start seen by ${instance.url} ${lateBy} ms after it`);
      expect(lateBy, instance.url).toBeLessThanOrEqual(1_000);
    }
  }, 60_000);
});
