import { createHash } from "node:crypto";
import { IMAGE_HASH_LENGTH, type VariantFormat, variantWidths } from "@shared/images";
import type { Metadata, OutputInfo, Sharp } from "sharp";
import { HttpError } from "../../lib/http-error";
import { loadSharp } from "./sharp";

/** Decompression-bomb guard: about a 60-megapixel photo; a 10 MB file can declare far more. */
const MAX_INPUT_PIXELS = 64_000_000;

export type EncodedImage = {
  hash: string;
  ext: "jpg" | "png" | "webp";
  width: number;
  height: number;
  data: Buffer;
  /** True when AVIF variants are among `variants` (the original's name then carries the -av mark). */
  avif: boolean;
  /** Responsive variants: WebP at every width, plus AVIF at every width when that is smaller overall. */
  variants: { width: number; format: VariantFormat; data: Buffer }[];
};

type Decoded = { metadata: Metadata; ext: EncodedImage["ext"] };

const OPEN_OPTIONS = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", pages: 1 } as const;

/** Which raster format we keep, decided from the decoder that recognised the bytes (never the declared type). */
function outputExtension(metadata: Metadata): EncodedImage["ext"] | null {
  switch (metadata.format) {
    case "jpeg":
      return "jpg";
    case "png":
      return "png";
    case "webp":
      return "webp";
    case "gif":
    case "tiff":
      return "webp";
    case "heif":
      // AVIF only: HEIC (hevc) has no decoder in the prebuilt sharp.
      return metadata.compression === "av1" ? "webp" : null;
    default:
      // svg, pdf, raw, magick...: refused (SVG can carry scripts).
      return null;
  }
}

async function decode(bytes: Buffer): Promise<Decoded> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, OPEN_OPTIONS).metadata();
  } catch {
    throw new HttpError(415, { code: "upload.not_an_image" });
  }
  const ext = outputExtension(metadata);
  if (!ext || !metadata.width || !metadata.height) throw new HttpError(415, { code: "upload.not_an_image" });
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new HttpError(413, { code: "upload.too_many_pixels" });
  return { metadata, ext };
}

function encode(pipeline: Sharp, ext: EncodedImage["ext"]): Sharp {
  if (ext === "jpg") return pipeline.jpeg({ quality: 82, mozjpeg: true });
  if (ext === "png") return pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
  return pipeline.webp({ quality: 80 });
}

/**
 * Checks the bytes are a supported raster image, turns it upright (EXIF orientation), re-encodes it without any
 * metadata (EXIF, GPS, XMP, ICC: sharp strips them unless asked to keep them) and makes the smaller WebP variants.
 */
export async function encodeImage(bytes: Buffer): Promise<EncodedImage> {
  const { ext } = await decode(bytes);
  const sharp = await loadSharp();
  // Rotated once, then every output starts from the upright pixels.
  const upright = sharp(bytes, OPEN_OPTIONS).autoOrient();
  let main: { data: Buffer; info: OutputInfo };
  try {
    main = await encode(upright.clone(), ext).toBuffer({ resolveWithObject: true });
  } catch {
    throw new HttpError(415, { code: "upload.not_an_image" });
  }
  const { width, height } = main.info;
  const widths = variantWidths(width);
  const resized = (w: number) => upright.clone().resize({ width: w, withoutEnlargement: true });
  const webp = await Promise.all(
    widths.map(async (w) => ({ width: w, format: "webp" as const, data: await resized(w).webp({ quality: 78 }).toBuffer() })),
  );
  const avif = await Promise.all(
    widths.map(async (w) => ({ width: w, format: "avif" as const, data: await resized(w).avif({ quality: 45, effort: 0 }).toBuffer() })),
  );
  const size = (list: { data: Buffer }[]) => list.reduce((sum, v) => sum + v.data.length, 0);
  const keepAvif = avif.length > 0 && size(avif) < size(webp);
  const hash = createHash("sha256").update(main.data).digest("hex").slice(0, IMAGE_HASH_LENGTH);
  return { hash, ext, width, height, data: main.data, avif: keepAvif, variants: keepAvif ? [...webp, ...avif] : webp };
}
