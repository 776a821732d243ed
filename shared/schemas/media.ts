import { z } from "zod";
import { msg } from "../validation-messages";
import { optionalText, searchQuerySchema, timestampSchema, versionSchema } from "./common";
import { pageQuerySchema } from "./page";

/** Longest alt text and searched text of the media library. */
export const MEDIA_ALT_MAX = 300;
export const MEDIA_SEARCH_MAX = 200;

/** An image of the library is named by its content hash (the 16 hex digits of its upload's name, shared/images.ts). */
export const mediaIdSchema = z.string().regex(/^[0-9a-f]{16}$/, msg("media.invalid_id"));
export const mediaParams = z.object({ id: mediaIdSchema });

const percent = z
  .number({ error: msg("media.focal_point") })
  .int(msg("media.focal_point"))
  .min(0, msg("media.focal_point"))
  .max(100, msg("media.focal_point"));

/** One image of the library (`GET /api/media`, each row with how many places use it). */
export const mediaSchema = z.object({
  _id: z.string(),
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  byteSize: z.number().int().nullable(),
  fileName: z.string(),
  altFr: z.string(),
  altEn: z.string(),
  decorative: z.boolean(),
  focalX: z.number().int(),
  focalY: z.number().int(),
  version: z.number().int(),
  createdAt: timestampSchema,
  usageCount: z.number().int(),
});
export type Media = z.output<typeof mediaSchema>;

/** An image lacking alt text: not decorative, French or English alt text empty (the server's `mediaMissingAltSql`). */
export const lacksAltText = (m: Pick<Media, "decorative" | "altFr" | "altEn">): boolean =>
  !m.decorative && (m.altFr === "" || m.altEn === "");
export const mediaListSchema = z.array(mediaSchema);

export const MEDIA_USAGE_TYPES = ["product", "content_block", "category", "banner", "partner", "certification"] as const;
export type MediaUsageType = (typeof MEDIA_USAGE_TYPES)[number];

/** One place an image is shown: what it is, its name, and the admin screen where it is edited. */
export const mediaUsageSchema = z.object({
  type: z.enum(MEDIA_USAGE_TYPES),
  id: z.string(),
  label: z.string(),
  adminLink: z.string(),
});
export type MediaUsage = z.output<typeof mediaUsageSchema>;

/** `GET /api/media/:id`: the image and every place it is used. */
export const mediaDetailSchema = mediaSchema.extend({ usages: z.array(mediaUsageSchema) });
export type MediaDetail = z.output<typeof mediaDetailSchema>;

/** `GET /api/media?q=&unused=true&missingAlt=true&limit=&cursor=`: newest first. */
export const mediaQuerySchema = z
  .object({
    q: searchQuerySchema(MEDIA_SEARCH_MAX),
    unused: z.enum(["true", "false"], { error: msg("media.unused") }).optional(),
    /** Only images lacking alt text (not decorative, French or English alt text empty). */
    missingAlt: z.enum(["true", "false"], { error: msg("media.missing_alt") }).optional(),
  })
  .extend(pageQuerySchema.shape);
export type MediaQuery = z.input<typeof mediaQuerySchema>;

/** `PATCH /api/media/:id`: alt texts, decorative, focal point; `version` refuses a write based on an older one. */
export const mediaPatchSchema = z.object({
  altFr: optionalText(MEDIA_ALT_MAX),
  altEn: optionalText(MEDIA_ALT_MAX),
  decorative: z.boolean(),
  focalX: percent,
  focalY: percent,
  version: versionSchema.optional(),
});
export type MediaPatch = z.output<typeof mediaPatchSchema>;

/** `POST /api/media/:id/replace` (201): the new image, and how many rows now show it instead of the old one. */
export const mediaReplacedSchema = z.object({ media: mediaSchema, rewritten: z.number().int() });
export type MediaReplaced = z.output<typeof mediaReplacedSchema>;

/**
 * What the public pages need of the images they show, by content hash: both alt texts, the decorative mark and the
 * focal point (a page's loader reads them in one query; `imageLook` picks the page's language).
 */
export type MediaLooks = Record<string, { altFr: string; altEn: string; decorative: boolean; focalX: number; focalY: number }>;

const HASH_IN_URL = /([0-9a-f]{16})-[0-9]+(?:x[0-9]+|w)/;

/** The content hash an image address names (an upload, a variant, or a CDN's address of either), or null. */
export function imageHashOf(url: string | null | undefined): string | null {
  return url ? (HASH_IN_URL.exec(url)?.[1] ?? null) : null;
}

/**
 * The alt text and crop position of an image on a public page: the library's alt text in `lang` when written ("" when
 * the image is decorative), else `fallback` (what the page showed before the library); the focal point as an
 * `object-position`, absent when the library does not know the image.
 */
export function imageLook(
  looks: MediaLooks | undefined,
  url: string | null | undefined,
  lang: "fr" | "en",
  fallback: string,
): { alt: string; objectPosition?: string } {
  const hash = imageHashOf(url);
  const look = hash ? looks?.[hash] : undefined;
  if (!look) return { alt: fallback };
  const alt = look.decorative ? "" : (lang === "fr" ? look.altFr : look.altEn) || fallback;
  return { alt, objectPosition: `${look.focalX}% ${look.focalY}%` };
}
