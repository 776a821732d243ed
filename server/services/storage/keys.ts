import { UPLOAD_FOLDERS, type UploadFolder } from "@shared/limits";

/** Stored images never change content (content-hashed names): browsers and CDNs keep them a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/** A key as `listObjects` gives it: one allowed folder, one plain file name (no traversal, no dot files). */
export function isStorageKey(key: string): boolean {
  const [folder = "", name = "", ...rest] = key.split("/");
  return (
    rest.length === 0 && UPLOAD_FOLDERS.includes(folder as UploadFolder) && name !== "" && !name.startsWith(".") && !name.includes("\\")
  );
}

const TYPES: Record<string, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp", avif: "image/avif" };

/** The Content-Type of a stored image from its extension (the storage only writes these). */
export function imageContentType(key: string): string {
  return TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}
