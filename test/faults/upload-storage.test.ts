import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_UPLOAD_FOLDER } from "@shared/limits";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { copyTemplate } from "../template-db";
import { login, type ServerProcess, startServer } from "./server-process";

/** A mount of a 64 KiB tmpfs, when this machine allows it (root with mount rights): a disk that fills up. */
function tryMountSmallDisk(dir: string): boolean {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
}

/** Every entry under the uploads root, dot files (temporary writes) included. */
function listTree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
}

describe("fault: an upload when the image folder cannot be written or the disk is full", () => {
  const dataDir = copyTemplate(inject("pgliteTemplate"));
  const uploads = path.join(dataDir, "uploads");
  const folder = path.join(uploads, DEFAULT_UPLOAD_FOLDER);
  let server: ServerProcess | undefined;
  let token = "";
  let mounted = false;
  let photo: Buffer;

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir });
    token = await login(server.url);
    // Noise compresses badly: its variants alone are far larger than the small disk.
    photo = await sharp({
      create: { width: 900, height: 700, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
  }, 180_000);
  afterAll(async () => {
    await server?.stop("SIGKILL");
    if (mounted) execFileSync("umount", [folder]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = async () => {
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(photo)], { type: "image/png" }), "algue.png");
    const response = await fetch(`${server?.url}/api/upload/image`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as { error?: string; url?: string } };
  };

  it("answers 503 with a clear message when the folder cannot be written, and leaves no file behind", async () => {
    rmSync(folder, { recursive: true, force: true });
    // A regular file where the folder should be: mkdir fails, even for root (chmod would not stop root).
    writeFileSync(folder, "not a folder");
    const result = await upload();
    console.log(`[fault unwritable uploads folder] status=${result.status} error="${result.body.error}"`);
    expect(result.status).toBe(503);
    expect(result.body.error).toMatch(/Le dossier des images est inaccessible.*\/ The image folder cannot be written/);
    expect(listTree(uploads)).toEqual([DEFAULT_UPLOAD_FOLDER]);
    expect(server?.child.exitCode).toBeNull();
    rmSync(folder, { force: true });
  });

  it("answers 507 when the disk is full, and leaves no partial file or orphan variant behind", async (test) => {
    mkdirSync(folder, { recursive: true });
    mounted = tryMountSmallDisk(folder);
    if (!mounted) test.skip("no permission to mount a small tmpfs here");
    const result = await upload();
    console.log(`[fault disk full] status=${result.status} error="${result.body.error}"`);
    expect(result.status).toBe(507);
    expect(result.body.error).toMatch(/Espace disque insuffisant.*\/ Not enough disk space/);
    expect(listTree(folder)).toEqual([]);
    expect(server?.child.exitCode).toBeNull();
    // Once space is back (the small disk removed), the same upload succeeds.
    execFileSync("umount", [folder]);
    mounted = false;
    const again = await upload();
    expect(again.status).toBe(201);
  });
});
