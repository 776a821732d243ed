import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app";

describe("health endpoints", () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext({ withAdmin: true });
  });
  afterEach(() => t.close());

  const visits = async () => (await t.call("GET", "/analytics/summary")).json<{ totalVisits: number }>().totalVisits;

  it("GET /healthz answers 200 {status: ok}, never cached and never counted as a visit", async () => {
    const before = await visits();
    const response = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(t.app.responseCache.size).toBe(0);
    expect(await visits()).toBe(before);
  });

  it("GET /readyz answers 200 when the database answers, every migration is applied and uploads can be written", async () => {
    const response = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", storage: "ok" } });
    expect(t.app.responseCache.size).toBe(0);
  });

  it("GET /readyz answers 503 naming the failing check when a migration is missing, then 200 again once it is back", async () => {
    const [latest] =
      (await t.database.db
        .execute(
          sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`,
        )
        .then((result) => (result as { rows: { hash: string; created_at: string }[] }).rows)) ?? [];
    const missing = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(missing.statusCode).toBe(503);
    expect(missing.json()).toMatchObject({
      status: "not ready",
      error: "Failing checks: migrations",
      checks: { database: "ok", storage: "ok" },
    });
    expect(missing.json<{ checks: { migrations: string } }>().checks.migrations).toMatch(/is not applied/);

    await t.database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${latest?.hash}, ${latest?.created_at})`,
    );
    expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
  });

  it("GET /readyz answers 503 when the uploads directory cannot be written", async () => {
    const uploads = path.join(t.dataDir, "uploads");
    rmSync(uploads, { recursive: true, force: true });
    writeFileSync(uploads, "not a directory");
    const response = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: "not ready",
      error: "Failing checks: storage",
      checks: { database: "ok", migrations: "ok" },
    });
  });

  it("GET /readyz answers 503 once the server is draining, while /healthz still answers 200", async () => {
    t.app.lifecycle.draining = true;
    const response = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "draining", error: "The server is shutting down" });
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });
});
