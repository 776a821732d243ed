import {
  certificationInputSchema,
  certificationListQuerySchema,
  certificationListSchema,
  certificationSchema,
  certificationWarningListSchema,
} from "@shared/schemas/certification";
import { idParams, noContentSchema } from "@shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../lib/http-error";
import { sendPage } from "../lib/keyset";
import { historyChanges, recorded, setHistoryLabel } from "../plugins/security-log";
import { actorOf } from "./entity-versions";

/**
 * The certifications (docs/decisions/0111-certifications.md), all admin routes: the public site reads them through
 * the product page. Static `/certifications/warnings` wins over `/certifications/:id` in Fastify's router.
 */
export const certificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { certifications } = app.services;

  /** One page by French name (decision 0092: `?q=&limit=&cursor=`, `Link` rel="next", `X-Total-Count`), with each one's status. */
  app.get(
    "/certifications",
    { schema: { querystring: certificationListQuerySchema, response: { 200: certificationListSchema } } },
    async (request, reply) => sendPage(request, reply, await certifications.list(request.query)),
  );

  /** The dashboard's warning card: attached certifications ending within 30 days, or ended. */
  app.get("/certifications/warnings", { schema: { response: { 200: certificationWarningListSchema } } }, async () =>
    certifications.warnings(),
  );

  app.get("/certifications/:id", { schema: { params: idParams, response: { 200: certificationSchema } } }, async (request) => {
    const found = await certifications.getById(request.params.id);
    if (!found) throw notFound("certification");
    return found;
  });

  app.post(
    "/certifications",
    { schema: { body: certificationInputSchema, response: { 201: certificationSchema } }, config: recorded("certification", "create") },
    async (request, reply) => reply.code(201).send(await certifications.create(request.body, actorOf(request))),
  );

  app.put(
    "/certifications/:id",
    {
      schema: { params: idParams, body: certificationInputSchema, response: { 200: certificationSchema } },
      config: recorded("certification", "update"),
    },
    async (request) => certifications.update(request.params.id, request.body, historyChanges(request), actorOf(request)),
  );

  /** 409 `certification.in_use` (with `details.products`) while attached to products. */
  app.delete(
    "/certifications/:id",
    { schema: { params: idParams, response: { 204: noContentSchema } }, config: recorded("certification", "delete") },
    async (request, reply) => {
      setHistoryLabel(request, await certifications.remove(request.params.id));
      return reply.code(204).send();
    },
  );
};
