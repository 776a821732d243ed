import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { captureLog } from "../test/log-capture";
import { createTestContext, type TestContext } from "../test/test-app";
import { registerSite } from "./site";

describe("a page whose loader cannot read the menu's categories (PostgreSQL restarting, a broken table)", () => {
  const lines: Record<string, unknown>[] = [];
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ withAdmin: false, app: { logger: captureLog(lines), site: (app) => registerSite(app) } });
  });
  afterAll(() => ctx.close());

  it("still renders, and logs one JSON line on the request's log with the error and its stack, nothing on the console", async () => {
    const consoleError = vi.spyOn(console, "error");
    await ctx.database.db.execute(sql`alter table categories rename to categories_away`);
    try {
      const page = await ctx.app.inject({ method: "GET", url: "/contact" });
      expect(page.statusCode).toBe(200);
      const failed = lines.filter((line) => line.event === "page.read_failed");
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({
        level: 50,
        msg: "Loading the categories failed",
        what: "categories",
        reqId: page.headers["x-request-id"],
      });
      const err = failed[0]?.err as { type: string; message: string; stack: string };
      expect(err.type).toBe("DrizzleQueryError");
      expect(err.message).toContain("categories");
      expect(err.stack).toMatch(/\n\s+at /);
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
      await ctx.database.db.execute(sql`alter table categories_away rename to categories`);
    }
  });
});
