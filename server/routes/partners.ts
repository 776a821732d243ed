import { idParams } from "@shared/schemas/common";
import { partnerInputSchema } from "@shared/schemas/partner";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../lib/http-error";
import { publicRoute } from "../plugins/auth";
import { cached } from "../plugins/response-cache";
import { switchableItemRoutes } from "./switchable-item-routes";

export const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { partners } = app.services;
  app.get("/partners/active", { config: { ...publicRoute, ...cached } }, async () => {
    const list = await partners.listActive();
    return list;
  });

  app.get("/partners", async () => partners.listAll());

  app.get("/partners/:id", { schema: { params: idParams } }, async (request) => {
    const partner = await partners.getById(request.params.id);
    if (!partner) throw notFound("partner");
    return partner;
  });

  switchableItemRoutes(app, "/partners", "partner", partnerInputSchema, partners);
};
