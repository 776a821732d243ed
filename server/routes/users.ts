import {
  adminAccountSchema,
  adminListQuerySchema,
  adminListSchema,
  createAdminInputSchema,
  createAdminResponseSchema,
  invitationInfoSchema,
  invitationListSchema,
  invitationTokenSchema,
  roleChangeInputSchema,
} from "@shared/schemas/admin-security";
import { loginResponseSchema } from "@shared/schemas/auth";
import { idParams, noContentSchema } from "@shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { acceptInvitationBodySchema } from "../lib/breached-passwords";
import { sendPage } from "../lib/keyset";
import { RATE_LIMITS } from "../lib/rate-limits";
import { publicRoute } from "../plugins/auth";
import { historyChanges, recorded, setHistoryAction, setHistoryLabel } from "../plugins/security-log";
import { clientOf, sessionOf } from "./auth";

/** Administrators. Admin-only, except reading and accepting an invitation (anyone holding the link's token). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.services;

  /** One page of administrators, oldest first (decision 0092: `?limit=&cursor=`, `Link` rel="next", `X-Total-Count`). */
  app.get("/users", { schema: { querystring: adminListQuerySchema, response: { 200: adminListSchema } } }, async (request, reply) =>
    sendPage(request, reply, await users.list(request.query)),
  );

  /** One page of pending invitations (not accepted, not expired), oldest first, paged like the administrators. */
  app.get(
    "/users/invitations",
    { schema: { querystring: adminListQuerySchema, response: { 200: invitationListSchema } } },
    async (request, reply) => sendPage(request, reply, await users.invitations(request.query)),
  );

  app.post(
    "/users",
    { schema: { body: createAdminInputSchema, response: { 201: createAdminResponseSchema } }, config: recorded("user", "create") },
    async (request, reply) => {
      const { email, mode, role } = request.body;
      if (mode === "invitation") setHistoryAction(request, "invite");
      const created =
        mode === "password" ? await users.createWithPassword(email, role) : await users.invite(email, role, sessionOf(request));
      return reply.code(201).send(created);
    },
  );

  app.delete(
    "/users/:id",
    { schema: { params: idParams, response: { 204: noContentSchema } }, config: recorded("user", "delete") },
    async (request, reply) => {
      setHistoryLabel(request, await users.remove(request.params.id, sessionOf(request)));
      return reply.code(204).send();
    },
  );

  app.put(
    "/users/:id/role",
    {
      schema: { params: idParams, body: roleChangeInputSchema, response: { 200: adminAccountSchema } },
      config: recorded("user", "update"),
    },
    async (request) => users.changeRole(request.params.id, request.body.role, historyChanges(request)),
  );

  app.delete(
    "/users/invitations/:id",
    { schema: { params: idParams, response: { 204: noContentSchema } }, config: recorded("user", "delete") },
    async (request, reply) => {
      setHistoryLabel(request, await users.cancelInvitation(request.params.id));
      return reply.code(204).send();
    },
  );

  /** What the invitation page shows before the password is chosen: 410 when the link is expired, used or cancelled. */
  app.get(
    "/users/invitation",
    {
      schema: { querystring: z.object({ token: invitationTokenSchema }), response: { 200: invitationInfoSchema } },
      config: { ...publicRoute, rateLimit: RATE_LIMITS.invitation },
    },
    async (request) => users.invitationInfo(request.query.token),
  );

  /** Accepts an invitation: creates the account with the chosen password and signs it in (the login answer). */
  app.post(
    "/users/invitation",
    {
      schema: { body: acceptInvitationBodySchema, response: { 201: loginResponseSchema } },
      config: { ...publicRoute, rateLimit: RATE_LIMITS.invitation },
    },
    async (request, reply) =>
      reply.code(201).send(await users.acceptInvitation(request.body.token, request.body.password, clientOf(request))),
  );
};
