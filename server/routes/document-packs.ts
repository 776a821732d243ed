import {
  PACK_FORM_ROUTES,
  PACK_PATH,
  packCookieHeader,
  packDecisionSchema,
  packIdsFromCookie,
  packIdsOf,
  packTicketSchema,
} from "@shared/document-pack";
import { idParams } from "@shared/schemas/common";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBody } from "../lib/http-error";
import { RATE_LIMITS } from "../lib/rate-limits";
import { publicRoute } from "../plugins/auth";
import { recorded } from "../plugins/security-log";
import { contentDisposition } from "./documents";

/** The admin side of a document pack request (decision 0125): its documents, approve, refuse, revoke its links. */
export const documentPackAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { packs } = app.services;
  const decision = { params: idParams, body: packDecisionSchema, response: { 200: packTicketSchema } };

  app.get("/contact/:id/documents", { schema: { params: idParams, response: { 200: packTicketSchema } } }, async (request) =>
    packs.ticket(request.params.id),
  );

  app.post("/contact/:id/documents/approve", { schema: decision, config: recorded("message", "reply") }, async (request) =>
    packs.approve(request.params.id, request.body.documentIds, request.session?.user.email),
  );

  app.post("/contact/:id/documents/refuse", { schema: decision, config: recorded("message", "state") }, async (request) =>
    packs.refuse(request.params.id, request.body.documentIds),
  );

  app.post(
    "/contact/:id/documents/revoke",
    { schema: { params: idParams, response: { 200: packTicketSchema } }, config: recorded("message", "state") },
    async (request) => packs.revoke(request.params.id),
  );
};

const formBody = z.object({
  documentId: z.string().max(100).optional(),
  documentIds: z.string().max(2000).optional(),
  lang: z.string().max(5).optional(),
});
const NOT_FOUND = errorBody({ code: "not_found", params: { item: "document" } });

/**
 * The small forms that edit the pack kept in the cookie (public routes of the API, each answering 303 to the pack's
 * page, so they work without JavaScript and no cached page varies).
 */
export const documentPackFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const { packs } = app.services;
  const secure = app.services.publicUrl.startsWith("https:");
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 4096 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /** Writes the pack (only ids of documents of public products are kept) and goes to its page. */
  async function edit(request: FastifyRequest, reply: FastifyReply, change: (ids: string[]) => string[]) {
    const body = formBody.safeParse(request.body ?? {});
    const lang = body.success && body.data.lang === "en" ? "en" : "fr";
    const wanted = change(packIdsFromCookie(request.headers.cookie));
    const kept = (await packs.documents(packIdsOf(wanted.join(".")), "fr")).map((doc) => doc.documentId);
    const ordered = wanted.filter((id) => kept.includes(id));
    return reply
      .code(303)
      .header("set-cookie", packCookieHeader(ordered, secure))
      .header("cache-control", "no-store")
      .header("location", lang === "en" ? `${PACK_PATH}?lang=en` : PACK_PATH)
      .send();
  }
  const field = (request: FastifyRequest, name: "documentId" | "documentIds") => {
    const body = formBody.safeParse(request.body ?? {});
    return (body.success ? body.data[name] : undefined)?.toLowerCase() ?? "";
  };
  // Each answers a redirect to the pack's page, with no body.
  const editing = { config: { ...publicRoute, rateLimit: RATE_LIMITS.documentPack }, schema: { response: { 303: z.null() } } };

  // One document, or several (a finder card's, an expired link's), after those already in the pack.
  app.post(PACK_FORM_ROUTES.add, editing, (request, reply) =>
    edit(request, reply, (ids) => [...new Set([...ids, field(request, "documentId"), ...field(request, "documentIds").split(",")])]),
  );
  app.post(PACK_FORM_ROUTES.remove, editing, (request, reply) =>
    edit(request, reply, (ids) => ids.filter((id) => id !== field(request, "documentId"))),
  );
};

/** The files of an approved pack's link (public reads, outside the API like the other documents). */
export const documentPackFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { packs } = app.services;
  app.get(
    `${PACK_PATH}/:token/:documentId`,
    {
      schema: { params: z.object({ token: z.string().max(100), documentId: z.string().max(100) }) },
      config: { rateLimit: RATE_LIMITS.packLink },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store").header("referrer-policy", "no-referrer");
      const { token, documentId } = request.params;
      const id = z.uuid().safeParse(documentId);
      const file = id.success ? await packs.open(token, id.data) : null;
      if (file === "gone") return reply.code(410).send(errorBody({ code: "not_found", params: { item: "document" } }));
      if (!file) return reply.code(404).send(NOT_FOUND);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", contentDisposition(file.fileName))
        .header("content-length", String(file.size))
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "sandbox")
        .send(file.stream);
    },
  );
};
