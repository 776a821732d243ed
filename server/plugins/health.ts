import { livenessSchema, notReadySchema, readinessSchema } from "@shared/schemas/health";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../db/client";
import { appliedMigrationTime, latestMigration } from "../lib/migrations";
import type { ImageStorage } from "../services/storage/types";

declare module "fastify" {
  interface FastifyInstance {
    /** Set on SIGTERM: /readyz answers 503 from then on, so load balancers stop sending traffic before the drain. */
    lifecycle: { draining: boolean };
  }
}

/** A readiness check longer than this counts as failed (a stuck database connection must not hang the probe). */
const CHECK_TIMEOUT_MS = 3000;

type CheckResult = "ok" | string;

async function withTimeout(check: () => Promise<void>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return "ok";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
}

/** The checks behind /readyz: the database answers, every migration of this build is applied, uploads can be written. */
export function readinessChecks(db: Db, storage: ImageStorage): Record<string, () => Promise<void>> {
  const expected = latestMigration();
  return {
    database: async () => {
      await db.execute(sql`select 1`);
    },
    migrations: async () => {
      const applied = await appliedMigrationTime(db);
      if (applied === null || applied < expected.when) throw new Error(`migration ${expected.tag} is not applied`);
    },
    storage: async () => {
      await storage.checkWritable?.();
    },
  };
}

/**
 * GET /healthz: the process answers. GET /readyz: it can serve (see `readinessChecks`), and is not shutting down.
 * Neither is cached (no-store, outside the response cache's routes) nor counted as a visit.
 */
export const healthPlugin = fp<{ db: Db; storage: ImageStorage }>(
  async (app: FastifyInstance, { db, storage }) => {
    app.decorate("lifecycle", { draining: false });
    const checks = readinessChecks(db, storage);

    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get("/healthz", { schema: { response: { 200: livenessSchema } } }, async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "ok" as const };
    });

    routes.get("/readyz", { schema: { response: { 200: readinessSchema, 503: notReadySchema } } }, async (_request, reply) => {
      reply.header("cache-control", "no-store");
      if (app.lifecycle.draining) return reply.code(503).send({ status: "draining", error: "The server is shutting down" });
      const names = Object.keys(checks);
      const results = await Promise.all(names.map((name) => withTimeout(checks[name] as () => Promise<void>)));
      const report = Object.fromEntries(names.map((name, i) => [name, results[i] ?? "no result"]));
      const failed = names.filter((_name, i) => results[i] !== "ok");
      if (failed.length === 0) return { status: "ready" as const, checks: report };
      return reply.code(503).send({ status: "not ready", error: `Failing checks: ${failed.join(", ")}`, checks: report });
    });
  },
  { name: "health" },
);
