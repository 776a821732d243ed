import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { access, mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { originalImageName, parseUploadUrl, storedImageNames, variantImageName } from "@shared/images";
import { UPLOAD_FOLDERS, type UploadFolder } from "@shared/limits";
import { encodeImage } from "./images";
import { DOCUMENTS_FOLDER, documentHashOfName, documentKey, isStorageKey } from "./keys";
import type { ImageStorage, StoredImage } from "./types";

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** Writes through a dot-named temporary file then renames, so a reader never sees half a file (dot files are not served). */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await writeFile(temp, data);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** `fallback` when the error says the file or folder does not exist; any other error is thrown again. */
function ifMissing<T>(fallback: T): (error: unknown) => T {
  return (error) => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return fallback;
    throw error;
  };
}

/** A key as `listObjects` gives it: one allowed folder, one plain file name (no traversal, no dot files). */
function keyPath(root: string, key: string): string {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key ${key}`);
  return path.join(root, key);
}

/** Images under `<rootDir>/<folder>/`, named by content hash: saving the same picture twice writes nothing new. */
export function createDiskStorage(rootDir: string): ImageStorage {
  const root = path.resolve(rootDir);
  return {
    localRoot: root,
    publicUrl: null,

    async saveImage(bytes: Buffer, folder: UploadFolder): Promise<StoredImage> {
      if (!UPLOAD_FOLDERS.includes(folder)) throw new Error(`Unknown upload folder ${folder}`);
      const image = await encodeImage(bytes);
      const dir = path.join(root, folder);
      await mkdir(dir, { recursive: true });
      const name = originalImageName(image.hash, image.width, image.height, image.ext, image.avif);
      const original = path.join(dir, name);
      if (!(await exists(original))) {
        // Variants first: once the original exists, every URL derived from its name resolves.
        const written: string[] = [];
        try {
          for (const variant of image.variants) {
            const file = path.join(dir, variantImageName(image.hash, variant.width, variant.format));
            await writeAtomically(file, variant.data);
            written.push(file);
          }
          await writeAtomically(original, image.data);
        } catch (error) {
          // Disk full or unwritable: leave nothing of this image behind (its names are its own content hash).
          await Promise.all(written.map((file) => rm(file, { force: true })));
          throw error;
        }
      }
      return { url: `/uploads/${folder}/${name}`, width: image.width, height: image.height };
    },

    async deleteImage(url: string): Promise<boolean> {
      const parsed = parseUploadUrl(url);
      if (!parsed || !UPLOAD_FOLDERS.includes(parsed.folder as UploadFolder)) return false;
      const dir = path.join(root, parsed.folder);
      const names = storedImageNames(parsed);
      const original = path.join(dir, names.original);
      if (!(await exists(original))) return false;
      // The original first: a half-finished deletion never leaves an original whose variants are gone.
      await unlink(original);
      for (const name of names.variants) await rm(path.join(dir, name), { force: true });
      return true;
    },

    async *listObjects() {
      for (const folder of UPLOAD_FOLDERS) {
        // A missing folder holds nothing; any other error (not a directory, no permission) is thrown, as S3's are.
        const names = await readdir(path.join(root, folder)).catch(ifMissing([] as string[]));
        for (const name of names.sort()) if (!name.startsWith(".")) yield `${folder}/${name}`;
      }
    },

    async readObject(key) {
      // Not a key this storage writes (a traversal, a dot file): nothing is stored under it.
      if (!isStorageKey(key)) return null;
      return readFile(keyPath(root, key)).catch(ifMissing(null));
    },

    async checkWritable() {
      // A dot file: never listed, never served.
      await mkdir(root, { recursive: true });
      const probe = path.join(root, `.probe-${randomBytes(6).toString("hex")}`);
      await writeFile(probe, "ok");
      await rm(probe, { force: true });
    },

    async writeObject(key, bytes) {
      const file = keyPath(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeAtomically(file, bytes);
    },

    async saveDocument(hash, bytes) {
      const file = path.join(root, documentKey(hash));
      if (await exists(file)) return;
      await mkdir(path.dirname(file), { recursive: true });
      await writeAtomically(file, bytes);
    },

    async openDocument(hash) {
      const file = path.join(root, documentKey(hash));
      const info = await stat(file).catch(ifMissing(null));
      if (!info?.isFile()) return null;
      return { stream: createReadStream(file), size: info.size };
    },

    async deleteDocument(hash) {
      const file = path.join(root, documentKey(hash));
      if (!(await exists(file))) return false;
      await rm(file, { force: true });
      return true;
    },

    async *listDocuments() {
      const names = await readdir(path.join(root, DOCUMENTS_FOLDER)).catch(ifMissing([] as string[]));
      for (const name of names.sort()) {
        const hash = documentHashOfName(name);
        if (hash) yield hash;
      }
    },
  };
}
