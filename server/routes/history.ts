import { readableHistoryTypes } from "@shared/access";
import { HISTORY_TYPES, historyListSchema, historyQuerySchema } from "@shared/schemas/history";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendPage } from "../lib/keyset";
import { sessionOf } from "./auth";

/**
 * The history of admin changes, newest first, one page at a time (decision 0092: `?limit=&cursor=`, the next page in
 * `Link`, the count in `X-Total-Count`), narrowed by `userId`, `type` and `role`: the rows of what the reader's role reads.
 */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/history", { schema: { querystring: historyQuerySchema, response: { 200: historyListSchema } } }, async (request, reply) => {
    const { role } = sessionOf(request).user;
    const readable = role === "admin" ? undefined : readableHistoryTypes(role, HISTORY_TYPES);
    return sendPage(request, reply, await app.services.history.list(request.query, readable));
  });
};
