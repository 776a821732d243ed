import { z } from "zod";
import { LIMITS } from "../limits";
import { msg } from "../validation-messages";

/** A required text: trimmed, then at least one character. */
export const requiredText = (max: number) => z.string().trim().min(1, msg("field.required")).max(max, msg("field.max_chars", { max }));

/** An optional text: trimmed, empty allowed. */
export const optionalText = (max: number) => z.string().trim().max(max, msg("field.max_chars", { max }));

export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, msg("slug.required"))
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, msg("slug.format"));

const INVALID_ID = msg("id.invalid");
export const idSchema = z.string().uuid(INVALID_ID);
/** Path parameters of a route on one item (`/…/:id`). */
export const idParams = z.object({ id: idSchema });
/** An id a form must choose (e.g. a product's category): empty gets `requiredMessage` (a `msg` code), not "invalid id". */
export const chosenIdSchema = (requiredMessage: string) => z.string().min(1, requiredMessage).uuid(INVALID_ID);

const HTTP_URL = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

/** A website address: absolute http(s) only (no javascript:, data:, …). */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => HTTP_URL.test(v) && URL.canParse(v), msg("url.invalid"));

/** A `.` or `..` path segment, also percent-encoded (`%2e`): browsers, URL parsers and file systems resolve them. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** The path of an address: what follows the scheme and host (absolute) or the whole of it (`/…`), up to `?` or `#`. */
const pathOf = (address: string) => address.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, "").split(/[?#]/, 1)[0] ?? "";

/** True when the path of `address` has a dot segment (`/./`, `/../`, `%2e%2e`): no stored address may walk up a folder. */
export function hasDotSegment(address: string): boolean {
  return pathOf(address)
    .split("/")
    .some((segment) => DOT_SEGMENT.test(segment));
}

/** A path of this site as a link names it: `/…`, with no `//`, no backslash and no dot segment before its `?` or `#`. */
export function isSitePath(path: string): boolean {
  return path.startsWith("/") && !path.includes("\\") && !pathOf(path).includes("//") && !hasDotSegment(path);
}

/**
 * One of our uploads: `/uploads/` then segments of letters, digits, `_`, `-` and `.`, none empty (no `//`) and none
 * starting with a dot (so no `.` or `..` segment, no dot file); no `%`, no backslash.
 */
const UPLOAD_PATH = /^\/uploads(?:\/[\w-][\w.-]*)+$/;

const INVALID_IMAGE = msg("image.invalid");
const IMAGE_PATH_WALKS = msg("image.path_walks");

const isImageAddress = (v: string) => UPLOAD_PATH.test(v) || (HTTP_URL.test(v) && URL.canParse(v));
/** A backslash is read as `/` by URL parsers; `//` after `/uploads` would be another folder than it shows. */
const walksPaths = (v: string) => hasDotSegment(v) || v.includes("\\") || (v.startsWith("/") && pathOf(v).includes("//"));

/** An image address: one of our uploads, or an absolute http(s) URL; never one with a dot segment. */
export const imageUrlSchema = z
  .string()
  .trim()
  .min(1, msg("image.required"))
  .max(2048)
  .superRefine((v, ctx) => {
    if (walksPaths(v)) ctx.addIssue({ code: "custom", message: IMAGE_PATH_WALKS });
    else if (!isImageAddress(v)) ctx.addIssue({ code: "custom", message: INVALID_IMAGE });
  });

/** Optional image: empty string or null/undefined mean "none". */
export const optionalImageUrlSchema = z
  .union([imageUrlSchema, z.literal(""), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

/**
 * A timestamp in an answer, as the database gives it (ISO 8601 or PostgreSQL's `2026-11-24 10:00:00+00`): services
 * return these strings, never `Date` objects, so the same schema is the wire, the service's type and the client's.
 */
export const timestampSchema = z.string();

/**
 * A search box's text (`?q=`): at most `max` characters, control characters read as spaces (PostgreSQL refuses a NUL
 * in a text parameter), trimmed; empty means no search.
 */
export const searchQuerySchema = (max: number) =>
  z
    .string()
    .max(max, msg("search.too_long", { max }))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
    .transform((v) => v.replace(/[\u0000-\u001f\u007f]/g, " ").trim() || undefined)
    .optional();

/** The answer of a route that sends no body (204). */
export const noContentSchema = z.undefined();

/**
 * A file download (CSV, the JSON export) is sent as text or a stream, which Fastify never serializes: these declare
 * what it is, per content type, without parsing it.
 */
export const csvDownload = { content: { "text/csv": { schema: z.string() } } };
/** A stored file sent as a download (its bytes, whatever its type). */
export const fileDownload = { content: { "application/octet-stream": { schema: z.string() } } };

/** The stored version of an entity; a write that sends it is refused when the entity changed since (409). */
export const versionSchema = z.number().int().min(1);

/** 409 answer of a write based on an old version (details: `{ reason: "version", current }`). */
export const EDIT_CONFLICT =
  "Quelqu'un d'autre a modifié cet élément pendant que vous l'éditiez. / Someone else changed this item while you were editing it.";

/** Body of the `PATCH /<resource>/:id` active switches: only this field changes. */
export const activeSwitchSchema = z.object({ isActive: z.boolean() });
export type ActiveSwitch = z.infer<typeof activeSwitchSchema>;

/** Optional meta title and description of a public page (product, category), both languages. */
export const seoFieldsSchema = z.object({
  metaTitleFr: optionalText(LIMITS.metaTitleMax).default(""),
  metaTitleEn: optionalText(LIMITS.metaTitleMax).default(""),
  metaDescriptionFr: optionalText(LIMITS.metaDescriptionMax).default(""),
  metaDescriptionEn: optionalText(LIMITS.metaDescriptionMax).default(""),
});
export type SeoFields = z.output<typeof seoFieldsSchema>;

/** A verification link: an absolute https address (a certificate checked over plain http proves little). */
export const httpsUrlSchema = z
  .string()
  .trim()
  .max(LIMITS.urlMax)
  .refine((v) => /^https:\/\/[^\s/]+/i.test(v) && URL.canParse(v), msg("url.https_required"));

/** A calendar day, `YYYY-MM-DD`, that exists. */
export const calendarDaySchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg("date.invalid_format"))
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, msg("date.invalid"));
