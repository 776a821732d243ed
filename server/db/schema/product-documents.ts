import { DOCUMENT_KINDS, DOCUMENT_LANGUAGES, DOCUMENT_VISIBILITIES } from "@shared/documents";
import { date, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn, updatedAt, versionColumn } from "./columns";
import { products } from "./products";

/**
 * PDF documents of a product (decision 0109). The file is stored once per content (`documents/<content_hash>.pdf` in
 * the image storage); several rows may share it, and it is removed when the last row naming its hash goes.
 */
export const productDocuments = pgTable(
  "product_documents",
  {
    _id: idColumn(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products._id, { onDelete: "cascade" }),
    kind: text("kind", { enum: DOCUMENT_KINDS }).notNull(),
    language: text("language", { enum: DOCUMENT_LANGUAGES }).notNull(),
    titleFr: text("title_fr").notNull().default(""),
    titleEn: text("title_en").notNull().default(""),
    versionLabel: text("version_label").notNull().default(""),
    documentDate: date("document_date", { mode: "string" }),
    visibility: text("visibility", { enum: DOCUMENT_VISIBILITIES }).notNull().default("public"),
    position: integer("position").notNull().default(0),
    /** SHA-256 (hex) of the file: its storage key and the immutable part of its address. */
    contentHash: text("content_hash").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** The name the file was uploaded with: shown to administrators only. */
    fileName: text("file_name").notNull().default(""),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("product_documents_product_idx").on(t.productId, t.position), index("product_documents_hash_idx").on(t.contentHash)],
);

/**
 * Downloads of each document per UTC day (no cookie, no IP, no per-person record: one counter). `product_id` is kept
 * (not a foreign key: the product's row goes with its documents anyway) so a report sums downloads per product over a
 * range of days from the index alone.
 */
export const documentDownloadsDaily = pgTable(
  "document_downloads_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => productDocuments._id, { onDelete: "cascade" }),
    productId: uuid("product_id").notNull(),
    downloads: integer("downloads").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.documentId] }),
    index("document_downloads_daily_product_idx").on(t.productId, t.day, t.downloads),
  ],
);
