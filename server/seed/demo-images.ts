import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseUploadUrl, storedImageNames } from "@shared/images";
import { DEFAULT_UPLOAD_FOLDER } from "@shared/limits";
import { z } from "zod";
import { PROJECT_ROOT } from "../paths";
import type { ImageStorage } from "../services/storage/types";
import { DEMO_IMAGE_KEYS, type DemoImages } from "./image-keys";

/** The demo images drawn by scripts/demo-images/ (committed), named as the image storage names them. */
export const DEMO_IMAGES_DIR = path.join(PROJECT_ROOT, "server", "seed", "images");
/** Demo image key → file name of its original in DEMO_IMAGES_DIR. */
export const DEMO_MANIFEST = path.join(PROJECT_ROOT, "server", "seed", "demo-images.json");

/** Every key present (an exhaustive record), each naming a stored original; read as the public URL it will have. */
const manifestSchema = z.record(
  z.enum(DEMO_IMAGE_KEYS),
  z
    .string()
    .transform((name) => `/uploads/${DEFAULT_UPLOAD_FOLDER}/${name}`)
    .refine((url) => parseUploadUrl(url) !== null, "not a stored image name"),
);

/** The public URL each demo image has once stored. */
export async function readDemoManifest(): Promise<DemoImages> {
  return manifestSchema.parse(JSON.parse(await readFile(DEMO_MANIFEST, "utf8")));
}

/** The names of one demo image's files: its original, then its variants. */
export function demoImageFiles(url: string): string[] {
  const parsed = parseUploadUrl(url);
  if (!parsed) throw new Error(`${url} is not a stored image`);
  const names = storedImageNames(parsed);
  return [names.original, ...names.variants];
}

/**
 * Puts the committed demo images into the storage as they are (originals and variants already encoded: no image
 * work at start) and returns their public URLs. Variants first: once an original exists, every URL derived from its
 * name resolves.
 */
export async function storeDemoImages(storage: ImageStorage): Promise<DemoImages> {
  const urls = await readDemoManifest();
  for (const url of Object.values(urls)) {
    const [original = "", ...variants] = demoImageFiles(url);
    for (const name of [...variants, original]) {
      await storage.writeObject(`${DEFAULT_UPLOAD_FOLDER}/${name}`, await readFile(path.join(DEMO_IMAGES_DIR, name)));
    }
  }
  return urls;
}
