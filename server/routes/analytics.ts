import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isbot } from "isbot";
import { recentQuerySchema, visitInputSchema } from "../../shared/schemas/analytics";
import { RATE_LIMITS } from "../lib/rate-limits";
import { publicRoute } from "../plugins/auth";

/** Visit tracking (public, cookie-free) and the admin statistics. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { analytics } = app.services;

  app.post(
    "/analytics",
    { schema: { body: visitInputSchema }, config: { ...publicRoute, rateLimit: RATE_LIMITS.visits } },
    async (request, reply) => {
      const userAgent = request.headers["user-agent"] ?? "";
      // Crawlers get the same answer, but are not counted.
      if (!isbot(userAgent)) await analytics.record({ ...request.body, ip: request.ip, userAgent });
      return reply.code(204).send();
    },
  );

  app.get("/analytics/stats", async () => analytics.stats());

  app.get("/analytics/recent", { schema: { querystring: recentQuerySchema } }, async (request) => analytics.recent(request.query.limit));

  app.get("/analytics/summary", async () => analytics.summary());
};
