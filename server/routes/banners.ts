import { bannerInputSchema } from "@shared/schemas/banner";
import { activeSwitchSchema, idParams } from "@shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../lib/http-error";
import { publicRoute } from "../plugins/auth";
import { cached } from "../plugins/response-cache";

export const bannerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { banners } = app.services;
  /** 404 means "no banner": the site then shows none. */
  app.get("/banners/active", { config: { ...publicRoute, ...cached } }, async () => {
    const banner = await banners.getActive();
    if (!banner) throw new HttpError(404, "Aucune bannière active / No active banner");
    return banner;
  });

  app.get("/banners", async () => banners.list());

  app.post("/banners", { schema: { body: bannerInputSchema } }, async (request, reply) =>
    reply.code(201).send(await banners.create(request.body)),
  );

  app.put("/banners/:id", { schema: { params: idParams, body: bannerInputSchema } }, async (request) =>
    banners.update(request.params.id, request.body),
  );

  app.patch("/banners/:id", { schema: { params: idParams, body: activeSwitchSchema } }, async (request) =>
    banners.setActive(request.params.id, request.body.isActive),
  );

  app.delete("/banners/:id", { schema: { params: idParams } }, async (request, reply) => {
    await banners.remove(request.params.id);
    return reply.code(204).send();
  });
};
