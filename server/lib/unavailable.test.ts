import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { freePort } from "../../test/faults/server-process";
import { createTestContext } from "../../test/test-app";
import { users } from "../db/schema/index";
import { isDatabaseUnavailable, storageFailure } from "./unavailable";

describe("isDatabaseUnavailable", () => {
  it("recognises a refused PostgreSQL connection, also wrapped in drizzle's query error", async () => {
    const port = await freePort();
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`, connectionTimeoutMillis: 2000 });
    pool.on("error", () => {});
    const error = await drizzle(pool)
      .select()
      .from(users)
      .then(
        () => null,
        (e: unknown) => e,
      );
    await pool.end();
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("recognises a unix socket that is gone (the embedded database's thread ended), not a missing file", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "marine-algae-socket-"));
    const pool = new pg.Pool({ host: dir, user: "postgres", database: "postgres" });
    pool.on("error", () => {});
    const error = await pool.query("select 1").then(
      () => null,
      (e: unknown) => e,
    );
    await pool.end();
    rmSync(dir, { recursive: true, force: true });
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("no such file"), { code: "ENOENT", syscall: "open" }))).toBe(false);
  });

  it("does not take a query error (unique violation) for an unreachable database", async () => {
    const ctx = await createTestContext({ withAdmin: false });
    try {
      const row = { email: "same@example.com", passwordHash: "x" };
      await ctx.database.db.insert(users).values(row);
      const error = await ctx.database.db
        .insert(users)
        .values(row)
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error)).toBe(false);
    } finally {
      await ctx.close();
    }
  });
});

describe("storageFailure", () => {
  it("maps a folder that cannot be created to 503 and leaves other errors alone", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "storage-failure-"));
    try {
      writeFileSync(path.join(dir, "file"), "x");
      const error = await mkdir(path.join(dir, "file", "sub"), { recursive: true }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(storageFailure(error)?.status).toBe(503);
      expect(storageFailure(new Error("invalid image"))).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
