import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, open, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { finished, pipeline } from "node:stream/promises";
import { parseUploadUrl, storedImageNames } from "@shared/images";
import type { Database } from "../db/client";
import { referencedHashesQuery } from "../db/image-columns";
import { appliedMigrationTime, shippedMigrations } from "../lib/migrations";
import type { ImageStorage } from "../services/storage/types";
import { BACKUP_FORMAT, type Manifest } from "./manifest";
import { orderOf, tablesInDependencyOrder } from "./tables";

const PAGE_ROWS = 5000;

/** A backup that did not complete; the message names the step and the cause, and no archive was left. */
export class BackupFailedError extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = "BackupFailedError";
  }
}

/**
 * What went wrong, on one line: the innermost cause (a failed query's message is its SQL and parameters; its cause says
 * why, such as "connect ECONNREFUSED 127.0.0.1:5432").
 */
export function describeError(error: unknown): string {
  let inner = error;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  return (inner instanceof Error ? inner.message : String(inner)).replace(/\s+/g, " ").trim();
}

/** Runs one step of the backup; a failure says which. */
async function step<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BackupFailedError) throw error;
    throw new BackupFailedError(`${what}: ${describeError(error)}`, { cause: error });
  }
}

/** Checksums of the archive's files, by their path in it. */
type Sums = Record<string, string>;

async function schemaVersion(database: Database): Promise<string> {
  const applied = await appliedMigrationTime(database.db);
  const entry = shippedMigrations().find((migration) => migration.when === applied);
  if (!entry) throw new Error("The database's schema version is unknown to this build: start the server once (it migrates), then back up.");
  return entry.tag;
}

/**
 * Rows of every table as NDJSON files, and the image hashes those rows name, read in one repeatable-read transaction:
 * one consistent snapshot.
 */
