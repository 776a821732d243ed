import type { CodedError, ErrorBody, NotFoundItem } from "@shared/error-codes";
import { fieldRefusal } from "@shared/validation-messages";
import { apiText } from "./error-texts";

export type { NotFoundItem };

type Extra = {
  details?: unknown;
  /** Extra response headers, e.g. `Retry-After` on a lockout. */
  headers?: Record<string, string>;
};

/**
 * An error a service throws to answer with a given status, a code (with its params) and the code's human text
 * (server/lib/error-texts.ts). The code is what the back office reads; there is no way to build one without it.
 */
export class HttpError extends Error {
  readonly details?: unknown;
  readonly headers?: Record<string, string>;

  constructor(
    readonly statusCode: number,
    readonly coded: CodedError,
    extra: Extra = {},
    /** Only for `validation`, whose text is the refused field's own message. */
    text?: string,
  ) {
    super(text ?? apiText(coded));
    this.name = "HttpError";
    this.details = extra.details;
    this.headers = extra.headers;
  }

  get code(): CodedError["code"] {
    return this.coded.code;
  }

  /** The answer's body: `{ error, code, params?, details? }`. */
  body(): ErrorBody {
    return errorBody(this.coded, this.message, this.details);
  }
}

/** An error answer's body, with the code's text unless `error` is given (the handler's validation answers). */
export function errorBody(coded: CodedError, error?: string, details?: unknown): ErrorBody {
  const body: Record<string, unknown> = { error: error ?? apiText(coded), code: coded.code };
  if (coded.params !== undefined) body.params = coded.params;
  if (details !== undefined) body.details = details;
  return body as ErrorBody;
}

export const notFound = (item: NotFoundItem) => new HttpError(404, { code: "not_found", params: { item } });
/** 400; with `path`, `details` names that field like a schema refusal does. */
export function badRequest(coded: CodedError, path?: string): HttpError {
  return new HttpError(400, coded, path === undefined ? {} : { details: [{ path, message: apiText(coded) }] });
}
/** 400 `validation` refusing one field with its schema message (a `msg` code), as the route schemas do. */
export function invalidField(path: string, message: string): HttpError {
  const refusal = fieldRefusal(path, message);
  return new HttpError(400, { code: "validation" }, { details: [refusal] }, refusal.message);
}
export const conflict = (coded: CodedError) => new HttpError(409, coded);

/** The SQLSTATE of a Postgres error (same codes from pg and PGlite), possibly wrapped by drizzle. */
export function postgresErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current === "object" && "code" in current) {
      const code = (current as { code: unknown }).code;
      if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Postgres unique violation. */
export const isUniqueViolation = (error: unknown): boolean => postgresErrorCode(error) === "23505";

/** Postgres foreign key violation (e.g. deleting a row still referenced). */
export const isForeignKeyViolation = (error: unknown): boolean => postgresErrorCode(error) === "23503";

/**
 * Postgres "data exception" (class 22): a value the database cannot store, e.g. a NUL character in text, which no
 * schema lets through on purpose. It is the caller's input, so a 400, never a 500.
 */
export const isDataException = (error: unknown): boolean => postgresErrorCode(error)?.startsWith("22") ?? false;
