import { parseUploadUrl } from "@shared/images";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { referencedHashesQuery } from "../db/image-columns";
import { imageOrphans, media } from "../db/schema/index";
import { dailyJob } from "../lib/daily-job";
import type { ImageStorage } from "./storage/types";

/** How long an image stays unreferenced before it is deleted: an upload waits for its form to be saved meanwhile. */
export const ORPHAN_GRACE_DAYS = 7;

export type SweepResult = { stored: number; unreferenced: number; deleted: string[] };

/**
 * Deletes uploaded images that no content refers to any more (a replaced cover, a removed product or partner), so
 * uploads and backups do not grow with every change. Names are content hashes and several rows may share an image, so
 * a reference is the image's hash in any column declared with `imageUrl(…)` (server/db/image-columns.ts), whether it
 * names the original, a variant or a CDN's address of either. An image is only
 * deleted once it has been unreferenced at every sweep for ORPHAN_GRACE_DAYS; uploading it again clears that mark, so
 * an image uploaded for a form that is not saved yet is left alone. Idempotent: instances sharing a database may all run it.
 */
export function createImageSweeper(db: Db, storage: ImageStorage, log: { error(obj: object, msg: string): void }) {
  async function referencedHashes(): Promise<Set<string>> {
    const result = (await db.execute(referencedHashesQuery())) as unknown as { rows: { hash: string }[] };
    return new Set(result.rows.map((row) => row.hash));
  }

  async function storedOriginals(): Promise<string[]> {
    const urls: string[] = [];
    for await (const key of storage.listObjects()) {
      const url = `/uploads/${key}`;
      if (parseUploadUrl(url)) urls.push(url);
    }
    return urls;
  }

  async function sweep(): Promise<SweepResult> {
    const stored = await storedOriginals();
    const referenced = await referencedHashes();
    const unreferenced = stored.filter((url) => !referenced.has(parseUploadUrl(url)?.hash ?? ""));
    // Marks of images referenced again, or gone, are dropped; new orphans are marked from now.
    const keep = new Set(unreferenced);
    const marks = await db.select().from(imageOrphans);
    const stale = marks.filter((mark) => !keep.has(mark.url)).map((mark) => mark.url);
    if (stale.length > 0) await db.delete(imageOrphans).where(inArray(imageOrphans.url, stale));
    if (unreferenced.length > 0)
      await db
        .insert(imageOrphans)
        .values(unreferenced.map((url) => ({ url })))
        .onConflictDoNothing();

    const graceOver = lt(imageOrphans.since, sql`now() - make_interval(days => ${ORPHAN_GRACE_DAYS})`);
    const due = await db.select({ url: imageOrphans.url }).from(imageOrphans).where(graceOver);
    const deleted: string[] = [];
    if (due.length > 0) {
      // Read again just before deleting: a save since the first read may have taken one of them back.
      const referencedNow = await referencedHashes();
      for (const { url } of due) {
        if (referencedNow.has(parseUploadUrl(url)?.hash ?? "")) continue;
        // The mark goes first, and only if it is still old: an upload of the same image since then cleared it.
        const taken = await db
          .delete(imageOrphans)
          .where(and(eq(imageOrphans.url, url), graceOver))
          .returning({ url: imageOrphans.url });
        if (taken.length === 0) continue;
        await storage.deleteImage(url);
        // Its media library row goes with it (docs/decisions/0105-media-library.md).
        await db.delete(media).where(eq(media.url, url));
        deleted.push(url);
      }
    }
    return { stored: stored.length, unreferenced: unreferenced.length, deleted };
  }

  return {
    sweep,

    /** An image just uploaded is wanted again: its grace period starts over at the next sweep. */
    async unmark(url: string): Promise<void> {
      await db.delete(imageOrphans).where(eq(imageOrphans.url, url));
    },

    /** Sweeps now and then once a day. */
    sweeping: dailyJob("image sweep", sweep, log),
  };
}
export type ImageSweeper = ReturnType<typeof createImageSweeper>;
