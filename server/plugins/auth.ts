import type { User } from "@shared/schemas/auth";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { API_TEXTS } from "../lib/error-texts";
import { errorBody } from "../lib/http-error";
import type { AuthService, AuthSession } from "../services/auth";

declare module "fastify" {
  interface FastifyRequest {
    user: User | null;
    /** The signed-in admin's session (the token's `jti`), for sign-out and password change. */
    session: AuthSession | null;
  }
  interface FastifyContextConfig {
    /** Open to anonymous callers. Every other API route requires an admin token (see `requireAdminUnlessPublic`). */
    public?: boolean;
  }
}

export const UNAUTHENTICATED = API_TEXTS["auth.required"];
export const MUST_CHANGE_PASSWORD = API_TEXTS["auth.must_change_password"];
/** All an account created with a one-time password may do until it has chosen its own. */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set(["/api/auth/me", "/api/auth/password", "/api/auth/logout"]);

/** Route config of an API route anyone may call. */
export const publicRoute = { public: true } as const;

/** Reads `Authorization: Bearer <jwt>` on every request, first thing (onRequest), and sets `request.user`. */
export const authPlugin = fp<{ auth: AuthService }>(async (app, { auth }) => {
  app.decorateRequest("user", null);
  app.decorateRequest("session", null);
  app.addHook("onRequest", async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith("Bearer ")) return;
    request.session = await auth.verifyToken(header.slice(7).trim());
    request.user = request.session?.user ?? null;
  });
});

/**
 * onRequest hook of the API scope: a route is admin-only unless its config says `public: true`, and an anonymous call
 * is answered 401 here, before its body is read or validated. Routes are protected by default, so a new route that
 * forgets to choose is closed, not open.
 */
export async function requireAdminUnlessPublic(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session?.mustChangePassword && !request.routeOptions.config.public && !request.is404) {
    if (!ALLOWED_BEFORE_PASSWORD_CHANGE.has(request.routeOptions.url ?? ""))
      await reply.code(403).send(errorBody({ code: "auth.must_change_password" }));
    return;
  }
  if (request.user || request.is404 || request.routeOptions.config.public) return;
  await reply.code(401).send(errorBody({ code: "auth.required" }));
}
