import { siteSearchQuerySchema, siteSearchResultSchema } from "@shared/schemas/site-search";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { RATE_LIMITS } from "../lib/rate-limits";
import { publicRoute } from "../plugins/auth";
import { audienceHeadersOf, countsInAudience } from "../services/analytics-audience";

/**
 * The public search (decision 0107): what the `/search` page shows, as JSON. Never cached (every query would be its
 * own entry, and the first page of a search is counted in the audience report when it is answered, within the public
 * budgets). Rate limited with the `/search` page: one budget.
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { search } = app.services;
  app.get(
    "/search",
    {
      config: { ...publicRoute, rateLimit: RATE_LIMITS.search },
      schema: { querystring: siteSearchQuerySchema, response: { 200: siteSearchResultSchema } },
    },
    async (request) => {
      const { q = "", lang, page } = request.query;
      const counted = countsInAudience(audienceHeadersOf(request.headers));
      return search.search(q, { lang, page, recordFor: counted ? request.ip : undefined });
    },
  );
};
