import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** The header carrying a request's id, in both directions (decision 0094). */
export const REQUEST_ID_HEADER = "x-request-id";
/** What an id from the load balancer may look like: no spaces or control characters reach a log line. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request: the load balancer's `X-Request-Id` when the proxy is trusted (TRUST_PROXY) and the value is
 * sane, else a new UUID, so ids never repeat across instances (Fastify's default `req-1` does).
 */
export function requestIdOf(request: IncomingMessage, trustProxy: boolean): string {
  const incoming = trustProxy ? request.headers[REQUEST_ID_HEADER] : undefined;
  return typeof incoming === "string" && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
}
