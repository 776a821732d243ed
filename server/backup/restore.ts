import { createReadStream } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { and, count, eq, isNotNull, not, or, type SQL, sql } from "drizzle-orm";
import type { Database, Db } from "../db/client";
import { pages } from "../db/schema/index";
import { documentHashOfName } from "../services/storage/keys";
import type { ImageStorage } from "../services/storage/types";
import { ArchiveCheckError, checkArchive } from "./check";
import type { Manifest } from "./manifest";
import { BACKUP_LAST_SUCCESS_KEY } from "./status";
import { tablesInDependencyOrder } from "./tables";

const INSERT_ROWS = 500;

export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefusedError";
  }
}

/**
 * Rows the migrations themselves write into a new database (the legal pages' drafts, migration 0014, unpublished by
 * migration 0028 as their version 2), as long as nobody edited them: not content of this site, so a database holding
 * only them is empty, and an archive holding those tables replaces them.
 */
const SEEDED_BY_MIGRATIONS: Record<string, SQL | undefined> = {
  pages: and(isNotNull(pages.key), or(eq(pages.version, 1), and(eq(pages.version, 2), eq(pages.isActive, false)))),
};

/** Refuses a database holding any row, or a storage holding any object: a restore never mixes with other data. */
async function ensureEmpty(db: Db, storage: ImageStorage): Promise<void> {
  const filled: string[] = [];
  for (const entry of tablesInDependencyOrder()) {
    const seeded = SEEDED_BY_MIGRATIONS[entry.name];
    const [row] = await db
      .select({ rows: count() })
      .from(entry.table)
      .where(seeded && not(seeded));
    if (row && row.rows > 0) filled.push(`${entry.name} (${row.rows})`);
  }
  if (filled.length > 0)
    throw new RestoreRefusedError(
      `The database is not empty (rows in ${filled.join(", ")}). Restore into an empty one: a new DATA_DIR for the embedded database, or a newly created PostgreSQL database (createdb) in DATABASE_URL.`,
    );
  for await (const key of storage.listObjects())
    throw new RestoreRefusedError(`The image storage is not empty (it holds ${key}). Restore into an empty one.`);
  for await (const hash of storage.listDocuments())
    throw new RestoreRefusedError(`The image storage is not empty (it holds the document ${hash}). Restore into an empty one.`);
}

async function* readRows(file: string): AsyncGenerator<Record<string, unknown>> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) if (line.trim()) yield JSON.parse(line) as Record<string, unknown>;
}

/** Serial and identity columns continue after the restored ids. */
async function resetSequences(db: Db): Promise<void> {
  const result = (await db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and (column_default like 'nextval(%' or is_identity = 'YES')`)) as {
    rows: { table_name: string; column_name: string }[];
  };
  for (const { table_name: table, column_name: column } of result.rows) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}), coalesce(max(${sql.identifier(column)}), 0) + 1, false) from ${sql.identifier(table)}`,
    );
  }
}

async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(path.join(dir, entry.name), key)));
    else if (entry.isFile()) files.push(key);
  }
  return files;
}

/** The archive's files in a staging folder, checked as `--check` checks them: anything it refuses, a restore refuses. */
async function unpack(archive: string, staging: string): Promise<Manifest> {
  try {
    return (await checkArchive(archive, { extractTo: staging })).manifest;
  } catch (error) {
    throw error instanceof ArchiveCheckError ? new RestoreRefusedError(error.message) : error;
  }
}

/**
 * Puts an archive made by `createBackup` back into an empty, migrated database and an empty storage: images first
 * (through the storage interface), then every row in one transaction, parents before children. The archive is checked
 * while it is unpacked, before the database is touched; the staging folder is removed whatever happens, once nothing
 * writes into it any more.
 */
export async function restoreBackup(database: Database, storage: ImageStorage, archive: string): Promise<Manifest> {
  const staging = await mkdtemp(path.join(tmpdir(), "marine-algae-restore-"));
  try {
    const manifest = await unpack(archive, staging);
    await database.migrate();
    await ensureEmpty(database.db, storage);

    for (const key of await listFiles(path.join(staging, "uploads")))
      await storage.writeObject(key, await readFile(path.join(staging, "uploads", key)));
    // Product documents (decision 0109): the check let only `documents/<sha-256>.pdf` through.
    for (const name of await listFiles(path.join(staging, "documents"))) {
      const hash = documentHashOfName(name);
      if (hash) await storage.saveDocument(hash, await readFile(path.join(staging, "documents", name)));
    }

    await database.db.transaction(async (tx) => {
      for (const entry of tablesInDependencyOrder()) {
        const file = path.join(staging, "database", `${entry.name}.ndjson`);
        if (!(await stat(file).catch(() => null))) continue; // a table newer than the backup
        const seeded = SEEDED_BY_MIGRATIONS[entry.name];
        if (seeded) await tx.delete(entry.table).where(seeded);
        let batch: Record<string, unknown>[] = [];
        for await (const row of readRows(file)) {
          // Never restored (an archive made before it was left out may hold it): see tables.ts.
          if (entry.name === "settings" && row.key === BACKUP_LAST_SUCCESS_KEY) continue;
          batch.push(row);
          if (batch.length === INSERT_ROWS) {
            await tx.insert(entry.table).values(batch);
            batch = [];
          }
        }
        if (batch.length > 0) await tx.insert(entry.table).values(batch);
      }
      await resetSequences(tx);
    });
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true, maxRetries: 2 });
  }
}
