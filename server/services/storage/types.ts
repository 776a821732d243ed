import type { Readable } from "node:stream";
import type { UploadFolder } from "@shared/limits";
import type { UploadedImage } from "@shared/schemas/upload";

/** Public URL of the re-encoded image in its original format, e.g. /uploads/algues/<hash>.jpg, and its size. */
export type StoredImage = UploadedImage;

/** A stored document opened for reading: streamed, never read whole into memory. */
export type StoredDocument = { stream: Readable; size: number };

/** Where uploaded images live: local disk (disk.ts, the default) or an S3-compatible bucket (s3.ts). */
export interface ImageStorage {
  /** Checks the bytes are a raster image, re-encodes it (metadata stripped) with responsive WebP variants. */
  saveImage(bytes: Buffer, folder: UploadFolder): Promise<StoredImage>;
  /**
   * Removes an image this storage saved (its original and every variant), given the URL `saveImage` returned; false
   * when there was no such image. Names are content hashes, so several records can share one image: only call it
   * once no record refers to the URL any more.
   */
  deleteImage(url: string): Promise<boolean>;
  /** Every stored object, as its key under the uploads root (e.g. "algues/<hash>-800x600.jpg"): for backups. */
  listObjects(): AsyncIterable<string>;
  /** The bytes of one stored object, or null when there is none (also for a key `listObjects` could never give). */
  readObject(key: string): Promise<Buffer | null>;
  /** Writes one object as is, under a key `listObjects` gave (restore from a backup). */
  writeObject(key: string, bytes: Buffer): Promise<void>;
  /** Throws when the store cannot take a new object right now (readiness probe); leaves nothing behind. */
  checkWritable?(): Promise<void>;
  /** Local directory served under /uploads, when the storage is on disk. */
  readonly localRoot: string | null;
  /** Public base URL of the bucket or its CDN, when images are served from there rather than by this server. */
  readonly publicUrl: string | null;
  /**
   * PDF documents of products (decision 0109), stored as `documents/<sha-256>.pdf` beside the image folders (never
   * listed by `listObjects`, never served under /uploads). Writing a hash that is already stored writes nothing.
   */
  saveDocument(hash: string, bytes: Buffer): Promise<void>;
  /** The stored document as a stream with its size, or null when there is none. */
  openDocument(hash: string): Promise<StoredDocument | null>;
  /** Removes the document's file; false when there was none. Only once no row names the hash any more. */
  deleteDocument(hash: string): Promise<boolean>;
  /** The hashes of every stored document (backups, the sweep). */
  listDocuments(): AsyncIterable<string>;
  /** Releases connections (S3 client); nothing to do on disk. */
  close?(): void;
}
