import { idParams } from "@shared/schemas/common";
import { pageQuerySchema } from "@shared/schemas/page";
import { publicTradeShowSchema, tradeShowInputSchema, tradeShowListSchema, tradeShowSchema } from "@shared/schemas/trade-show";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../lib/http-error";
import { sendPage } from "../lib/keyset";
import { publicRoute } from "../plugins/auth";
import { cached } from "../plugins/response-cache";
import { switchableItemRoutes } from "./switchable-item-routes";

/** Trade shows (shared/resources/trade-shows.ts): the home page's coming ones, the admin list, one, and the writes. */
export const tradeShowRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tradeShows } = app.services;
  app.get(
    "/trade-shows/coming",
    { config: { ...publicRoute, ...cached }, schema: { response: { 200: z.array(publicTradeShowSchema) } } },
    () => tradeShows.listComing(),
  );

  app.get("/trade-shows", { schema: { querystring: pageQuerySchema, response: { 200: tradeShowListSchema } } }, async (request, reply) =>
    sendPage(request, reply, await tradeShows.list(request.query)),
  );

  app.get("/trade-shows/:id", { schema: { params: idParams, response: { 200: tradeShowSchema } } }, async (request) => {
    const show = await tradeShows.getById(request.params.id);
    if (!show) throw notFound("trade_show");
    return show;
  });

  switchableItemRoutes(app, "/trade-shows", "trade-show", tradeShowInputSchema, tradeShowSchema, tradeShows);
};
