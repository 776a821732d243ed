import { LIMITS } from "@shared/limits";
import { activeSwitchSchema, idParams, idSchema } from "@shared/schemas/common";
import { contentBlockInputSchema } from "@shared/schemas/content-block";
import { productInputSchema, productListQuerySchema } from "@shared/schemas/product";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../lib/http-error";
import { publicRoute } from "../plugins/auth";
import { cached } from "../plugins/response-cache";
import { notRecorded, recorded, setHistoryAction, setHistoryLabel } from "../plugins/security-log";

const blockParams = z.object({ id: idSchema, blockId: idSchema });

/** Static paths (`/products/all`, `/products/id/:id`) win over `/products/:slug` in Fastify's router whatever the order. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { products, preview } = app.services;
  app.get("/products", { config: { ...publicRoute, ...cached }, schema: { querystring: productListQuerySchema } }, async (request) => {
    const list = await products.listActive(request.query.categoryId);
    return list;
  });

  app.get("/products/all", async () => products.listAll());

  app.get("/products/id/:id", { schema: { params: idParams } }, async (request) => {
    const product = await products.getById(request.params.id);
    if (!product) throw notFound("product");
    return product;
  });

  app.get(
    "/products/:slug",
    { config: { ...publicRoute, ...cached }, schema: { params: z.object({ slug: z.string().max(LIMITS.slugMax) }) } },
    async (request) => {
      const page = await products.productPage(request.params.slug);
      if (!page) throw notFound("product");
      return page;
    },
  );

  app.post("/products", { schema: { body: productInputSchema }, config: recorded("product", "create") }, async (request, reply) =>
    reply.code(201).send(await products.create(request.body)),
  );

  app.put(
    "/products/:id",
    { schema: { params: idParams, body: productInputSchema }, config: recorded("product", "update") },
    async (request) => products.update(request.params.id, request.body),
  );

  app.patch(
    "/products/:id",
    { schema: { params: idParams, body: activeSwitchSchema }, config: recorded("product", "activate") },
    async (request) => {
      if (!request.body.isActive) setHistoryAction(request, "deactivate");
      return products.setActive(request.params.id, request.body.isActive);
    },
  );

  app.post("/products/:id/preview", { schema: { params: idParams }, config: notRecorded }, async (request) =>
    preview.link(request.params.id),
  );

  app.delete("/products/:id", { schema: { params: idParams }, config: recorded("product", "delete") }, async (request, reply) => {
    setHistoryLabel(request, await products.remove(request.params.id));
    return reply.code(204).send();
  });

  app.post(
    "/products/:id/content-blocks",
    { schema: { params: idParams, body: contentBlockInputSchema }, config: recorded("product", "block.create") },
    async (request, reply) => reply.code(201).send(await products.addBlock(request.params.id, request.body)),
  );

  app.put(
    "/products/:id/content-blocks/:blockId",
    { schema: { params: blockParams, body: contentBlockInputSchema }, config: recorded("product", "block.update") },
    async (request) => products.updateBlock(request.params.id, request.params.blockId, request.body),
  );

  app.delete(
    "/products/:id/content-blocks/:blockId",
    { schema: { params: blockParams }, config: recorded("product", "block.delete") },
    async (request, reply) => {
      await products.removeBlock(request.params.id, request.params.blockId);
      return reply.code(204).send();
    },
  );
};
