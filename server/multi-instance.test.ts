import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { copyPostgresTemplate } from "../test/postgres-db";
import { type ServerProcess, startServer } from "../test/server-process";

const ADMIN = { email: "instances@test.local", password: "two-instances-password" };
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

  const slugs = async (instance: ServerProcess) =>
    ((await (await fetch(`${instance.url}/api/categories`)).json()) as { slug: string }[]).map((c) => c.slug);

  it("shows an admin change made on A in B's cached public API well before B's cache would expire", async () => {
    expect(await slugs(b)).toEqual([]);
    expect(await slugs(b)).toEqual([]); // now answered from B's cache

    const login = await fetch(`${a.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const created = await fetch(`${a.url}/api/categories`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ slug: "made-on-a", nameFr: "Faite sur A", nameEn: "Made on A" }),
    });
    expect(created.status).toBe(201);

    // B hears of the change through LISTEN/NOTIFY, asynchronously: a request sent the instant A answered can still
    // be answered from B's cache (issue 19 makes that impossible). Within 2 s it must not be: the cache keeps 10 s.
    await expect
      .poll(() => slugs(b), { timeout: 2_000, interval: 50, message: `A:\n${a.output()}\nB:\n${b.output()}` })
      .toEqual(["made-on-a"]);
    expect(await slugs(a)).toEqual(["made-on-a"]);
  });

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
});
