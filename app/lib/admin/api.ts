import type { Lang } from "@shared/company";
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

/** Calls `/api{path}` with the stored bearer token; any 401 clears the session (the admin guard then redirects). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...authHeader() };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`/api${path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (response.status === 401 && !options.ignoreUnauthorized) signOut();
  if (response.status === 204) return undefined as T;
  const text = await response.text();
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
  return body as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: "POST", body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: "PUT", body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: "PATCH", body }),
  delete: (path: string) => apiRequest<void>(path, { method: "DELETE" }),
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
