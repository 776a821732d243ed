import type { CodedError } from "@shared/error-codes";
import { isErrorCode } from "@shared/error-codes";
import { fieldRefusal } from "@shared/validation-messages";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { UPLOAD_MAX_MB } from "./error-texts";
import { errorBody, HttpError, isDataException, isUniqueViolation } from "./http-error";
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from "./unavailable";

/** The code of a 4xx Fastify or a plugin answers by itself (a body it cannot parse, a rate limit…). */
function codeOfStatus(status: number, reply: FastifyReply): CodedError {
  switch (status) {
    case 401:
      return { code: "auth.required" };
    case 403:
      return { code: "forbidden" };
    case 404:
      return { code: "route_not_found", params: { method: reply.request.method, path: reply.request.url } };
    case 406:
      return { code: "not_acceptable" };
    case 413:
      return { code: "upload.too_large", params: { maxMb: UPLOAD_MAX_MB } };
    case 415:
      return { code: "unsupported_media_type" };
    case 429: {
      const retryAfter = Number(reply.getHeader("retry-after"));
      return { code: "rate_limited", params: { retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60 } };
    }
    default:
      return { code: "bad_request" };
  }
}

/** A schema refinement may name its own code (zod `params: { code }`), e.g. `password.too_weak`; else `validation`. */
function codeOfIssue(params: unknown): "validation" | CodedError["code"] {
  const own = typeof params === "object" && params !== null ? (params as { params?: { code?: unknown } }).params?.code : undefined;
  return isErrorCode(own) ? own : "validation";
}

/**
 * Every error becomes `{ error, code, params?, details? }` with the right status (docs/decisions/0085-error-codes.md);
 * unexpected ones are logged and answered 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Each refused field: the API's "Français / English" text of its schema message, and that message's code.
      const details = error.validation.map((issue) =>
        fieldRefusal(issue.instancePath.replace(/^\//, "").replaceAll("/", "."), issue.message ?? "Invalid value"),
      );
      const first = details[0];
      const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : "Invalid request";
      const code = codeOfIssue(error.validation[0]?.params);
      return reply.code(400).send(errorBody({ code } as CodedError, message, details));
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send(error.body());
    }
    if (isUniqueViolation(error)) {
      return reply.code(409).send(errorBody({ code: "slug_taken" }));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unreachable");
      return reply
        .code(503)
        .header("retry-after", String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send(errorBody({ code: "database_unavailable", params: { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS } }));
    }
    if (isDataException(error)) {
      request.log.warn({ code: "22xxx", route: request.routeOptions.url }, "input the database cannot store");
      return reply.code(400).send(errorBody({ code: "invalid_value" }));
    }
    const status = error.statusCode ?? 500;
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      const maxKb = Math.floor((request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 0) / 1024);
      return reply.code(413).send(errorBody({ code: "body_too_large", params: { maxKb } }));
    }
    if (status >= 400 && status < 500) return reply.code(status).send(errorBody(codeOfStatus(status, reply)));
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send(errorBody({ code: "internal" }));
  });
}

/** The answer to a path under `/api` that no route serves, whatever its method: JSON, never stored. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .header("cache-control", "no-store")
    .send(errorBody({ code: "route_not_found", params: { method: request.method, path: request.url } }));
}
