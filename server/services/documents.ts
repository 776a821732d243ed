import { createHash } from "node:crypto";
import {
  type DocumentFields,
  type DocumentPatch,
  documentDownloadName,
  documentUrl,
  type ProductDocument,
  type PublicDocument,
} from "@shared/documents";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { documentDownloadsDaily, mailAttachments, productDocuments, products } from "../db/schema/index";
import { type Clock, isoNow, systemClock } from "../lib/clock";
import { dailyJob } from "../lib/daily-job";
import { refusedWrite } from "../lib/edit-conflict";
import { notFound } from "../lib/http-error";
import { publicProduct } from "./catalogue/products";
import type { ImageStorage, StoredDocument } from "./storage/types";

type Row = typeof productDocuments.$inferSelect;

/**
 * Serialises what touches one stored file: an upload (file, then row) and a removal (count rows, then file). Every
 * writer of a row naming a stored file (product documents, conversation files) takes it around its file and row.
 */
export const hashLock = (hash: string) => sql`select pg_advisory_xact_lock(hashtextextended(${`document:${hash}`}, 0))`;

function toDocument(row: Row, slug: string): ProductDocument {
  return {
    ...row,
    url: documentUrl(row.contentHash, documentDownloadName(slug, row.kind, row.language, row.versionLabel)),
  };
}

export type DocumentDownload = StoredDocument & { fileName: string; documentId: string; productId: string };

/**
 * Product documents (decision 0109): PDF files checked by content, stored once per SHA-256 through the image storage,
 * listed on the product page and counted per day when downloaded.
 */
