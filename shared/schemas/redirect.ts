import { z } from "zod";
import { msg } from "../validation-messages";
import { hasDotSegment, timestampSchema } from "./common";
import { pageQuerySchema } from "./page";

/** The longest path a redirect or the missing-paths log keeps (longer 404s are not logged). */
export const PATH_MAX = 300;

/** Paths never redirected nor logged: the API, the built files, the images, the back office. */
const RESERVED = /^\/(api|assets|uploads|admin)(\/|$)/;

/**
 * A site path as redirects and the missing-paths log store it: the query and fragment dropped, each segment decoded,
 * trailing slashes removed (`/` stays `/`). Null when it is not one of this site's paths (no leading `/`, `//host`,
 * a backslash, a control character, a malformed escape, a `.` or `..` segment) or is longer than `PATH_MAX`.
 */
export function normalisePath(raw: string): string | null {
  const end = raw.search(/[?#]/);
  const bare = end < 0 ? raw : raw.slice(0, end);
  if (!bare.startsWith("/") || bare.startsWith("//") || bare.includes("\\")) return null;
  let decoded: string;
  try {
    decoded = bare
      .split("/")
      .map((segment) => decodeURIComponent(segment))
      .join("/");
  } catch {
    return null;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(decoded) || decoded.startsWith("//") || hasDotSegment(decoded)) return null;
  const path = decoded.length > 1 ? decoded.replace(/\/+$/, "") || "/" : decoded;
  return path.length > PATH_MAX ? null : path;
}

/** True for the paths redirects never apply to (`/api`, `/assets`, `/uploads`, `/admin`). */
export const isReservedPath = (path: string) => RESERVED.test(path);

/** The address a redirect answers for `path`: the target, with the request's `lang` when it had one. */
export function redirectLocation(toPath: string, lang: string | null): string {
  const encoded = toPath
    .split("/")
    .map((segment) => encodeURIComponent(segment))
    .join("/");
  return lang === "en" ? `${encoded}?lang=en` : encoded;
}

const INVALID_PATH = msg("redirect.invalid_path");
const RESERVED_PATH = msg("redirect.reserved_path");

const sitePathSchema = z
  .string()
  .trim()
  .min(1, msg("field.required"))
  .max(PATH_MAX * 3, msg("field.max_chars", { max: PATH_MAX }))
  .transform((value, ctx) => {
    const path = normalisePath(value);
    if (path === null) {
      ctx.addIssue({ code: "custom", message: INVALID_PATH });
      return z.NEVER;
    }
    if (isReservedPath(path)) {
      ctx.addIssue({ code: "custom", message: RESERVED_PATH });
      return z.NEVER;
    }
    return path;
  });

/** `POST /api/redirects`: a manual redirect. */
export const redirectInputSchema = z.object({ fromPath: sitePathSchema, toPath: sitePathSchema });
export type RedirectInput = z.input<typeof redirectInputSchema>;

export const REDIRECT_KINDS = ["auto", "manual"] as const;
export const redirectSchema = z.object({
  _id: z.string(),
  fromPath: z.string(),
  toPath: z.string(),
  kind: z.enum(REDIRECT_KINDS),
  createdAt: timestampSchema,
  hits: z.number().int(),
  lastHitAt: timestampSchema.nullable(),
});
export type Redirect = z.output<typeof redirectSchema>;
export const redirectListSchema = z.array(redirectSchema);

/** `GET /api/redirects?q=&limit=&cursor=`: newest first; `q` found in either path. */
export const redirectQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(PATH_MAX, msg("field.max_chars", { max: PATH_MAX }))
      .optional(),
  })
  .extend(pageQuerySchema.shape);
export type RedirectQuery = z.input<typeof redirectQuerySchema>;

export const missingPathSchema = z.object({ path: z.string(), hits: z.number().int(), lastSeenAt: timestampSchema });
export type MissingPath = z.output<typeof missingPathSchema>;
export const missingPathListSchema = z.array(missingPathSchema);
/** `GET /api/redirects/missing?limit=&cursor=`: most requested first. */
export const missingPathQuerySchema = pageQuerySchema;
/** `DELETE /api/redirects/missing?path=…`: dismisses one line (it comes back if the path is asked for again). */
export const missingPathDismissSchema = z.object({
  path: z
    .string()
    .min(1)
    .max(PATH_MAX * 3),
});

/** The public addresses a slug change moves (app/routes.ts). */
export const productPath = (slug: string) => `/product/${slug}`;
export const categoryPath = (slug: string) => `/category/${slug}`;
