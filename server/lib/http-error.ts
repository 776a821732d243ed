/** An error a service throws to answer with a given status and a human message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
    /** Extra response headers, e.g. `Retry-After` on a lockout. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** The items a 404 can name, in the API's "Français / English" form. */
const NOT_FOUND = {
  Product: "Produit introuvable / Product not found",
  "Content block": "Bloc de contenu introuvable / Content block not found",
  Category: "Catégorie introuvable / Category not found",
  Banner: "Bannière introuvable / Banner not found",
  Partner: "Partenaire introuvable / Partner not found",
  Message: "Message introuvable / Message not found",
} as const;

export type NotFoundItem = keyof typeof NOT_FOUND;
export const notFound = (what: NotFoundItem) => new HttpError(404, NOT_FOUND[what]);
export const badRequest = (message: string, details?: unknown) => new HttpError(400, message, details);
export const conflict = (message: string) => new HttpError(409, message);

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
