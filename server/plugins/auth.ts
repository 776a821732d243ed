import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { User } from "../../shared/schemas/auth";
import type { AuthService } from "../services/auth";

declare module "fastify" {
  interface FastifyRequest {
    user: User | null;
  }
  interface FastifyInstance {
    /** preHandler: answers 401 unless the request carries a valid bearer token. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Reads `Authorization: Bearer <jwt>` on every request; `requireAdmin` guards protected routes. */
export const authPlugin = fp<{ auth: AuthService }>(async (app, { auth }) => {
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith("Bearer ")) return;
    request.user = await auth.verifyToken(header.slice(7).trim());
  });
  app.decorate("requireAdmin", async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user) await reply.code(401).send({ error: "Authentification requise / Authentication required" });
  });
});
