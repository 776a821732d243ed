import { DOCUMENT_MAX_BYTES } from "@shared/documents";
import { LIMITS, UPLOAD_FOLDERS } from "@shared/limits";
import { isStorageKey } from "../services/storage/keys";

/**
 * What one entry of a backup may be, judged from its tar header before any of its bytes are read: the one rule that
 * `npm run backup -- --check` and `npm run restore` both apply (`check.ts`), so they refuse the same archives with the
 * same words.
 */

/** The folders of a backup, as `createBackup` writes them ("" is the archive's root, `./` in some tar tools). */
export const ARCHIVE_FOLDERS = ["", "database", "uploads", ...UPLOAD_FOLDERS.map((folder) => `uploads/${folder}`), "documents"];

/** manifest.json is read whole; it holds a checksum line per file, so it grows with the number of images. */
export const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;
/**
 * A stored image is read whole by a restore. Originals are re-encoded from uploads of at most `LIMITS.uploadMaxBytes`
 * and variants are smaller, so four times that leaves room without letting a forged size through.
 */
export const STORED_IMAGE_MAX_BYTES = 4 * LIMITS.uploadMaxBytes;

/** The tar header fields the rule reads. */
export type EntryHeader = { path: string; type: string; size: number; linkpath?: string | undefined };

const TABLE_FILE = /^database\/[a-z0-9_]+\.ndjson$/;
const DOCUMENT_FILE = /^documents\/[0-9a-f]{64}\.pdf$/;

/** The largest size of a plain file at `name`, or null when the layout has no such file. */
function sizeLimitOf(name: string): number | null {
  if (name === "manifest.json") return MANIFEST_MAX_BYTES;
  // Table rows are streamed one line at a time, never read whole: the site's data is as large as it is.
  if (TABLE_FILE.test(name)) return Number.POSITIVE_INFINITY;
  if (name.startsWith("uploads/") && isStorageKey(name.slice("uploads/".length))) return STORED_IMAGE_MAX_BYTES;
  if (DOCUMENT_FILE.test(name)) return DOCUMENT_MAX_BYTES;
  return null;
}

/** A name as it may be printed on one log line: control characters escaped, at most 200 characters. */
export function printable(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being escaped
  const escaped = name.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return escaped.length > 200 ? `${escaped.slice(0, 200)}…` : escaped;
}

/** The entry's name inside the backup: without a leading `./` or a trailing `/`. */
export function entryName(path: string): string {
  return path.replace(/^\.\//, "").replace(/\/+$/, "");
}

function kindOf(header: EntryHeader): string {
  const target = printable(header.linkpath ?? "");
  switch (header.type) {
    case "Link":
      return `a hard link to ${target}`;
    case "SymbolicLink":
      return `a symbolic link to ${target}`;
    case "CharacterDevice":
    case "BlockDevice":
      return "a device";
    case "FIFO":
      return "a named pipe (FIFO)";
    default:
      return `an entry of type ${printable(header.type)}`;
  }
}

/**
 * Why the archive is refused at this entry, or null when the entry is one a backup holds: a plain file or a folder,
 * named by a relative path without `..`, at a place of the backup's layout (manifest.json, database/<table>.ndjson,
 * uploads/<folder>/<file>, documents/<sha-256>.pdf), no larger than a restore reads, and not seen before.
 */
export function entryProblem(header: EntryHeader, seen: ReadonlySet<string>): string | null {
  const shown = printable(header.path);
  if (/^([/\\]|[A-Za-z]:)/.test(header.path)) return `${shown} is an absolute path: a backup holds only paths inside it.`;
  if (header.path.split(/[/\\]/).includes("..")) return `${shown} leads out of the archive (..): a backup holds only paths inside it.`;
  if (header.type !== "File" && header.type !== "Directory")
    return `${shown} is ${kindOf(header)}: a backup holds only plain files and folders.`;
  const name = entryName(header.path);
  const outside = `${shown} is not part of a Marine Algae backup (manifest.json, database/<table>.ndjson, uploads/<folder>/<file>, documents/<sha-256>.pdf).`;
  if (header.type === "Directory") return ARCHIVE_FOLDERS.includes(name) ? null : outside;
  const limit = sizeLimitOf(name);
  if (limit === null) return outside;
  if (header.size > limit) return `${shown} is ${header.size} bytes, more than the ${limit} a backup's file there may have.`;
  if (seen.has(name)) return `${shown} is in the archive twice.`;
  return null;
}
