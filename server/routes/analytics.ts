import { recentQuerySchema, reportQuerySchema, visitInputSchema } from "@shared/schemas/analytics";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isbot } from "isbot";
import { sendCsv } from "../lib/csv";
import { RATE_LIMITS } from "../lib/rate-limits";
import { publicRoute } from "../plugins/auth";
import { reportCsv } from "../services/analytics-csv";

/** Visit tracking (public, cookie-free) and the admin statistics. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { analytics } = app.services;

  app.post(
    "/analytics",
    { schema: { body: visitInputSchema }, config: { ...publicRoute, rateLimit: RATE_LIMITS.visits } },
    async (request, reply) => {
      const userAgent = request.headers["user-agent"] ?? "";
      // Crawlers get the same answer, but are not counted.
      if (!isbot(userAgent)) await analytics.record({ ...request.body, ip: request.ip, userAgent, requestHost: request.host });
      return reply.code(204).send();
    },
  );

  app.get("/analytics/stats", async () => analytics.stats());

  app.get("/analytics/recent", { schema: { querystring: recentQuerySchema } }, async (request) => analytics.recent(request.query.limit));

  app.get("/analytics/summary", async () => analytics.summary());

  app.get("/analytics/report", { schema: { querystring: reportQuerySchema } }, async (request) => analytics.report(request.query.days));

  app.get("/analytics/report.csv", { schema: { querystring: reportQuerySchema } }, async (request, reply) => {
    const report = await analytics.report(request.query.days);
    return sendCsv(reply, `statistiques-${report.from}-${report.to}.csv`, reportCsv(report));
  });
};
