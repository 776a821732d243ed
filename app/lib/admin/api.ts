import type { Lang } from "@shared/company";
import { type CodedError, isErrorCode } from "@shared/error-codes";
import { noContentSchema } from "@shared/schemas/common";
import { TOTAL_COUNT_HEADER } from "@shared/schemas/page";
import { refusalMessage, validationText } from "@shared/validation-messages";
import { type z, array as zArray } from "zod";
import { errorText, UNEXPECTED_ANSWER_TEXT } from "./error-texts";
import { refreshUser, signOut, storedToken } from "./session";

/**
 * An error answer of our API, `{ error, code, params?, details? }`, with its HTTP status. `coded` is absent when the
 * answer had no code we know (not our API, e.g. a proxy's error page): the screen then says its own fallback.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
    readonly coded?: CodedError,
  ) {
    super(message);
    this.name = "ApiError";
  }

  get code(): CodedError["code"] | undefined {
    return this.coded?.code;
  }

  get params(): CodedError["params"] {
    return this.coded?.params;
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

/** Reads the `error` of an error body, whatever its shape (for logs and the error's `message`, never shown as is). */
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
  return (await send(path, schema, options)).data;
}

/** One page of a paged list (decision 0092): its rows, the path of the next page (none on the last) and the total. */
export type ApiPage<T> = { items: T[]; next: string | null; total: number | null };

/**
 * Reads one page of a paged list: the answer is the rows (parsed with `rowSchema`), the next page's address comes from
 * the `Link: <…>; rel="next"` header and the total from `X-Total-Count` when the route counts.
 */
export async function apiPage<S extends z.ZodType>(path: string, rowSchema: S, signal?: AbortSignal): Promise<ApiPage<z.output<S>>> {
  const { data, response } = await send(path, zArray(rowSchema), { signal });
  const next = /<\/api([^>]+)>;\s*rel="next"/.exec(response.headers.get("link") ?? "")?.[1] ?? null;
  const total = response.headers.get(TOTAL_COUNT_HEADER);
  return { items: data, next, total: total === null ? null : Number(total) };
}

async function send<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions,
): Promise<{ data: z.output<S>; response: Response }> {
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
    const error = apiErrorOf(response.status, body);
    // The role may have changed since sign-in: the back office follows the one the server now knows.
    if (error.code === "role.forbidden") void refreshUser();
    throw error;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    console.error(`Unexpected answer to ${options.method ?? "GET"} /api${path}`, parsed.error.issues);
    throw new UnexpectedAnswerError(response.status, path, parsed.error.issues);
  }
  return { data: parsed.data, response };
}

/** The calls of the admin screens: each names the schema of its route's answer (`noContentSchema` for a 204). */
export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal) => apiRequest(path, schema, { signal }),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: S) => apiRequest(path, schema, { method: "POST", body }),
  put: <S extends z.ZodType>(path: string, body: unknown, schema: S) => apiRequest(path, schema, { method: "PUT", body }),
  patch: <S extends z.ZodType>(path: string, body: unknown, schema: S) => apiRequest(path, schema, { method: "PATCH", body }),
  delete: (path: string) => apiRequest(path, noContentSchema, { method: "DELETE" }),
};

/** The `ApiError` of an error answer's status and parsed body (whatever its shape). */
export function apiErrorOf(status: number, body: unknown): ApiError {
  const { code, params, details } = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const coded = isErrorCode(code)
    ? ({ code, params: typeof params === "object" && params !== null ? params : undefined } as CodedError)
    : undefined;
  return new ApiError(status, serverMessage(body) ?? `HTTP ${status}`, details, coded);
}

/**
 * The message of the first refused field of a `validation` answer, in `lang`: the text of its `messageCode` (with its
 * `messageParams`), else its `message` as it is.
 */
function firstFieldMessage(details: unknown, lang: Lang): string | undefined {
  const first: unknown = Array.isArray(details) ? details[0] : undefined;
  if (typeof first !== "object" || first === null) return undefined;
  const coded = refusalMessage(first);
  if (coded) return validationText(coded, lang);
  const message = (first as { message?: unknown }).message;
  return typeof message === "string" && message ? message : undefined;
}

/**
 * The one way to turn a failed call into the message shown, in the screen's language: the back office's text for the
 * answer's code (app/lib/admin/error-texts.ts; a refused field says the schema's message), else `fallback`. The
 * server's human `error` is never shown.
 */
export function errorMessage(error: unknown, fallback: string, lang: Lang): string {
  if (error instanceof UnexpectedAnswerError) return UNEXPECTED_ANSWER_TEXT[lang];
  if (!(error instanceof ApiError) || !error.coded) return fallback;
  if (error.coded.code === "validation") return firstFieldMessage(error.details, lang) ?? errorText(error.coded, lang);
  return errorText(error.coded, lang) || fallback;
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
