import { idParams } from "@shared/schemas/common";
import { partnerInputSchema, partnerListSchema, partnerSchema } from "@shared/schemas/partner";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../lib/http-error";
import { publicRoute } from "../plugins/auth";
import { cached } from "../plugins/response-cache";
import { switchableItemRoutes } from "./switchable-item-routes";

export const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { partners } = app.services;
  app.get("/partners/active", { config: { ...publicRoute, ...cached }, schema: { response: { 200: partnerListSchema } } }, async () => {
    const list = await partners.listActive();
    return list;
  });

  app.get("/partners", { schema: { response: { 200: partnerListSchema } } }, async () => partners.listAll());

  app.get("/partners/:id", { schema: { params: idParams, response: { 200: partnerSchema } } }, async (request) => {
    const partner = await partners.getById(request.params.id);
    if (!partner) throw notFound("partner");
    return partner;
  });

  switchableItemRoutes(app, "/partners", "partner", partnerInputSchema, partnerSchema, partners);
};
