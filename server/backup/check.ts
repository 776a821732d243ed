import { createHash, type Hash } from "node:crypto";
import { stat } from "node:fs/promises";
import { StringDecoder } from "node:string_decoder";
import { list, type ReadEntry } from "tar";
import { shippedMigrations } from "../lib/migrations";
import { type Manifest, manifestSchema } from "./manifest";

/** The first thing wrong with an archive. */
export class ArchiveCheckError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveCheckError";
  }
}

export type CheckReport = {
  manifest: Manifest;
  rows: number;
  /** Files whose SHA-256 matched the manifest's; 0 for an archive made before checksums were recorded. */
  verified: number;
};

type Entry = { sha256: string; bytes: number; text?: string; lines?: number; badLine?: { line: number; message: string } };

/** Reads one entry: its checksum, the text of manifest.json, and for a table's rows the count of lines that parse. */
function readEntry(entry: ReadEntry, name: string, done: (name: string, entry: Entry) => void) {
  const hash: Hash = createHash("sha256");
  const isManifest = name === "manifest.json";
  const isTable = /^database\/[^/]+\.ndjson$/.test(name);
  const decoder = new StringDecoder("utf8");
  let text = "";
  let pending = "";
  let lines = 0;
  let bytes = 0;
  let badLine: Entry["badLine"];
  const take = (line: string) => {
    if (!line.trim() || badLine) return;
    lines += 1;
    try {
      const row: unknown = JSON.parse(line);
      if (typeof row !== "object" || row === null || Array.isArray(row)) throw new Error("not a row object");
    } catch (error) {
      badLine = { line: lines, message: error instanceof Error ? error.message : String(error) };
    }
  };
  entry.on("data", (chunk: Buffer) => {
    hash.update(chunk);
    bytes += chunk.length;
    if (isManifest) text += decoder.write(chunk);
    else if (isTable) {
      const parts = (pending + decoder.write(chunk)).split("\n");
      pending = parts.pop() ?? "";
      for (const line of parts) take(line);
    }
  });
  entry.on("end", () => {
    if (isManifest) text += decoder.end();
    if (isTable) take(pending + decoder.end());
    done(name, { sha256: hash.digest("hex"), bytes, text: isManifest ? text : undefined, lines: isTable ? lines : undefined, badLine });
  });
}

/**
 * Verifies an archive made by `createBackup` without restoring it and without opening any database (so it runs beside
 * a server holding the embedded database): the manifest parses, its schema version is one this build knows, every
 * file matches its SHA-256 in the manifest and none is missing or extra, every table's rows parse and their count is
 * the manifest's, and the images are as many as it says. Throws an `ArchiveCheckError` naming the first problem.
 * An archive made before checksums were recorded is checked for all the rest (`verified` is 0).
 */
export async function checkArchive(archive: string): Promise<CheckReport> {
  if (!(await stat(archive).catch(() => null))?.isFile()) throw new ArchiveCheckError(`No backup file at ${archive}`);
  const entries = new Map<string, Entry>();
  try {
    await list({
      file: archive,
      strict: true,
      onReadEntry(entry) {
        const name = entry.path.replace(/^\.\//, "");
        if (entry.type !== "File") {
          entry.resume();
          return;
        }
        readEntry(entry, name, (key, read) => entries.set(key, read));
      },
    });
  } catch (error) {
    throw new ArchiveCheckError(`${archive} is not a readable .tar.gz backup: ${error instanceof Error ? error.message : String(error)}`);
  }

  const manifestText = entries.get("manifest.json")?.text;
  if (manifestText === undefined) throw new ArchiveCheckError(`${archive} is not a Marine Algae backup (no manifest.json inside).`);
  let json: unknown;
  try {
    json = JSON.parse(manifestText);
  } catch (error) {
    throw new ArchiveCheckError(`manifest.json does not parse: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new ArchiveCheckError(`manifest.json is not a manifest this version reads: ${parsed.error.message}`);
  const manifest = parsed.data;
  const known = shippedMigrations().map((migration) => migration.tag);
  if (!known.includes(manifest.schemaVersion))
    throw new ArchiveCheckError(`Schema version ${manifest.schemaVersion} is unknown to this version (which knows ${known.join(", ")}).`);

  const files = [...entries.keys()].filter((name) => name !== "manifest.json").sort();
  let verified = 0;
  if (manifest.sha256) {
    for (const name of Object.keys(manifest.sha256).sort())
      if (!entries.has(name)) throw new ArchiveCheckError(`${name} is in the manifest but missing from the archive.`);
    for (const name of files) {
      const expected = manifest.sha256[name];
      if (!expected) throw new ArchiveCheckError(`${name} is in the archive but not in the manifest.`);
      if (entries.get(name)?.sha256 !== expected)
        throw new ArchiveCheckError(`${name} does not match its checksum: it was changed or damaged.`);
      verified += 1;
    }
  }

  let rows = 0;
  for (const table of manifest.tables) {
    const name = `database/${table.name}.ndjson`;
    const entry = entries.get(name);
    if (!entry) throw new ArchiveCheckError(`${name} is missing: the manifest lists table ${table.name}.`);
    if (entry.badLine) throw new ArchiveCheckError(`${name}, row ${entry.badLine.line}, does not parse: ${entry.badLine.message}`);
    if (entry.lines !== table.rows) throw new ArchiveCheckError(`${name} holds ${entry.lines} rows; the manifest says ${table.rows}.`);
    rows += table.rows;
  }
  const tableFiles = new Set(manifest.tables.map((table) => `database/${table.name}.ndjson`));
  const extra = files.find((name) => name.startsWith("database/") && !tableFiles.has(name));
  if (extra) throw new ArchiveCheckError(`${extra} is in the archive but the manifest lists no such table.`);
  const images = files.filter((name) => name.startsWith("uploads/")).length;
  if (images !== manifest.uploads)
    throw new ArchiveCheckError(`The archive holds ${images} images; the manifest says ${manifest.uploads}.`);
  const documents = files.filter((name) => name.startsWith("documents/")).length;
  if (documents !== (manifest.documents ?? 0))
    throw new ArchiveCheckError(`The archive holds ${documents} documents; the manifest says ${manifest.documents ?? 0}.`);
  return { manifest, rows, verified };
}
