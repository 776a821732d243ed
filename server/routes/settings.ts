import { settingsInputSchema, settingsSchema } from "@shared/schemas/settings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicRoute } from "../plugins/auth";
import { cached } from "../plugins/response-cache";
import { historyChanges, recorded } from "../plugins/security-log";
import { actorOf } from "./entity-versions";

/** docs/product.md, "Site settings": one document, read by every public page, replaced whole by an admin. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings } = app.services;
  app.get("/settings", { config: { ...publicRoute, ...cached }, schema: { response: { 200: settingsSchema } } }, async () =>
    settings.get(),
  );

  app.put(
    "/settings",
    { schema: { body: settingsInputSchema, response: { 200: settingsSchema } }, config: recorded("settings", "update") },
    async (request) => settings.update(request.body, historyChanges(request), actorOf(request)),
  );
};
