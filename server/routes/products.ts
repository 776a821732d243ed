import { publicDocumentSchema } from "@shared/documents";
import { LIMITS } from "@shared/limits";
import { activeSwitchSchema, idParams, idSchema, noContentSchema } from "@shared/schemas/common";
import { contentBlockInputSchema, contentBlockSchema } from "@shared/schemas/content-block";
import {
  previewLinkSchema,
  productAdminListQuerySchema,
  productAdminRowSchema,
  productBulkInputSchema,
  productBulkResultSchema,
  productInputSchema,
  productListSchema,
  productPageQuerySchema,
  productPageSchema,
  productSchema,
} from "@shared/schemas/product";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../lib/http-error";
import { sendPage } from "../lib/keyset";
import { publicRoute } from "../plugins/auth";
import { cached } from "../plugins/response-cache";
import { historyChanges, notRecorded, recorded, setHistoryAction, setHistoryChanges, setHistoryLabel } from "../plugins/security-log";
import { actorOf } from "./entity-versions";

const blockParams = z.object({ id: idSchema, blockId: idSchema });
const productPageWithDocumentsSchema = productPageSchema.extend({ documents: z.array(publicDocumentSchema) });

/** Static paths (`/products/all`, `/products/id/:id`) win over `/products/:slug` in Fastify's router whatever the order. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { products, preview } = app.services;
  app.get(
    "/products",
    {
      config: { ...publicRoute, ...cached },
      schema: { querystring: productPageQuerySchema, response: { 200: productListSchema } },
    },
    async (request, reply) => sendPage(request, reply, await products.listActive(request.query)),
  );

  /** The admin list: one page (decision 0092), rows without content blocks; `Link` names the next page, `X-Total-Count` the matches. */
  app.get(
    "/products/all",
    { schema: { querystring: productAdminListQuerySchema, response: { 200: z.array(productAdminRowSchema) } } },
    async (request, reply) => sendPage(request, reply, await products.listPage(request.query)),
  );

  app.get("/products/id/:id", { schema: { params: idParams, response: { 200: productSchema } } }, async (request) => {
    const product = await products.getById(request.params.id);
    if (!product) throw notFound("product");
    return product;
  });

  app.get(
    "/products/:slug",
    {
      config: { ...publicRoute, ...cached },
      schema: { params: z.object({ slug: z.string().max(LIMITS.slugMax) }), response: { 200: productPageWithDocumentsSchema } },
    },
    async (request) => {
      const page = await products.productPage(request.params.slug);
      if (!page) throw notFound("product");
      // The public documents (decision 0109); on-request ones are for the product page and the quote form only.
      const documents = await app.services.documents.publicList(page.product._id, page.product.slug);
      return { ...page, documents: documents.filter((document) => document.visibility === "public") };
    },
  );

  app.post(
    "/products",
    { schema: { body: productInputSchema, response: { 201: productSchema } }, config: recorded("product", "create") },
    async (request, reply) => reply.code(201).send(await products.create(request.body, actorOf(request))),
  );

  app.put(
    "/products/:id",
    { schema: { params: idParams, body: productInputSchema, response: { 200: productSchema } }, config: recorded("product", "update") },
    async (request) => products.update(request.params.id, request.body, historyChanges(request), actorOf(request)),
  );

  app.patch(
    "/products/:id",
    { schema: { params: idParams, body: activeSwitchSchema, response: { 200: productSchema } }, config: recorded("product", "activate") },
    async (request) => {
      if (!request.body.isActive) setHistoryAction(request, "deactivate");
      return products.setActive(request.params.id, request.body.isActive, historyChanges(request), actorOf(request));
    },
  );

  /**
   * One action on several products (docs/product.md, "Produits"), in one transaction. One history row names the
   * count and the products (French names); a move also says the new category.
   */
  app.post(
    "/products/bulk",
    { schema: { body: productBulkInputSchema, response: { 200: productBulkResultSchema } }, config: recorded("product", "update") },
    async (request) => {
      const { names, categoryName, ...result } = await products.bulk(request.body);
      if (result.action === "activate" || result.action === "deactivate" || result.action === "delete")
        setHistoryAction(request, result.action);
      const label = `${result.count} ${result.count > 1 ? "produits" : "produit"} : ${names.join(", ")}`;
      setHistoryLabel(request, label.length > 200 ? `${label.slice(0, 199)}…` : label);
      if (categoryName !== undefined) setHistoryChanges(request, [{ field: "category", before: null, after: categoryName }]);
      return result;
    },
  );

  app.post(
    "/products/:id/preview",
    { schema: { params: idParams, response: { 200: previewLinkSchema } }, config: notRecorded },
    async (request) => preview.link(request.params.id),
  );

  app.delete(
    "/products/:id",
    { schema: { params: idParams, response: { 204: noContentSchema } }, config: recorded("product", "delete") },
    async (request, reply) => {
      setHistoryLabel(request, await products.remove(request.params.id));
      return reply.code(204).send();
    },
  );

  app.post(
    "/products/:id/content-blocks",
    {
      schema: { params: idParams, body: contentBlockInputSchema, response: { 201: contentBlockSchema } },
      config: recorded("product", "block.create"),
    },
    async (request, reply) =>
      reply.code(201).send(await products.addBlock(request.params.id, request.body, historyChanges(request), actorOf(request))),
  );

  app.put(
    "/products/:id/content-blocks/:blockId",
    {
      schema: { params: blockParams, body: contentBlockInputSchema, response: { 200: contentBlockSchema } },
      config: recorded("product", "block.update"),
    },
    async (request) =>
      products.updateBlock(request.params.id, request.params.blockId, request.body, historyChanges(request), actorOf(request)),
  );

  app.delete(
    "/products/:id/content-blocks/:blockId",
    { schema: { params: blockParams, response: { 204: noContentSchema } }, config: recorded("product", "block.delete") },
    async (request, reply) => {
      await products.removeBlock(request.params.id, request.params.blockId, historyChanges(request), actorOf(request));
      return reply.code(204).send();
    },
  );
};
