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

/** Where documents live in the storage (decision 0109): one folder, one file per content hash. */
export const DOCUMENTS_FOLDER = "documents";
const DOCUMENT_HASH = /^[0-9a-f]{64}$/;

/** `documents/<hash>.pdf`; throws on anything but a SHA-256 in hex (no traversal possible). */
export function documentKey(hash: string): string {
  if (!DOCUMENT_HASH.test(hash)) throw new Error(`Invalid document hash ${hash}`);
  return `${DOCUMENTS_FOLDER}/${hash}.pdf`;
}

/** The hash of a document file name (`<hash>.pdf`), or null for any other name. */
export function documentHashOfName(name: string): string | null {
  const match = /^([0-9a-f]{64})\.pdf$/.exec(name);
  return match?.[1] ?? null;
}
