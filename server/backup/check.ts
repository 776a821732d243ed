import { createHash, type Hash } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";
import type { Parser, ReadEntry } from "tar";
import { shippedMigrations } from "../lib/migrations";
import { ARCHIVE_FOLDERS, entryName, entryProblem, printable } from "./entries";
import { type Manifest, manifestSchema } from "./manifest";

/** The first thing wrong with an archive: `--check` and a restore refuse it with this message. */
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

export type CheckOptions = {
  /** Also writes every file of the archive under this existing, empty folder (a restore's staging folder). */
  extractTo?: string;
};

type Entry = { sha256: string; bytes: number; text?: string; lines?: number; badLine?: { line: number; message: string } };

/** Reads one file's bytes as they come: its checksum, the text of manifest.json, and for a table the lines that parse. */
function entryReader(name: string) {
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
  return {
    update(chunk: Buffer) {
      hash.update(chunk);
      bytes += chunk.length;
      if (isManifest) text += decoder.write(chunk);
      else if (isTable) {
        const parts = (pending + decoder.write(chunk)).split("\n");
        pending = parts.pop() ?? "";
        for (const line of parts) take(line);
      }
    },
    end(): Entry {
      if (isManifest) text += decoder.end();
      if (isTable) take(pending + decoder.end());
      return { sha256: hash.digest("hex"), bytes, text: isManifest ? text : undefined, lines: isTable ? lines : undefined, badLine };
    },
  };
}

const unreadable = (archive: string, error: unknown) =>
  new ArchiveCheckError(`${archive} is not a readable .tar.gz backup: ${error instanceof Error ? error.message : String(error)}`);

/** Feeds the archive's bytes to the parser as fast as it takes them, until the end or until `signal` aborts. */
async function feed(archive: string, parser: Parser, signal: AbortSignal): Promise<void> {
  const input = createReadStream(archive, { signal });
  try {
    for await (const chunk of input) if (!parser.write(chunk as Buffer)) await once(parser, "drain", { signal });
    parser.end();
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}

/**
 * Reads every entry of the archive once, in order. Each is judged by `entryProblem` from its header, before its bytes
 * are read; a plain file is then read (and, with `extractTo`, written there). The first problem stops the reading.
 * Settles only once every file it wrote is closed, so the caller may remove `extractTo` at once.
 */
async function readArchive(archive: string, extractTo: string | undefined): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  const seen = new Set<string>();
  const writing = new Set<WriteStream>();
  const closed: Promise<void>[] = [];
  const stop = new AbortController();
  let failure: Error | null = null;
  let failed: (error: Error) => void = () => {};
  const failing = new Promise<never>((_, reject) => {
    failed = reject;
  });
  const fail = (error: Error) => {
    if (failure) return;
    failure = error;
    stop.abort();
    for (const out of writing) out.destroy();
    failed(error);
  };

  if (extractTo) for (const folder of ARCHIVE_FOLDERS) await mkdir(path.join(extractTo, folder), { recursive: true });

  /** The copy of one file under `extractTo`; the entry waits while the disk is behind. */
  const copyOf = (entry: ReadEntry, name: string, dir: string): WriteStream => {
    const out = createWriteStream(path.join(dir, name), { flags: "wx" });
    writing.add(out);
    closed.push(
      new Promise<void>((resolve) =>
        out.on("close", () => {
          writing.delete(out);
          resolve();
        }),
      ),
    );
    out.on("error", (error) => fail(new Error(`${name} cannot be written to ${dir}: ${error.message}`)));
    out.on("drain", () => entry.resume());
    return out;
  };

  // tar is loaded by the backup tools and the scheduled backup, never by a server that serves only (issue 34).
  const { Parser: TarParser } = await import("tar");
  const parser = new TarParser({ strict: true });
  const ended = new Promise<void>((resolve) => parser.on("end", resolve));
  parser.on("error", (error: Error) => fail(unreadable(archive, error)));
  // An entry of a type tar does not know, or a header extension too large to read, is never handed out as an entry.
  parser.on("ignoredEntry", (entry: ReadEntry) =>
    fail(new ArchiveCheckError(entryProblem(entry, seen) ?? `${printable(entry.path)} cannot be read.`)),
  );
  parser.on("entry", (entry: ReadEntry) => {
    const problem = failure ? null : entryProblem(entry, seen);
    if (problem) fail(new ArchiveCheckError(problem));
    if (failure || entry.type === "Directory") {
      entry.resume();
      return;
    }
    const name = entryName(entry.path);
    seen.add(name);
    const reader = entryReader(name);
    const out = extractTo ? copyOf(entry, name, extractTo) : null;
    entry.on("data", (chunk: Buffer) => {
      reader.update(chunk);
      if (out && !out.write(chunk)) entry.pause();
    });
    entry.on("end", () => {
      out?.end();
      entries.set(name, reader.end());
    });
  });

  try {
    await Promise.race([feed(archive, parser, stop.signal).then(() => ended), failing]);
  } catch (error) {
    fail(error instanceof ArchiveCheckError ? error : unreadable(archive, error));
  } finally {
    await Promise.all(closed);
  }
  if (failure) throw failure;
  return entries;
}

/**
 * Verifies an archive made by `createBackup` without restoring it and without opening any database (so it runs beside
 * a server holding the embedded database): every entry is a plain file or folder of the backup's layout (`entries.ts`),
 * the manifest parses, its schema version is one this build knows, every file matches its SHA-256 in the manifest and
 * none is missing or extra, every table's rows parse and their count is the manifest's, and the images are as many as
 * it says. Throws an `ArchiveCheckError` naming the first problem. An archive made before checksums were recorded is
 * checked for all the rest (`verified` is 0). A restore reads the archive through this same check (`extractTo`).
 */
export async function checkArchive(archive: string, options: CheckOptions = {}): Promise<CheckReport> {
  if (!(await stat(archive).catch(() => null))?.isFile()) throw new ArchiveCheckError(`No backup file at ${archive}`);
  const entries = await readArchive(archive, options.extractTo);

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
    throw new ArchiveCheckError(
      `Schema version ${manifest.schemaVersion} is unknown to this version (which knows ${known.join(", ")}): restore it with the version that made it, or a newer one.`,
    );

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
