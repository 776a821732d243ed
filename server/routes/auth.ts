import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { loginInputSchema, registerInputSchema } from "../../shared/schemas/auth";
import { HttpError } from "../lib/http-error";

/** Sign-in is throttled per IP here and per account in the auth service. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;

  app.post(
    "/auth/login",
    { schema: { body: loginInputSchema }, config: { rateLimit: { max: 10, timeWindow: "1 minute" } } },
    async (request) => auth.login(request.body.email, request.body.password),
  );

  /** Open only to a signed-in admin, or to create the very first admin. */
  app.post(
    "/auth/register",
    { schema: { body: registerInputSchema }, config: { rateLimit: { max: 10, timeWindow: "1 minute" } } },
    async (request, reply) => {
      if (!request.user && (await auth.countAdmins()) > 0) throw new HttpError(401, "Authentification requise / Authentication required");
      const user = await auth.createUser(request.body.email, request.body.password);
      return reply.code(201).send({ user });
    },
  );

  app.get("/auth/me", { preHandler: app.requireAdmin }, async (request) => ({ user: request.user }));
};
