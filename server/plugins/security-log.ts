import type { FastifyInstance, FastifyRequest } from "fastify";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The `_id` a POST answered with: the resource it created. */
const answeredIds = new WeakMap<FastifyRequest, string>();

function pathIds(request: FastifyRequest): Record<string, string> {
  const params = request.params;
  if (typeof params !== "object" || params === null) return {};
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

/**
 * Security log of the API scope: one structured line per admin write (who: admin id and e-mail; what: method and route;
 * which: the ids in the path and, for a POST, the created resource's id; and the status). Never a body, a password or a token.
 * Sign-in, lockout, sign-out and password-change lines come from the auth service with `event: "auth.*"`.
 */
export function registerSecurityLog(api: FastifyInstance): void {
  api.addHook("preSerialization", async (request, _reply, payload) => {
    if (request.user && request.method === "POST" && typeof payload === "object" && payload !== null && "_id" in payload) {
      const id = (payload as { _id: unknown })._id;
      if (typeof id === "string") answeredIds.set(request, id);
    }
    return payload;
  });
  api.addHook("onResponse", async (request, reply) => {
    if (!request.user || READS.has(request.method)) return;
    const created = answeredIds.get(request);
    request.log.info(
      {
        event: "admin.write",
        adminId: request.user._id,
        email: request.user.email,
        method: request.method,
        route: request.routeOptions.url,
        ids: created ? { ...pathIds(request), created } : pathIds(request),
        statusCode: reply.statusCode,
      },
      "admin write",
    );
  });
}
