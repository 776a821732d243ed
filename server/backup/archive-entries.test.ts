import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { DOCUMENT_MAX_BYTES } from "@shared/documents";
import { Header, list, type ReadEntry } from "tar";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { copyPostgresTemplate } from "../../test/postgres-db";
import { runCompiled } from "../../test/server-process";
import { copyTemplate } from "../../test/template-db";
import { createTestContext } from "../../test/test-app";
import { uploadPicture } from "../../test/uploads";
import { type Database, openDatabase } from "../db/client";
import { categories } from "../db/schema/index";
import { createDiskStorage } from "../services/storage/disk";
import type { ImageStorage } from "../services/storage/types";
import { ArchiveCheckError, checkArchive } from "./check";
import { createBackup } from "./create";
import { RestoreRefusedError, restoreBackup } from "./restore";

/**
 * `npm run backup -- --check` and `npm run restore` judge an archive's entries by one rule (entries.ts): whatever the
 * check refuses, a restore refuses with the same words, before the database is touched and without leaving its
 * staging folder behind.
 */
const scratch = mkdtempSync(path.join(tmpdir(), "marine-algae-archive-entries-"));
/** Where a path escaping the staging folder would land: the staging folder's parent is the temporary folder. */
const escaped = `marine-algae-escaped-${process.pid}.txt`;

type Crafted = {
  path: string;
  type?: "File" | "Directory" | "Link" | "SymbolicLink" | "FIFO" | "CharacterDevice";
  body?: Buffer;
  linkpath?: string;
  size?: number;
};

