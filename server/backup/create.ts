import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import { parseUploadUrl, storedImageNames } from "@shared/images";
import { create as createTar } from "tar";
import type { Database } from "../db/client";
import { referencedHashesQuery } from "../db/image-columns";
import { appliedMigrationTime, shippedMigrations } from "../lib/migrations";
import type { ImageStorage } from "../services/storage/types";
import { BACKUP_FORMAT, type Manifest } from "./manifest";
import { orderOf, tablesInDependencyOrder } from "./tables";

const PAGE_ROWS = 5000;

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
async function dumpTables(database: Database, dir: string): Promise<{ tables: Manifest["tables"]; referenced: Set<string> }> {
  await mkdir(dir, { recursive: true });
  return database.db.transaction(
    async (tx) => {
      const named = (await tx.execute(referencedHashesQuery())) as unknown as { rows: { hash: string }[] };
      const referenced = new Set(named.rows.map((row) => row.hash));
      const counts: Manifest["tables"] = [];
      for (const entry of tablesInDependencyOrder()) {
        const out = createWriteStream(path.join(dir, `${entry.name}.ndjson`));
        let rows = 0;
        for (let offset = 0; ; offset += PAGE_ROWS) {
          const page = await tx
            .select()
            .from(entry.table)
            .orderBy(...orderOf(entry))
            .limit(PAGE_ROWS)
            .offset(offset);
          for (const row of page) out.write(`${JSON.stringify(row)}\n`);
          rows += page.length;
          if (page.length < PAGE_ROWS) break;
        }
        out.end();
        await finished(out);
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

async function copyUploads(storage: ImageStorage, dir: string, leaveOut: Set<string>): Promise<number> {
  let count = 0;
  for await (const key of storage.listObjects()) {
    if (leaveOut.has(key)) continue;
    const bytes = await storage.readObject(key);
    if (!bytes) continue; // deleted since it was listed
    const file = path.join(dir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    count += 1;
  }
  return count;
}

/**
 * Writes one .tar.gz archive: manifest.json, database/<table>.ndjson (every row, as the application reads it) and
 * uploads/<folder>/<file> (every stored image some image column names, through the storage interface, so disk and S3
 * back up alike; unreferenced uploads are left out, counted in the manifest).
 * The archive appears only once complete (written beside it, then renamed).
 */
export async function createBackup(database: Database, storage: ImageStorage, archive: string): Promise<Manifest> {
  const staging = await mkdtemp(path.join(tmpdir(), "marine-algae-backup-"));
  try {
    const version = await schemaVersion(database);
    const { tables, referenced } = await dumpTables(database, path.join(staging, "database"));
    const leaveOut = await unreferencedObjects(storage, referenced);
    const uploads = await copyUploads(storage, path.join(staging, "uploads"), leaveOut.keys);
    await mkdir(path.join(staging, "uploads"), { recursive: true });
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      schemaVersion: version,
      database: database.kind,
      tables,
      uploads,
      unreferencedImages: leaveOut.originals,
    };
    await writeFile(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(path.dirname(path.resolve(archive)), { recursive: true });
    const partial = `${archive}.partial`;
    await createTar({ gzip: true, file: partial, cwd: staging, portable: true }, ["manifest.json", "database", "uploads"]);
    await rename(partial, archive);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
