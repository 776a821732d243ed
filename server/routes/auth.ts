import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { changePasswordInputSchema, loginInputSchema, registerInputSchema } from "../../shared/schemas/auth";
import { HttpError } from "../lib/http-error";
import { RATE_LIMITS } from "../lib/rate-limits";
import { publicRoute, UNAUTHENTICATED } from "../plugins/auth";
import type { AuthSession } from "../services/auth";

/** Set by the auth plugin on every admin route (those not marked public): the guard answered 401 otherwise. */
function sessionOf(request: { session: AuthSession | null }): AuthSession {
  if (!request.session) throw new HttpError(401, UNAUTHENTICATED);
  return request.session;
}

/** Sign-in is throttled per IP here and per account (lockout) in the auth service. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;

  app.post(
    "/auth/login",
    { schema: { body: loginInputSchema }, config: { ...publicRoute, rateLimit: RATE_LIMITS.signIn } },
    async (request) => auth.login(request.body.email, request.body.password, request.log),
  );

  /** Open only to a signed-in admin, or to create the very first admin. */
  app.post(
    "/auth/register",
    { schema: { body: registerInputSchema }, config: { ...publicRoute, rateLimit: RATE_LIMITS.signIn } },
    async (request, reply) => {
      if (!request.user && (await auth.countAdmins()) > 0) throw new HttpError(401, UNAUTHENTICATED);
      const user = await auth.createUser(request.body.email, request.body.password);
      return reply.code(201).send({ user });
    },
  );

  app.get("/auth/me", async (request) => ({ user: request.user }));

  /** Ends this session on the server: the token is refused from now on. */
  app.post("/auth/logout", async (request, reply) => {
    await auth.logout(sessionOf(request), request.log);
    return reply.code(204).send();
  });

  /** Changes the signed-in admin's password; every other session of the account ends, this one stays valid. */
  app.post(
    "/auth/password",
    { schema: { body: changePasswordInputSchema }, config: { rateLimit: RATE_LIMITS.signIn } },
    async (request, reply) => {
      await auth.changePassword(sessionOf(request), request.body.currentPassword, request.body.newPassword, request.log);
      return reply.code(204).send();
    },
  );
};
