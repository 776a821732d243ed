import { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { originalImageName, parseUploadUrl, storedImageNames, variantImageName } from "@shared/images";
import { UPLOAD_FOLDERS, type UploadFolder } from "@shared/limits";
import { encodeImage } from "./images";
import { DOCUMENTS_FOLDER, documentHashOfName, documentKey, IMMUTABLE, imageContentType, isStorageKey } from "./keys";
import type { ImageStorage, StoredImage } from "./types";

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** S3-compatible services (MinIO, s3rver, Ceph…); unset for AWS. */
  endpoint?: string | undefined;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Public base URL of the bucket or its CDN; /uploads/* then redirects there instead of being proxied. */
  publicUrl?: string | undefined;
};

function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || error instanceof NotFound || (error as { name?: string }).name === "NotFound";
}

/**
 * Images as objects `<folder>/<name>` in one bucket, under the same content-hashed names as on disk, so URLs stay
 * `/uploads/<folder>/<name>` whatever the storage (the site reads variants and sizes from them; backups move
 * between storages). Objects are written with their type and an immutable Cache-Control for a CDN in front.
 */
export function createS3Storage(options: S3StorageOptions): ImageStorage {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    // Checksums only where S3 requires them: several S3-compatible servers refuse the newer default trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

  async function put(key: string, body: Buffer): Promise<void> {
    await client.send(
      new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: imageContentType(key), CacheControl: IMMUTABLE }),
    );
  }

  async function exists(key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  function checkedKey(key: string): string {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key ${key}`);
    return key;
  }

  return {
    localRoot: null,
    publicUrl: options.publicUrl?.replace(/\/+$/, "") ?? null,

    async saveImage(bytes: Buffer, folder: UploadFolder): Promise<StoredImage> {
      if (!UPLOAD_FOLDERS.includes(folder)) throw new Error(`Unknown upload folder ${folder}`);
      const image = await encodeImage(bytes);
      const name = originalImageName(image.hash, image.width, image.height, image.ext, image.avif);
      if (!(await exists(`${folder}/${name}`))) {
        // Variants first: once the original exists, every URL derived from its name resolves.
        await Promise.all(image.variants.map((v) => put(`${folder}/${variantImageName(image.hash, v.width, v.format)}`, v.data)));
        await put(`${folder}/${name}`, image.data);
      }
      return { url: `/uploads/${folder}/${name}`, width: image.width, height: image.height };
    },

    async deleteImage(url: string): Promise<boolean> {
      const parsed = parseUploadUrl(url);
      if (!parsed || !UPLOAD_FOLDERS.includes(parsed.folder as UploadFolder)) return false;
      const names = storedImageNames(parsed);
      const original = `${parsed.folder}/${names.original}`;
      if (!(await exists(original))) return false;
      const variants = names.variants.map((name) => `${parsed.folder}/${name}`);
      // The original first, in its own request: a half-finished deletion never leaves an original without variants.
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: [{ Key: original }] } }));
      if (variants.length > 0)
        await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: variants.map((Key) => ({ Key })) } }));
      return true;
    },

    async *listObjects() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key && isStorageKey(object.Key)) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async readObject(key) {
      // Not a key this storage writes (a traversal, a dot file): nothing is stored under it.
      if (!isStorageKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async writeObject(key, bytes) {
      await put(checkedKey(key), bytes);
    },

    async saveDocument(hash, bytes) {
      const key = documentKey(hash);
      if (await exists(key)) return;
      // No caching metadata: documents leave only through the server, which checks each is still public and sets
      // its own short lifetime (decision 0109); a document withdrawn from the public must not be immutable anywhere.
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: "application/pdf" }));
    },

    async openDocument(hash) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: documentKey(hash) }));
        if (!(object.Body instanceof Readable)) return null;
        return { stream: object.Body, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async deleteDocument(hash) {
      const key = documentKey(hash);
      if (!(await exists(key))) return false;
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: [{ Key: key }] } }));
      return true;
    },

    async *listDocuments() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: `${DOCUMENTS_FOLDER}/`, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const hash = documentHashOfName(object.Key?.slice(DOCUMENTS_FOLDER.length + 1) ?? "");
          if (hash) yield hash;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    close() {
      client.destroy();
    },
  };
}
