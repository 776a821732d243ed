import { finderFiltersOf, finderResultSchema } from "@shared/finder";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../lib/http-error";
import { RATE_LIMITS } from "../lib/rate-limits";
import { publicRoute } from "../plugins/auth";

/**
 * The product finder as JSON (issue 33): what the `/products` page shows, for the same address's filters
 * (`?application=…&form=…&page=N`). Never cached (every combination would be its own entry); one budget with the page.
 */
export const finderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { finder } = app.services;
  app.get(
    "/finder",
    {
      config: { ...publicRoute, rateLimit: RATE_LIMITS.finder },
      schema: { querystring: z.record(z.string(), z.unknown()), response: { 200: finderResultSchema } },
    },
    async (request) => {
      const filters = finderFiltersOf(new URLSearchParams(request.url.split("?")[1] ?? ""));
      // A page after the last answers an empty page (as the API's other lists do); one that is no page number, 400.
      if (filters.page === null) throw new HttpError(400, { code: "bad_request" });
      return finder.find({ ...filters, page: filters.page });
    },
  );
};
