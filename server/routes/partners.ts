import { idParams } from "@shared/schemas/common";
import { partnerInputSchema, partnerSchema } from "@shared/schemas/partner";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../lib/http-error";
import { publicRoute } from "../plugins/auth";
import { cached } from "../plugins/response-cache";
import { switchableItemRoutes } from "./switchable-item-routes";

const partnerList = z.array(partnerSchema);

export const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { partners } = app.services;
  app.get("/partners/active", { config: { ...publicRoute, ...cached }, schema: { response: { 200: partnerList } } }, async () => {
    const list = await partners.listActive();
    return list;
  });

  app.get("/partners", { schema: { response: { 200: partnerList } } }, async () => partners.listAll());

  app.get("/partners/:id", { schema: { params: idParams, response: { 200: partnerSchema } } }, async (request) => {
    const partner = await partners.getById(request.params.id);
    if (!partner) throw notFound("Partner");
    return partner;
  });

  switchableItemRoutes(app, "/partners", "partner", partnerInputSchema, partnerSchema, partners);
};
