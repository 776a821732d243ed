import { IMAGE_WIDTHS } from "./limits";

/**
 * Naming of uploaded images, shared by the server (which writes them) and the site (which builds `srcset`).
 *
 *   original: /uploads/<folder>/<hash>-<width>x<height>[-av].<ext>   e.g. /uploads/algues/3f9a0c1d2e4b5a67-2000x1333.jpg
 *   variant:  /uploads/<folder>/<hash>-<w>w.webp                    e.g. /uploads/algues/3f9a0c1d2e4b5a67-960w.webp
 *   AVIF:     /uploads/<folder>/<hash>-<w>w.avif                    only when the original's name ends in -av
 *
 * AVIF variants are kept only when sharp makes them smaller than the WebP ones (the usual case for photos, not
 * always for flat drawings); the `-av` mark in the original's name tells the site they exist.
 * <hash> is the first 16 hex digits of the SHA-256 of the re-encoded original, so a name never changes content
 * (served as immutable). The original's pixel size is in its name: the site knows which WebP variants exist
 * (every width of IMAGE_WIDTHS smaller than the original; never upscaled) and can reserve the right aspect ratio,
 * all from the URL alone. URLs that do not follow this scheme (external images, older uploads) have no variants.
 */

export const IMAGE_HASH_LENGTH = 16;

const ORIGINAL_NAME = /^\/uploads\/([a-z0-9-]+)\/([0-9a-f]{16})-(\d{1,5})x(\d{1,5})(-av)?\.(jpg|png|webp)$/;

export type VariantFormat = "webp" | "avif";
export type UploadedImageName = { folder: string; hash: string; width: number; height: number; ext: string; avif: boolean };

export function originalImageName(hash: string, width: number, height: number, ext: string, avif = false): string {
  return `${hash}-${width}x${height}${avif ? "-av" : ""}.${ext}`;
}

export function variantImageName(hash: string, width: number, format: VariantFormat = "webp"): string {
  return `${hash}-${width}w.${format}`;
}

/** The widths of IMAGE_WIDTHS that get a WebP variant for an original this wide. */
export function variantWidths(originalWidth: number): number[] {
  return IMAGE_WIDTHS.filter((w) => w < originalWidth);
}

/** Every file name one stored image has: its original, then its WebP (and, when marked, AVIF) variants. */
export function storedImageNames(image: UploadedImageName): { original: string; variants: string[] } {
  const formats: VariantFormat[] = image.avif ? ["webp", "avif"] : ["webp"];
  return {
    original: originalImageName(image.hash, image.width, image.height, image.ext, image.avif),
    variants: formats.flatMap((format) => variantWidths(image.width).map((w) => variantImageName(image.hash, w, format))),
  };
}

/** Reads folder, hash and pixel size out of an upload URL; null for any other address. */
export function parseUploadUrl(url: string): UploadedImageName | null {
  const match = ORIGINAL_NAME.exec(url);
  if (!match) return null;
  const [, folder = "", hash = "", width = "0", height = "0", av, ext = ""] = match;
  return { folder, hash, width: Number(width), height: Number(height), ext, avif: av === "-av" };
}

/** The responsive variants of an uploaded image in one format, narrowest first (empty for other addresses). */
export function imageVariants(url: string, format: VariantFormat = "webp"): { width: number; url: string }[] {
  const parsed = parseUploadUrl(url);
  if (!parsed || (format === "avif" && !parsed.avif)) return [];
  return variantWidths(parsed.width).map((width) => ({
    width,
    url: `/uploads/${parsed.folder}/${variantImageName(parsed.hash, width, format)}`,
  }));
}

/** A `srcset` of the AVIF variants (for a `<source type="image/avif">`); undefined when the image has none. */
export function avifSrcSet(url: string): string | undefined {
  const variants = imageVariants(url, "avif");
  return variants.length > 0 ? variants.map((v) => `${v.url} ${v.width}w`).join(", ") : undefined;
}

/** Intrinsic size of an uploaded image, for width/height attributes; null when the URL does not carry it. */
export function imageDimensions(url: string): { width: number; height: number } | null {
  const parsed = parseUploadUrl(url);
  return parsed ? { width: parsed.width, height: parsed.height } : null;
}

/** A `srcset` value: the WebP variants then the original at its own width; undefined when there is nothing to choose from. */
export function imageSrcSet(url: string): string | undefined {
  const parsed = parseUploadUrl(url);
  if (!parsed) return undefined;
  const variants = imageVariants(url);
  if (variants.length === 0) return undefined;
  return [...variants.map((v) => `${v.url} ${v.width}w`), `${url} ${parsed.width}w`].join(", ");
}
