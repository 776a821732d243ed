/**
 * Draws the demo images once and writes them, as the image storage names and serves them, to
 * server/seed/images/ (committed): each original (WebP), its responsive WebP variants and, when smaller, its AVIF
 * variants, plus manifest.json (demo image key → original's file name). The server's demo seeding copies these files
 * into the storage as they are: no drawing and no image encoding at start.
 *
 *   npm run demo-images
 *
 * Run it after changing a drawing (scripts/demo-images/*.ts) or the responsive widths (IMAGE_WIDTHS), then commit
 * the folder. Same drawings, same files: the output is deterministic (seeded random numbers, fixed encoder settings).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { IMAGE_HASH_LENGTH, originalImageName, variantImageName, variantWidths } from "@shared/images";
import sharp from "sharp";
import { DEMO_IMAGES_DIR, DEMO_MANIFEST } from "../../server/seed/demo-images";
import { DEMO_IMAGE_KEYS, type DemoImageKey } from "../../server/seed/image-keys";
import { IMAGE_SPECS, type ImageSpec } from "./specs";

/**
 * Encoder settings: flat illustrations stay clean at lower qualities than photographs, which keeps the committed
 * folder small. Logos carry small text, so they are encoded finer.
 */
const QUALITY = { picture: 70, logo: 90 } as const;
const VARIANT_WEBP_QUALITY = 70;
const VARIANT_AVIF = { quality: 42, effort: 6 } as const;

type File = { name: string; data: Buffer };

/** The original and its variants, named as `ImageStorage.saveImage` names them (shared/images.ts). */
async function encode(spec: ImageSpec): Promise<{ original: string; files: File[] }> {
  const raster = await sharp(Buffer.from(spec.svg())).png().toBuffer();
  const original = await sharp(raster).webp({ quality: QUALITY[spec.format] }).toBuffer({ resolveWithObject: true });
  const { width, height } = original.info;
  const hash = createHash("sha256").update(original.data).digest("hex").slice(0, IMAGE_HASH_LENGTH);
  const resized = (w: number) => sharp(raster).resize({ width: w });
  const widths = variantWidths(width);
  const webp = await Promise.all(
    widths.map(async (w) => ({
      name: variantImageName(hash, w, "webp"),
      data: await resized(w).webp({ quality: VARIANT_WEBP_QUALITY }).toBuffer(),
    })),
  );
  const avif = await Promise.all(
    widths.map(async (w) => ({ name: variantImageName(hash, w, "avif"), data: await resized(w).avif(VARIANT_AVIF).toBuffer() })),
  );
  // The storage's rule: AVIF variants only when they are smaller than the WebP ones altogether.
  const size = (files: File[]) => files.reduce((sum, f) => sum + f.data.length, 0);
  const keepAvif = avif.length > 0 && size(avif) < size(webp);
  const name = originalImageName(hash, width, height, "webp", keepAvif);
  return { original: name, files: [{ name, data: original.data }, ...webp, ...(keepAvif ? avif : [])] };
}

rmSync(DEMO_IMAGES_DIR, { recursive: true, force: true });
mkdirSync(DEMO_IMAGES_DIR, { recursive: true });
const manifest: Partial<Record<DemoImageKey, string>> = {};
let total = 0;
for (const key of DEMO_IMAGE_KEYS) {
  const { original, files } = await encode(IMAGE_SPECS[key]);
  for (const file of files) {
    writeFileSync(path.join(DEMO_IMAGES_DIR, file.name), file.data);
    total += file.data.length;
  }
  manifest[key] = original;
  console.log(`${key}: ${original} (${files.length} files)`);
}
writeFileSync(DEMO_MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
const count = readdirSync(DEMO_IMAGES_DIR).length;
console.log(`${count} files, ${(total / 1024).toFixed(0)} KB in ${path.relative(process.cwd(), DEMO_IMAGES_DIR)}`);
