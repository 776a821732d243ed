import { imageVariants } from "@shared/images";
import { type Media, mediaSchema } from "@shared/schemas/media";
import { usePagedList } from "./paged";
import { mediaKeys } from "./query-keys";

/**
 * The media library, newest first, narrowed by a search, to the unused images and to those lacking alt text (decision
 * 0092: "Charger plus").
 */
export function useMediaList(q: string, unused: boolean, missingAlt = false, enabled = true) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (unused) params.set("unused", "true");
  if (missingAlt) params.set("missingAlt", "true");
  params.set("limit", "24");
  return usePagedList(mediaKeys.list(q, unused, missingAlt), `/media?${params.toString()}`, mediaSchema, enabled);
}

/** The smallest stored variant of an image that fills a thumbnail, else the image itself. */
export function thumbnailOf(media: Pick<Media, "url">): string {
  return imageVariants(media.url)[0]?.url ?? media.url;
}
