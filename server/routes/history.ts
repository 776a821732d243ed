import { historyListSchema, historyQuerySchema } from "@shared/schemas/history";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendPage } from "../lib/keyset";

/**
 * The history of admin changes, newest first, one page at a time (decision 0092: `?limit=&cursor=`, the next page in
 * `Link`, the count in `X-Total-Count`), narrowed by `userId` and `type`. Admin-only.
 */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/history", { schema: { querystring: historyQuerySchema, response: { 200: historyListSchema } } }, async (request, reply) =>
    sendPage(request, reply, await app.services.history.list(request.query)),
  );
};
