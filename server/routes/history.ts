import { historyPageSchema, historyQuerySchema } from "@shared/schemas/admin-security";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The history of admin changes, newest first, page by page (`before` = `nextBefore` of the previous page). Admin-only. */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/history", { schema: { querystring: historyQuerySchema, response: { 200: historyPageSchema } } }, async (request) =>
    app.services.history.list(request.query),
  );
};
