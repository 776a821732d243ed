import {
  categoryAdminListQuerySchema,
  categoryInputSchema,
  categoryListSchema,
  categoryOrderSchema,
  categorySchema,
  categoryWithCountListSchema,
} from "@shared/schemas/category";
import { idParams, noContentSchema } from "@shared/schemas/common";
import { pageQuerySchema } from "@shared/schemas/page";
import { categoryPageSchema } from "@shared/schemas/product";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../lib/http-error";
import { sendPage } from "../lib/keyset";
import { publicRoute } from "../plugins/auth";
import { cached } from "../plugins/response-cache";
import { historyChanges, recorded, setHistoryLabel } from "../plugins/security-log";
import { actorOf } from "./entity-versions";

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { categories, products } = app.services;
  app.get("/categories", { config: { ...publicRoute, ...cached }, schema: { response: { 200: categoryListSchema } } }, async () => {
    const list = await categories.list();
    return list;
  });

  /**
   * Static paths (`/categories/all`, `/categories/order`) win over the parametric ones in Fastify's router.
   * Not paged (decision 0092's rule is for lists that grow): each category is a menu entry, a home card and a footer
   * link, so the company keeps a handful (3 on the grown dataset: 2 KB), and the screen reorders the whole list at once
   * (`PUT /categories/order` takes every id, at most 1,000).
   */
  app.get(
    "/categories/all",
    { schema: { querystring: categoryAdminListQuerySchema, response: { 200: categoryWithCountListSchema } } },
    async (request) => categories.listWithCounts(request.query.translation),
  );

  app.put(
    "/categories/order",
    { schema: { body: categoryOrderSchema, response: { 200: categoryListSchema } }, config: recorded("category", "reorder") },
    async (request) => categories.reorder(request.body.ids, historyChanges(request)),
  );

  /**
   * The category and one page of its active products (decision 0092: 50 by default, `?limit=` up to 200), the next
   * page of the same shape in `Link: <…>; rel="next"`, how many it has in `X-Total-Count`.
   */
  app.get(
    "/categories/:slug",
    {
      config: { ...publicRoute, ...cached },
      schema: { params: z.object({ slug: z.string().max(200) }), querystring: pageQuerySchema, response: { 200: categoryPageSchema } },
    },
    async (request, reply) => {
      const page = await products.categoryPage(request.params.slug, request.query);
      if (!page) throw notFound("category");
      return { category: page.category, products: sendPage(request, reply, page) };
    },
  );

  app.post(
    "/categories",
    { schema: { body: categoryInputSchema, response: { 201: categorySchema } }, config: recorded("category", "create") },
    async (request, reply) => reply.code(201).send(await categories.create(request.body, actorOf(request))),
  );

  app.put(
    "/categories/:id",
    { schema: { params: idParams, body: categoryInputSchema, response: { 200: categorySchema } }, config: recorded("category", "update") },
    async (request) => categories.update(request.params.id, request.body, historyChanges(request), actorOf(request)),
  );

  app.delete(
    "/categories/:id",
    { schema: { params: idParams, response: { 204: noContentSchema } }, config: recorded("category", "delete") },
    async (request, reply) => {
      setHistoryLabel(request, await categories.remove(request.params.id));
      return reply.code(204).send();
    },
  );
};
