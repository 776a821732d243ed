import { idParams } from "@shared/schemas/common";
import { partnerInputSchema, partnerListQuerySchema, partnerListSchema, partnerSchema } from "@shared/schemas/partner";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../lib/http-error";
import { sendPage } from "../lib/keyset";
import { publicRoute } from "../plugins/auth";
import { cached } from "../plugins/response-cache";
import { switchableItemRoutes } from "./switchable-item-routes";

export const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { partners } = app.services;
  app.get("/partners/active", { config: { ...publicRoute, ...cached }, schema: { response: { 200: partnerListSchema } } }, async () => {
    const list = await partners.listActive();
    return list;
  });

  /** The admin list, one page at a time (decision 0092: `?limit=&cursor=`, `Link` rel="next", `X-Total-Count`). */
  app.get("/partners", { schema: { querystring: partnerListQuerySchema, response: { 200: partnerListSchema } } }, async (request, reply) =>
    sendPage(request, reply, await partners.list(request.query)),
  );

  app.get("/partners/:id", { schema: { params: idParams, response: { 200: partnerSchema } } }, async (request) => {
    const partner = await partners.getById(request.params.id);
    if (!partner) throw notFound("partner");
    return partner;
  });

  switchableItemRoutes(app, "/partners", "partner", partnerInputSchema, partnerSchema, partners);
};
