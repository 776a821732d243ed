import { canRead } from "@shared/access";
import {
  analyticsReportSchema,
  analyticsStatsSchema,
  dashboardSummarySchema,
  recentQuerySchema,
  reportQuerySchema,
  visitInputSchema,
  visitListSchema,
} from "@shared/schemas/analytics";
import { csvDownload, noContentSchema } from "@shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isbot } from "isbot";
import { sendCsv } from "../lib/csv";
import { RATE_LIMITS } from "../lib/rate-limits";
import { serves } from "../plugins/access";
import { publicRoute } from "../plugins/auth";
import { reportCsv } from "../services/analytics-csv";
import { sessionOf } from "./auth";

/** Visit tracking (public, cookie-free) and the admin statistics. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { analytics } = app.services;

  app.post(
    "/analytics",
    { schema: { body: visitInputSchema, response: { 204: noContentSchema } }, config: { ...publicRoute, rateLimit: RATE_LIMITS.visits } },
    async (request, reply) => {
      const userAgent = request.headers["user-agent"] ?? "";
      // Crawlers get the same answer, but are not counted.
      if (!isbot(userAgent)) await analytics.record({ ...request.body, ip: request.ip, userAgent, requestHost: request.host });
      return reply.code(204).send();
    },
  );

  app.get("/analytics/stats", { schema: { response: { 200: analyticsStatsSchema } } }, async () => analytics.stats());

  app.get("/analytics/recent", { schema: { querystring: recentQuerySchema, response: { 200: visitListSchema } } }, async (request) =>
    analytics.recent(request.query.limit),
  );

  app.get(
    "/analytics/summary",
    { schema: { response: { 200: dashboardSummarySchema } }, config: serves("dashboard", "read") },
    async (request) => {
      const { role } = sessionOf(request).user;
      return analytics.summary({
        visits: canRead(role, "analytics"),
        messages: canRead(role, "message"),
        products: canRead(role, "product"),
      });
    },
  );

  app.get("/analytics/report", { schema: { querystring: reportQuerySchema, response: { 200: analyticsReportSchema } } }, async (request) =>
    analytics.report(request.query.days),
  );

  app.get(
    "/analytics/report.csv",
    { schema: { querystring: reportQuerySchema, response: { 200: csvDownload } } },
    async (request, reply) => {
      const report = await analytics.report(request.query.days);
      return sendCsv(reply, `statistiques-${report.from}-${report.to}.csv`, reportCsv(report));
    },
  );
};