/** A .tar.gz written block by block, so it can hold what no tar tool would put in a backup. */
function tarGz(entries: Crafted[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = entry.body ?? Buffer.alloc(0);
    const header = Buffer.alloc(512);
    new Header({
      path: entry.path,
      type: entry.type ?? "File",
      size: entry.size ?? body.length,
      linkpath: entry.linkpath ?? "",
      mode: entry.type === "Directory" ? 0o755 : 0o644,
      uid: 0,
      gid: 0,
      mtime: new Date("2026-11-24T00:00:00Z"),
    }).encode(header, 0);
    blocks.push(header, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

/** The entries of an archive with their bytes, in order. */
async function entriesOf(archive: string): Promise<Crafted[]> {
  const read: Promise<Crafted>[] = [];
  await list({
    file: archive,
    onReadEntry(entry: ReadEntry) {
      const chunks: Buffer[] = [];
      entry.on("data", (chunk: Buffer) => chunks.push(chunk));
      read.push(
        new Promise((resolve) =>
          entry.on("end", () =>
            resolve({ path: entry.path, type: entry.type === "Directory" ? "Directory" : "File", body: Buffer.concat(chunks) }),
          ),
        ),
      );
    },
  });
  return Promise.all(read);
}

/** An empty, migrated database on the suite's engine, and an empty storage, to restore into. */
async function emptyTarget(): Promise<{ database: Database; storage: ImageStorage; close(): Promise<void> }> {
  const dataDir = copyTemplate(inject("pgliteTemplate"));
  const template = inject("postgresTemplate");
  const postgres = template ? await copyPostgresTemplate(template) : null;
  const database = await openDatabase({ dataDir, databaseUrl: postgres?.url });
  return {
    database,
    storage: createDiskStorage(path.join(dataDir, "uploads")),
    async close() {
      await database.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The outcome of a command as one line: "OK", or the refusal's message. */
const outcome = (run: Promise<unknown>, refusal: new (message: string) => Error) =>
  run.then(
    () => "OK",
    (error: unknown) => (error instanceof refusal ? error.message : `unexpected ${String(error)}`),
  );

/** Restores with the temporary folder moved to a folder of its own, and says what the restore left there. */
async function restoreIn(target: { database: Database; storage: ImageStorage }, archive: string) {
  const temp = mkdtempSync(path.join(scratch, "tmp-"));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = temp;
  try {
    const result = await outcome(restoreBackup(target.database, target.storage, archive), RestoreRefusedError);
    return { result, left: readdirSync(temp), escapedTo: existsSync(path.join(temp, escaped)) };
  } finally {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
  }
}

let good: Crafted[] = [];
let goodArchive = "";
beforeAll(async () => {
  const t = await createTestContext();
  try {
    const logo = await uploadPicture(t, { width: 400, height: 300 }, { r: 10, g: 120, b: 90 });
    expect((await t.call("POST", "/partners", { name: "Partenaire", logoUrl: logo, websiteUrl: "https://example.com" })).statusCode).toBe(
      201,
    );
    expect((await t.call("POST", "/categories", { slug: "les-algues", nameFr: "Les algues", nameEn: "Algae" })).statusCode).toBe(201);
    goodArchive = path.join(scratch, "good.tar.gz");
    await createBackup(t.database, t.app.services.storage, goodArchive);
  } finally {
    await t.close();
  }
  good = await entriesOf(goodArchive);
}, 60_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const text = (value: string) => Buffer.from(value);
const CASES: { name: string; entry: Crafted; refusal: RegExp }[] = [
  {
    name: "a path climbing out with ..",
    entry: { path: `uploads/algues/../../../${escaped}`, body: text("pwned") },
    refusal: /^uploads\/algues\/\.\.\/\.\.\/\.\.\/.* leads out of the archive \(\.\.\): a backup holds only paths inside it\.$/,
  },
  {
    name: "an absolute path",
    entry: { path: `/tmp/${escaped}`, body: text("pwned") },
    refusal: /^\/tmp\/.* is an absolute path: a backup holds only paths inside it\.$/,
  },
  {
    name: "a hard link to a host file",
    entry: { path: "uploads/algues/passwd.webp", type: "Link", linkpath: "/etc/passwd" },
    refusal: /^uploads\/algues\/passwd\.webp is a hard link to \/etc\/passwd: a backup holds only plain files and folders\.$/,
  },
  {
    name: "a symbolic link",
    entry: { path: "uploads/algues/shadow.webp", type: "SymbolicLink", linkpath: "/etc/shadow" },
    refusal: /^uploads\/algues\/shadow\.webp is a symbolic link to \/etc\/shadow: a backup holds only plain files and folders\.$/,
  },
  {
    name: "a named pipe",
    entry: { path: "database/pipe.ndjson", type: "FIFO" },
    refusal: /^database\/pipe\.ndjson is a named pipe \(FIFO\): a backup holds only plain files and folders\.$/,
  },
  {
    name: "a device",
    entry: { path: "uploads/algues/null.webp", type: "CharacterDevice" },
    refusal: /^uploads\/algues\/null\.webp is a device: a backup holds only plain files and folders\.$/,
  },
  {
    name: "a file outside the backup's layout",
    entry: { path: "notes.txt", body: text("hello") },
    refusal:
      /^notes\.txt is not part of a Marine Algae backup \(manifest\.json, database\/<table>\.ndjson, uploads\/<folder>\/<file>, documents\/<sha-256>\.pdf\)\.$/,
  },
  {
    name: "a document larger than a restore reads",
    entry: { path: `documents/${"a".repeat(64)}.pdf`, size: DOCUMENT_MAX_BYTES + 1 },
    refusal: new RegExp(
      `^documents/a{64}\\.pdf is ${DOCUMENT_MAX_BYTES + 1} bytes, more than the ${DOCUMENT_MAX_BYTES} a backup's file there may have\\.$`,
    ),
  },
  {
    name: "a second manifest.json",
    entry: { path: "manifest.json", body: text('{"format":"marine-algae-backup"}') },
    refusal: /^manifest\.json is in the archive twice\.$/,
  },
];

describe("the entries of an archive: --check and restore agree", () => {
  // One empty site for every refused archive: each case checks that its refusal left the database and the image
  // storage empty, which is also what lets the next case reach its own refusal.
  let refusing: Awaited<ReturnType<typeof emptyTarget>>;
  beforeAll(async () => {
    refusing = await emptyTarget();
  });
  afterAll(() => refusing.close());

  it.each(CASES)(
    "both refuse $name with the same message, and the restore leaves nothing in the temporary folder, the database or the images",
    async ({ entry, refusal }) => {
      // The forged entry comes right after the manifest, so whatever extraction follows it would still be under way.
      const [manifest, ...rest] = good;
      const archive = path.join(scratch, "forged.tar.gz");
      await writeFile(archive, tarGz([manifest as Crafted, entry, ...rest]));

      const checked = await outcome(checkArchive(archive), ArchiveCheckError);
      expect(checked).toMatch(refusal);
      const restored = await restoreIn(refusing, archive);
      expect(restored.result).toBe(checked);
      expect(restored.left, "staging folders left behind").toEqual([]);
      expect(restored.escapedTo).toBe(false);
      expect(await refusing.database.db.select().from(categories)).toEqual([]);
      const objects: string[] = [];
      for await (const key of refusing.storage.listObjects()) objects.push(key);
      expect(objects, "images written by a refused restore").toEqual([]);
    },
  );

  it("both pass a backup as createBackup wrote it, and the restore puts its rows back and leaves no staging folder", async () => {
    expect(await outcome(checkArchive(goodArchive), ArchiveCheckError)).toBe("OK");
    const target = await emptyTarget();
    try {
      const restored = await restoreIn(target, goodArchive);
      expect(restored).toEqual({ result: "OK", left: [], escapedTo: false });
      expect((await target.database.db.select().from(categories)).map((row) => row.slug)).toEqual(["les-algues"]);
      const objects: string[] = [];
      for await (const key of target.storage.listObjects()) objects.push(key);
      expect(objects.length).toBeGreaterThan(0);
    } finally {
      await target.close();
    }
  });

  it("the compiled commands print that refusal alike: `Archive check failed:` and `Restore refused:`, never ENOTEMPTY", async () => {
    const [manifest, ...rest] = good;
    const archive = path.join(scratch, "hard-link.tar.gz");
    await writeFile(
      archive,
      tarGz([manifest as Crafted, { path: "uploads/algues/passwd.webp", type: "Link", linkpath: "/etc/passwd" }, ...rest]),
    );
    const dataDir = mkdtempSync(path.join(scratch, "cli-"));
    const message = "uploads/algues/passwd.webp is a hard link to /etc/passwd: a backup holds only plain files and folders.";

    const checked = await runCompiled("backup", ["--check", archive], dataDir);
    expect(checked.code).toBe(1);
    expect(checked.output.trim()).toMatch(/^\S+Z Archive check failed: /);
    expect(checked.output.trim().endsWith(`Archive check failed: ${message}`), checked.output).toBe(true);
    const temp = mkdtempSync(path.join(scratch, "cli-tmp-"));
    const restored = await runCompiled("restore", [archive], dataDir, { TMPDIR: temp });
    expect(restored.code).toBe(1);
    expect(restored.output.trim()).toBe(`Restore refused: ${message}`);
    expect(readdirSync(temp)).toEqual([]);
  }, 120_000);
});
