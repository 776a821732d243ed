import type { Lang } from "@shared/company";
import { noContentSchema } from "@shared/schemas/common";
import type { z } from "zod";
import { localized } from "./messages";
import { signOut, storedToken } from "./session";

/** An error answer of our API: `{ error, details? }` with its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * A successful answer that is not what the shared schema of its route says (an API and a screen of two different
 * releases, a bug): refused rather than shown half right. `details` lists zod's issues.
 */
export class UnexpectedAnswerError extends ApiError {
  constructor(
    status: number,
    readonly path: string,
    issues: z.core.$ZodIssue[],
  ) {
    super(status, "Réponse inattendue du serveur, rechargez la page / Unexpected answer from the server, reload the page", issues);
    this.name = "UnexpectedAnswerError";
  }
}

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** Sign-in answers 401 for bad credentials: that must not end a session. */
  ignoreUnauthorized?: boolean;
};

export function authHeader(): Record<string, string> {
  const token = storedToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Reads the `error` of an error body, whatever its shape. */
export function serverMessage(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === "string" && error) return error;
  if (typeof message === "string" && message) return message;
  return undefined;
}

/**
 * Calls `/api{path}` with the stored bearer token; any 401 clears the session (the admin guard then redirects). The
 * answer is parsed with `schema`, the one its route declares (shared/schemas): its type is the schema's output.
 */
export async function apiRequest<S extends z.ZodType>(path: string, schema: S, options: RequestOptions = {}): Promise<z.output<S>> {
  const headers: Record<string, string> = { Accept: "application/json", ...authHeader() };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`/api${path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (response.status === 401 && !options.ignoreUnauthorized) signOut();
  const text = response.status === 204 ? "" : await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const details = typeof body === "object" && body !== null ? (body as { details?: unknown }).details : undefined;
    throw new ApiError(response.status, serverMessage(body) ?? `HTTP ${response.status}`, details);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    console.error(`Unexpected answer to ${options.method ?? "GET"} /api${path}`, parsed.error.issues);
    throw new UnexpectedAnswerError(response.status, path, parsed.error.issues);
  }
  return parsed.data;
}

/** The calls of the admin screens: each names the schema of its route's answer (`noContentSchema` for a 204). */
export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal) => apiRequest(path, schema, { signal }),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: S) => apiRequest(path, schema, { method: "POST", body }),
  put: <S extends z.ZodType>(path: string, body: unknown, schema: S) => apiRequest(path, schema, { method: "PUT", body }),
  patch: <S extends z.ZodType>(path: string, body: unknown, schema: S) => apiRequest(path, schema, { method: "PATCH", body }),
  delete: (path: string) => apiRequest(path, noContentSchema, { method: "DELETE" }),
};

/**
 * The one way to turn a failed call into the message shown: the server's `error` when there is one (only the side
 * of `lang` when given), else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string, lang?: Lang): string {
  if (error instanceof ApiError && !error.message.startsWith("HTTP ")) return lang ? localized(error.message, lang) : error.message;
  return fallback;
}

/** A save refused because the item changed since the form loaded it (409 with `details.reason: "version"`). */
export function isEditConflict(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  const details = error.details;
  return typeof details === "object" && details !== null && (details as { reason?: unknown }).reason === "version";
}

/** The stored item a version conflict answered with (`details.current`), to reload it into the form. */
export function conflictCurrent<T>(error: unknown): T | undefined {
  if (!isEditConflict(error)) return undefined;
  const current = (error.details as { current?: unknown }).current;
  return typeof current === "object" && current !== null ? (current as T) : undefined;
}