export function createDocumentService(
  db: Db,
  storage: ImageStorage,
  clock: Clock = systemClock,
  log: { error(obj: object, msg: string): void } = console,
) {
  async function productSlug(productId: string): Promise<string> {
    const [product] = await db.select({ slug: products.slug }).from(products).where(eq(products._id, productId));
    if (!product) throw notFound("product");
    return product.slug;
  }

  async function getRow(productId: string, documentId: string): Promise<Row | undefined> {
    const [row] = await db
      .select()
      .from(productDocuments)
      .where(and(eq(productDocuments._id, documentId), eq(productDocuments.productId, productId)));
    return row;
  }

  /** Removes the file of `hash` when no row names it any more; under the hash's lock, so an upload cannot slip between. */
  async function releaseFile(hash: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      await tx.execute(hashLock(hash));
      // A product's document, or a file of a conversation with a buyer (decision 0115), keeps the file.
      const [used] = await tx
        .select({
          n: sql<number>`(select count(*) from ${productDocuments} where ${productDocuments.contentHash} = ${hash})
            + (select count(*) from ${mailAttachments} where ${mailAttachments.contentHash} = ${hash})`.mapWith(Number),
        })
        .from(sql`(select 1) as one`);
      if ((used?.n ?? 0) > 0) return false;
      return storage.deleteDocument(hash);
    });
  }

  /** Removes stored files no row names (left by a crash between a row's deletion and its file's, or a failed insert). */
  async function sweep(): Promise<string[]> {
    const removed: string[] = [];
    for await (const hash of storage.listDocuments()) if (await releaseFile(hash)) removed.push(hash);
    return removed;
  }

  return {
    sweep,
    /** Sweeps now and then once a day (started and stopped with the server, like the image sweep). */
    sweeping: dailyJob("document sweep", sweep, log),

    async list(productId: string): Promise<ProductDocument[]> {
      const slug = await productSlug(productId);
      const rows = await db
        .select()
        .from(productDocuments)
        .where(eq(productDocuments.productId, productId))
        .orderBy(asc(productDocuments.position), asc(productDocuments.createdAt));
      return rows.map((row) => toDocument(row, slug));
    },

    /** Checks the PDF (pdf-check.ts), stores its file (once per content) and adds the row, last in the product's list. */
    async create(productId: string, bytes: Buffer, fileName: string, fields: DocumentFields): Promise<ProductDocument> {
      const slug = await productSlug(productId);
      // pdf-lib, loaded with the first document checked (issue 34).
      const { checkPdf } = await import("./pdf-check");
      await checkPdf(bytes);
      const hash = createHash("sha256").update(bytes).digest("hex");
      const row = await db.transaction(async (tx) => {
        await tx.execute(hashLock(hash));
        // File first, row second, under the lock: a crash in between leaves an unused file (swept), never a row without file.
        await storage.saveDocument(hash, bytes);
        const [last] = await tx
          .select({ position: sql<number>`coalesce(max(${productDocuments.position}), -1)::int` })
          .from(productDocuments)
          .where(eq(productDocuments.productId, productId));
        const [inserted] = await tx
          .insert(productDocuments)
          .values({
            ...fields,
            productId,
            position: (last?.position ?? -1) + 1,
            contentHash: hash,
            sizeBytes: bytes.length,
            fileName: fileName.slice(0, 200),
          })
          .returning();
        return inserted as Row;
      });
      return toDocument(row, slug);
    },

    /** Changes the metadata of a document; a form based on an older version gets 409 with the stored one. */
    async update(productId: string, documentId: string, patch: DocumentPatch): Promise<ProductDocument> {
      const slug = await productSlug(productId);
      const { version, ...fields } = patch;
      const [row] = await db
        .update(productDocuments)
        .set({ ...fields, version: sql`${productDocuments.version} + 1`, updatedAt: isoNow(clock) })
        .where(and(eq(productDocuments._id, documentId), eq(productDocuments.productId, productId), eq(productDocuments.version, version)))
        .returning();
      if (!row) {
        const current = await getRow(productId, documentId);
        refusedWrite(current ? toDocument(current, slug) : null, "document");
      }
      return toDocument(row, slug);
    },

    /** Deletes the row, then the file once no other row uses it (a crash in between leaves a file the sweep removes). */
    async remove(productId: string, documentId: string): Promise<ProductDocument> {
      const slug = await productSlug(productId);
      const [row] = await db
        .delete(productDocuments)
        .where(and(eq(productDocuments._id, documentId), eq(productDocuments.productId, productId)))
        .returning();
      if (!row) throw notFound("document");
      await releaseFile(row.contentHash);
      return toDocument(row, slug);
    },

    /** Sets the order of the product's documents: `ids` must be exactly its documents. */
    async reorder(productId: string, ids: string[]): Promise<ProductDocument[]> {
      const slug = await productSlug(productId);
      await db.transaction(async (tx) => {
        const rows = await tx.select({ id: productDocuments._id }).from(productDocuments).where(eq(productDocuments.productId, productId));
        const known = new Set(rows.map((r) => r.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) throw notFound("document");
        for (const [position, id] of ids.entries()) await tx.update(productDocuments).set({ position }).where(eq(productDocuments._id, id));
      });
      const rows = await db
        .select()
        .from(productDocuments)
        .where(eq(productDocuments.productId, productId))
        .orderBy(asc(productDocuments.position));
      return rows.map((row) => toDocument(row, slug));
    },

    /** What the product page lists: every document (on-request ones without address), in the admin's order. */
    async publicList(productId: string, slug: string): Promise<PublicDocument[]> {
      const rows = await db
        .select()
        .from(productDocuments)
        .where(eq(productDocuments.productId, productId))
        .orderBy(asc(productDocuments.position), asc(productDocuments.createdAt));
      return rows.map((row) => ({
        _id: row._id,
        kind: row.kind,
        language: row.language,
        titleFr: row.titleFr,
        titleEn: row.titleEn,
        versionLabel: row.versionLabel,
        documentDate: row.documentDate,
        visibility: row.visibility,
        sizeBytes: row.sizeBytes,
        url: row.visibility === "public" ? toDocument(row, slug).url : null,
      }));
    },

    /**
     * The file of a public document of a publicly visible product with this hash and download name; null otherwise
     * (unknown hash, on-request document, inactive or unpublished product, another name).
     */
    async openPublic(hash: string, name: string): Promise<DocumentDownload | null> {
      if (!/^[0-9a-f]{64}$/.test(hash)) return null;
      const rows = await db
        .select({ row: productDocuments, slug: products.slug })
        .from(productDocuments)
        .innerJoin(products, eq(products._id, productDocuments.productId))
        .where(and(eq(productDocuments.contentHash, hash), eq(productDocuments.visibility, "public"), publicProduct(clock)))
        .orderBy(asc(productDocuments.createdAt));
      const match = rows.find(({ row, slug }) => documentDownloadName(slug, row.kind, row.language, row.versionLabel) === name);
      if (!match) return null;
      const file = await storage.openDocument(hash);
      if (!file) return null;
      return { ...file, fileName: name, documentId: match.row._id, productId: match.row.productId };
    },

    /** One more download of the document today (UTC): one counter per day, nothing about who downloaded. */
    async countDownload(documentId: string, productId: string): Promise<void> {
      const day = isoNow(clock).slice(0, 10);
      await db
        .insert(documentDownloadsDaily)
        .values({ day, documentId, productId, downloads: 1 })
        .onConflictDoUpdate({
          target: [documentDownloadsDaily.day, documentDownloadsDaily.documentId],
          set: { downloads: sql`${documentDownloadsDaily.downloads} + 1` },
        });
    },
  };
}
export type DocumentService = ReturnType<typeof createDocumentService>;
