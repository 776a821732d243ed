import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { foldedSql } from "../text-fold";
import { createdAt, updatedAt, versionColumn } from "./columns";

/**
 * An image lacking alt text: not decorative, and no alt text in French or in English (a page in that language falls
 * back to its default). The "Sans texte alternatif" filter and the dashboard's count read it, under a partial index.
 */
export const mediaMissingAltSql = sql`not decorative and (alt_fr = '' or alt_en = '')`;

/**
 * The media library (docs/decisions/0105-media-library.md): one row per stored image, keyed by its content hash (one
 * hash = one image, whatever its variants, shared/images.ts). What the library adds to the file: alt texts per
 * language (or "decorative": alt=""), and the focal point crops keep in view (percent of width and height). Rows are
 * written by the upload, and at start-up for images referenced or stored before the library existed.
 */
export const media = pgTable(
  "media",
  {
    hash: text("hash").primaryKey(),
    /** The original's address (`/uploads/<folder>/<hash>-<w>x<h>.<ext>`), or the address content referred to. */
    url: text("url").notNull(),
    width: integer("width"),
    height: integer("height"),
    /** Size of the file as uploaded; null for images found before the library. */
    byteSize: integer("byte_size"),
    /** The uploaded file's name (sanitised), for the search. */
    fileName: text("file_name").notNull().default(""),
    altFr: text("alt_fr").notNull().default(""),
    altEn: text("alt_en").notNull().default(""),
    decorative: boolean("decorative").notNull().default(false),
    focalX: integer("focal_x").notNull().default(50),
    focalY: integer("focal_y").notNull().default(50),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What the search reads: file name and both alt texts, folded, one per line, under a trigram index. */
    searchText: text("search_text").generatedAlwaysAs(foldedSql(sql`file_name || chr(10) || alt_fr || chr(10) || alt_en`)),
  },
  (t) => [
    index("media_created_idx").on(t.createdAt.desc(), t.hash.desc()),
    index("media_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("media_missing_alt_idx").on(t.createdAt.desc(), t.hash.desc()).where(mediaMissingAltSql),
    check("media_focal_check", sql`${t.focalX} between 0 and 100 and ${t.focalY} between 0 and 100`),
  ],
);
