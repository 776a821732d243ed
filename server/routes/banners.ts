import { bannerInputSchema, bannerListSchema, bannerSchema } from "@shared/schemas/banner";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../lib/http-error";
import { publicRoute } from "../plugins/auth";
import { cached } from "../plugins/response-cache";
import { switchableItemRoutes } from "./switchable-item-routes";

export const bannerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { banners } = app.services;
  /** 404 means "no banner": the site then shows none. */
  app.get("/banners/active", { config: { ...publicRoute, ...cached }, schema: { response: { 200: bannerSchema } } }, async () => {
    const banner = await banners.getActive();
    if (!banner) throw new HttpError(404, { code: "banner.none_active" });
    return banner;
  });

  app.get("/banners", { schema: { response: { 200: bannerListSchema } } }, async () => banners.list());

  switchableItemRoutes(app, "/banners", "banner", bannerInputSchema, bannerSchema, banners);
};
