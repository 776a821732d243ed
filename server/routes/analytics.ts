import { can, canRead } from "@shared/access";
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
import { sendCsv } from "../lib/csv";
import { RATE_LIMITS } from "../lib/rate-limits";
import { serves } from "../plugins/access";
import { publicRoute } from "../plugins/auth";
import { audienceHeadersOf, countsInAudience } from "../services/analytics-audience";
import { reportCsv } from "../services/analytics-csv";
import { sessionOf } from "./auth";

/** Visit tracking (public, cookie-free) and the admin statistics. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { analytics } = app.services;

  app.post(
    "/analytics",
    { schema: { body: visitInputSchema, response: { 204: noContentSchema } }, config: { ...publicRoute, rateLimit: RATE_LIMITS.visits } },
    async (request, reply) => {
      // Robots and prefetches get the same answer, but are not counted (the one audience rule).
      if (countsInAudience(audienceHeadersOf(request.headers))) {
        const userAgent = request.headers["user-agent"] ?? "";
        await analytics.record({ ...request.body, ip: request.ip, userAgent, requestHost: request.host });
      }
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
      const { role, _id: userId } = sessionOf(request).user;
      const [summary, imagesMissingAlt, setup] = await Promise.all([
        analytics.summary({
          visits: canRead(role, "analytics"),
          messages: canRead(role, "message"),
          products: canRead(role, "product"),
        }),
        canRead(role, "media") ? app.services.media.missingAltCount() : undefined,
        // The setup checklist is an administrator's: the role that sets the site up (decision 0114).
        can(role, "settings", "update") ? app.services.setup.todo(userId) : undefined,
      ]);
      const toTranslate = await app.services.translations.counts(
        (["product", "category", "page"] as const).filter((type) => canRead(role, type)),
      );
      return {
        ...summary,
        ...(imagesMissingAlt === undefined ? {} : { imagesMissingAlt }),
        toTranslate,
        ...(setup === undefined ? {} : { setup }),
      };
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
