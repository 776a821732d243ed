import { idParams, noContentSchema } from "@shared/schemas/common";
import {
  missingPathDismissSchema,
  missingPathListSchema,
  missingPathQuerySchema,
  redirectInputSchema,
  redirectListSchema,
  redirectQuerySchema,
  redirectSchema,
} from "@shared/schemas/redirect";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendPage } from "../lib/keyset";
import { recorded, setHistoryLabel } from "../plugins/security-log";

/**
 * Redirects (`/admin/redirects`): the list (newest first, searched by path), manual ones added and any deleted, and
 * the missing public paths (most requested first) dismissed one by one. Admin-only; paged (decision 0092).
 */
export const redirectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { redirects } = app.services;

  app.get("/redirects", { schema: { querystring: redirectQuerySchema, response: { 200: redirectListSchema } } }, async (request, reply) =>
    sendPage(request, reply, await redirects.list(request.query)),
  );

  app.post(
    "/redirects",
    { schema: { body: redirectInputSchema, response: { 201: redirectSchema } }, config: recorded("redirect", "create") },
    async (request, reply) => {
      const created = await redirects.create(request.body);
      setHistoryLabel(request, `${created.fromPath} → ${created.toPath}`);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    "/redirects/:id",
    { schema: { params: idParams, response: { 204: noContentSchema } }, config: recorded("redirect", "delete") },
    async (request, reply) => {
      setHistoryLabel(request, await redirects.remove(request.params.id));
      return reply.code(204).send();
    },
  );

  app.get(
    "/redirects/missing",
    { schema: { querystring: missingPathQuerySchema, response: { 200: missingPathListSchema } } },
    async (request, reply) => sendPage(request, reply, await redirects.missing(request.query)),
  );

  app.delete(
    "/redirects/missing",
    { schema: { querystring: missingPathDismissSchema, response: { 204: noContentSchema } }, config: recorded("redirect", "dismiss") },
    async (request, reply) => {
      await redirects.dismiss(request.query.path);
      setHistoryLabel(request, request.query.path);
      return reply.code(204).send();
    },
  );
};
