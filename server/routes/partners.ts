import { activeSwitchSchema, idParams } from "@shared/schemas/common";
import { partnerInputSchema } from "@shared/schemas/partner";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../lib/http-error";
import { publicRoute } from "../plugins/auth";
import { cached } from "../plugins/response-cache";

export const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { partners } = app.services;
  app.get("/partners/active", { config: { ...publicRoute, ...cached } }, async () => {
    const list = await partners.listActive();
    return list;
  });

  app.get("/partners", async () => partners.listAll());

  app.get("/partners/:id", { schema: { params: idParams } }, async (request) => {
    const partner = await partners.getById(request.params.id);
    if (!partner) throw notFound("Partner");
    return partner;
  });

  app.post("/partners", { schema: { body: partnerInputSchema } }, async (request, reply) =>
    reply.code(201).send(await partners.create(request.body)),
  );

  app.put("/partners/:id", { schema: { params: idParams, body: partnerInputSchema } }, async (request) =>
    partners.update(request.params.id, request.body),
  );

  app.patch("/partners/:id", { schema: { params: idParams, body: activeSwitchSchema } }, async (request) =>
    partners.setActive(request.params.id, request.body.isActive),
  );

  app.delete("/partners/:id", { schema: { params: idParams } }, async (request, reply) => {
    await partners.remove(request.params.id);
    return reply.code(204).send();
  });
};
