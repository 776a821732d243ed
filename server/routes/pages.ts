import { idParams } from "@shared/schemas/common";
import {
  sitePageInputSchema,
  sitePageListQuerySchema,
  sitePageListSchema,
  sitePageSchema,
  sitePageSlugParams,
} from "@shared/schemas/site-page";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../lib/http-error";
import { sendPage } from "../lib/keyset";
import { publicRoute } from "../plugins/auth";
import { cached } from "../plugins/response-cache";
import { switchableItemRoutes } from "./switchable-item-routes";

/** Editable pages (decision 0102): the admin list and writes, and the public page by either of its slugs. */
export const pageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pages } = app.services;

  app.get("/pages", { schema: { querystring: sitePageListQuerySchema, response: { 200: sitePageListSchema } } }, async (request, reply) =>
    sendPage(request, reply, await pages.list(request.query)),
  );

  app.get("/pages/id/:id", { schema: { params: idParams, response: { 200: sitePageSchema } } }, async (request) => {
    const page = await pages.getById(request.params.id);
    if (!page) throw notFound("page");
    return page;
  });

  /** An active page by its French or English slug; a page switched off is not found. */
  app.get(
    "/pages/:slug",
    { config: { ...publicRoute, ...cached }, schema: { params: sitePageSlugParams, response: { 200: sitePageSchema } } },
    async (request) => {
      const page = await pages.getPublic(request.params.slug);
      if (!page) throw notFound("page");
      return page;
    },
  );

  switchableItemRoutes(app, "/pages", "page", sitePageInputSchema, sitePageSchema, pages);
};