async function dumpTables(database: Database, dir: string, sums: Sums): Promise<{ tables: Manifest["tables"]; referenced: Set<string> }> {
  await mkdir(dir, { recursive: true });
  return database.db.transaction(
    async (tx) => {
      const named = (await tx.execute(referencedHashesQuery())) as unknown as { rows: { hash: string }[] };
      const referenced = new Set(named.rows.map((row) => row.hash));
      const counts: Manifest["tables"] = [];
      for (const entry of tablesInDependencyOrder()) {
        const out = createWriteStream(path.join(dir, `${entry.name}.ndjson`));
        const written = finished(out);
        written.catch(() => {}); // awaited below; a write error (disk full) rejects it, and is thrown from there
        const hash = createHash("sha256");
        let rows = 0;
        for (let offset = 0; ; offset += PAGE_ROWS) {
          const page = await tx
            .select()
            .from(entry.table)
            .where(entry.rows)
            .orderBy(...orderOf(entry))
            .limit(PAGE_ROWS)
            .offset(offset);
          for (const row of page) {
            const line = `${JSON.stringify(row)}\n`;
            hash.update(line);
            out.write(line);
          }
          rows += page.length;
          if (page.length < PAGE_ROWS) break;
        }
        out.end();
        await written;
        sums[`database/${entry.name}.ndjson`] = hash.digest("hex");
        counts.push({ name: entry.name, rows });
      }
      return { tables: counts, referenced };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * The stored objects of uploaded images that no image column of the snapshot names (original and variants): an upload
 * whose form was never saved, or one the sweep will delete. Objects whose names do not follow the upload scheme are kept.
 */
async function unreferencedObjects(storage: ImageStorage, referenced: Set<string>): Promise<{ keys: Set<string>; originals: number }> {
  const keys = new Set<string>();
  let originals = 0;
  for await (const key of storage.listObjects()) {
    const image = parseUploadUrl(`/uploads/${key}`);
    if (!image || referenced.has(image.hash)) continue;
    originals += 1;
    const { original, variants } = storedImageNames(image);
    for (const name of [original, ...variants]) keys.add(`${image.folder}/${name}`);
  }
  return { keys, originals };
}

async function copyUploads(storage: ImageStorage, dir: string, leaveOut: Set<string>, sums: Sums): Promise<number> {
  let count = 0;
  for await (const key of storage.listObjects()) {
    if (leaveOut.has(key)) continue;
    const bytes = await storage.readObject(key);
    if (!bytes) continue; // deleted since it was listed
    const file = path.join(dir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    sums[`uploads/${key}`] = createHash("sha256").update(bytes).digest("hex");
    count += 1;
  }
  return count;
}

/** Copies every stored document file (decision 0109) to `<dir>/<hash>.pdf`, streamed, with its SHA-256 in `sums`. */
async function copyDocuments(storage: ImageStorage, dir: string, sums: Sums): Promise<number> {
  await mkdir(dir, { recursive: true });
  let count = 0;
  for await (const hash of storage.listDocuments()) {
    const opened = await storage.openDocument(hash);
    if (!opened) continue; // deleted since it was listed
    const digest = createHash("sha256");
    opened.stream.on("data", (chunk: Buffer) => digest.update(chunk));
    await pipeline(opened.stream, createWriteStream(path.join(dir, `${hash}.pdf`)));
    sums[`documents/${hash}.pdf`] = digest.digest("hex");
    count += 1;
  }
  return count;
}

/** Fails now, before the database is read, if the archive cannot be written where asked. */
async function ensureWritable(partial: string): Promise<void> {
  const dir = path.dirname(partial);
  await step(`The archive directory ${dir} cannot be written`, async () => {
    await mkdir(dir, { recursive: true });
    await (await open(partial, "w")).close();
  });
}

/**
 * Writes one .tar.gz archive: manifest.json, database/<table>.ndjson (every row, as the application reads it) and
 * uploads/<folder>/<file> (every stored image some image column names, through the storage interface, so disk and S3
 * back up alike; unreferenced uploads are left out, counted in the manifest), with the SHA-256 of each file in the
 * manifest, and documents/<sha-256>.pdf (every stored product document, decision 0109).
 * The archive appears only once complete: it is written to `<archive>.partial`, removed if anything fails (a full
 * disk included), and renamed at the end. Any failure is a `BackupFailedError` naming the step.
 */
export async function createBackup(database: Database, storage: ImageStorage, archive: string): Promise<Manifest> {
  const target = path.resolve(archive);
  const partial = `${target}.partial`;
  let staging: string | null = null;
  try {
    await ensureWritable(partial);
    const dir = await step("The staging directory cannot be created", () => mkdtemp(path.join(tmpdir(), "marine-algae-backup-")));
    staging = dir;
    const sums: Sums = {};
    const { version, tables, referenced } = await step("The database cannot be read", async () => {
      const version = await schemaVersion(database);
      return { version, ...(await dumpTables(database, path.join(dir, "database"), sums)) };
    });
    const { leaveOut, uploads } = await step("The image storage cannot be read", async () => {
      const leaveOut = await unreferencedObjects(storage, referenced);
      const uploads = await copyUploads(storage, path.join(dir, "uploads"), leaveOut.keys, sums);
      await mkdir(path.join(dir, "uploads"), { recursive: true });
      return { leaveOut, uploads };
    });
    const documents = await step("The document storage cannot be read", () => copyDocuments(storage, path.join(dir, "documents"), sums));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      schemaVersion: version,
      database: database.kind,
      tables,
      uploads,
      documents,
      unreferencedImages: leaveOut.originals,
      sha256: sums,
    };
    await step(`The archive ${partial} cannot be written`, async () => {
      await writeFile(path.join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
      const { create: createTar } = await import("tar");
      await createTar({ gzip: true, file: partial, cwd: dir, portable: true }, ["manifest.json", "database", "uploads", "documents"]);
      await rename(partial, target);
    });
    return manifest;
  } finally {
    await rm(partial, { force: true }).catch(() => {});
    if (staging) await rm(staging, { recursive: true, force: true });
  }
}
