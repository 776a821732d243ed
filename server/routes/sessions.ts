import { adminSessionListSchema, endedSessionsSchema } from "@shared/schemas/admin-security";
import { idParams, noContentSchema } from "@shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recorded, setHistoryLabel } from "../plugins/security-log";
import { sessionOf } from "./auth";

/** The signed-in administrator's sessions ("Mon compte"), and ending another administrator's. Admin-only. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions } = app.services;

  app.get("/auth/sessions", { schema: { response: { 200: adminSessionListSchema } } }, async (request) =>
    sessions.list(sessionOf(request)),
  );

  /** Ends one session of the account; ending the caller's own is signing out. 404 for a session of another account. */
  app.delete(
    "/auth/sessions/:id",
    { schema: { params: idParams, response: { 204: noContentSchema } }, config: recorded("account", "session.end") },
    async (request, reply) => {
      await sessions.end(sessionOf(request), request.params.id, request.log);
      return reply.code(204).send();
    },
  );

  /** Ends every other session of the account; the caller's stays open. */
  app.post(
    "/auth/sessions/end-others",
    { schema: { response: { 200: endedSessionsSchema } }, config: recorded("account", "session.end-others") },
    async (request) => sessions.endOthers(sessionOf(request), request.log),
  );

  /** Ends every session of another administrator: their tokens are refused at once. One's own: 400 (use end-others). */
  app.delete(
    "/users/:id/sessions",
    { schema: { params: idParams, response: { 204: noContentSchema } }, config: recorded("user", "session.end-all") },
    async (request, reply) => {
      setHistoryLabel(request, await sessions.endAllOf(request.params.id, sessionOf(request), request.log));
      return reply.code(204).send();
    },
  );
};
