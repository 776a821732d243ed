import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { HttpError, isDataException, isUniqueViolation } from "./http-error";
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from "./unavailable";

const STATUS_MESSAGES: Record<number, string> = {
  400: "Bad request",
  401: "Authentication required",
  403: "Forbidden",
  404: "Not found",
  406: "Not acceptable",
  413: "File too large (10 MB maximum)",
  415: "Unsupported media type",
  429: "Too many requests, please try again later",
};

/** Every error becomes `{ error, details? }` with the right status; unexpected ones are logged and answered 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: issue.message ?? "Invalid value",
      }));
      const first = details[0];
      const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : "Invalid request";
      return reply.code(400).send({ error: message, details });
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send(error.details === undefined ? { error: error.message } : { error: error.message, details: error.details });
    }
    if (isUniqueViolation(error)) {
      return reply.code(409).send({ error: "This slug is already used by another item" });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unreachable");
      return reply.code(503).header("retry-after", String(UNAVAILABLE_RETRY_AFTER_SECONDS)).send({ error: DATABASE_UNAVAILABLE });
    }
    if (isDataException(error)) {
      request.log.warn({ code: "22xxx", route: request.routeOptions.url }, "input the database cannot store");
      return reply.code(400).send({ error: "Valeur invalide (caractère non autorisé ?) / Invalid value (unsupported character?)" });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 413 ? STATUS_MESSAGES[413] : error.message || STATUS_MESSAGES[status] || "Bad request";
      return reply.code(status).send({ error: message });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ error: "Internal server error" });
  });
}

/** The answer to a path under `/api` that no route serves, whatever its method: JSON, never stored. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .header("cache-control", "no-store")
    .send({ error: `Not found: ${request.method} ${request.url}` });
}
