import { bannerInputSchema, bannerListSchema, bannerSchema } from "@shared/schemas/banner";
import { pageQuerySchema } from "@shared/schemas/page";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../lib/http-error";
import { sendPage } from "../lib/keyset";
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

  /** The admin list, by page (decision 0092): the default banner first, then the newest; `Link`, `X-Total-Count`. */
  app.get("/banners", { schema: { querystring: pageQuerySchema, response: { 200: bannerListSchema } } }, async (request, reply) =>
    sendPage(request, reply, await banners.listPage(request.query)),
  );

  switchableItemRoutes(app, "/banners", "banner", bannerInputSchema, bannerSchema, banners);
};
