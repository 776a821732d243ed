import { parseUploadUrl } from "@shared/images";
import {
  imageHashOf,
  type Media,
  type MediaDetail,
  type MediaLooks,
  type MediaPatch,
  type MediaUsage,
  type MediaUsageType,
  mediaIdSchema,
} from "@shared/schemas/media";
import type { PageQuery } from "@shared/schemas/page";
import { and, count, eq, getTableColumns, inArray, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../db/client";
import { type ImageColumn, imageColumns, imageHashSql } from "../db/image-columns";
import {
  banners,
  categories,
  certifications,
  contentBlocks,
  imageOrphans,
  media,
  mediaMissingAltSql,
  partners,
  products,
} from "../db/schema/index";
import { foldText } from "../db/text-fold";
import { atVersion, refusedWrite } from "../lib/edit-conflict";
import { conflict, notFound } from "../lib/http-error";
import { databaseTimestampSchema, type Page } from "../lib/keyset";
import { newestFirst, pagedList } from "../lib/paged-list";
import { containsPattern } from "./inbox";
import type { StoredImage } from "./storage/types";

type UsageRow = { type: MediaUsageType; id: string; label: string; adminLink: string };

/**
 * The usage query of one image column (every table of `imageColumns()` must have a case: a test checks it, so a new
 * image column is never silently missed by the usage list, the delete guard or the replace).: rows whose column names `hash`, with what the usage list shows of them.
 */
function usageQuery(db: Db, column: ImageColumn, hash: string): Promise<UsageRow[]> {
  const named = eq(imageHashSql(column.column), hash);
  switch (column.tableName) {
    case "products":
      return db
        .select({ id: products._id, label: products.nameFr })
        .from(products)
        .where(named)
        .then((rows) => rows.map((r) => ({ type: "product", id: r.id, label: r.label, adminLink: `/admin/products/edit/${r.id}` })));
    case "content_blocks":
      return db
        .select({ id: contentBlocks._id, productId: products._id, label: products.nameFr })
        .from(contentBlocks)
        .innerJoin(products, eq(products._id, contentBlocks.productId))
        .where(named)
        .then((rows) =>
          rows.map((r) => ({ type: "content_block", id: r.id, label: r.label, adminLink: `/admin/products/edit/${r.productId}` })),
        );
    case "categories":
      return db
        .select({ id: categories._id, label: categories.nameFr })
        .from(categories)
        .where(named)
        .then((rows) => rows.map((r) => ({ type: "category", id: r.id, label: r.label, adminLink: "/admin/categories" })));
    case "banners":
      return db
        .select({ id: banners._id, label: banners.titleFr })
        .from(banners)
        .where(named)
        .then((rows) => rows.map((r) => ({ type: "banner", id: r.id, label: r.label, adminLink: "/admin/banner" })));
    case "partners":
      return db
        .select({ id: partners._id, label: partners.name })
        .from(partners)
        .where(named)
        .then((rows) => rows.map((r) => ({ type: "partner", id: r.id, label: r.label, adminLink: "/admin/partners" })));
    case "certifications":
      return db
        .select({ id: certifications._id, label: certifications.nameFr })
        .from(certifications)
        .where(named)
        .then((rows) =>
          rows.map((r) => ({ type: "certification", id: r.id, label: r.label, adminLink: `/admin/certifications?edit=${r.id}` })),
        );
    default:
      throw new Error(`media: no usage list for the image column ${column.tableName}.${column.columnName}`);
  }
}

/** The tables whose image columns the usage list knows (a test checks every declared image column is among them). */
export const USAGE_TABLES = ["products", "content_blocks", "categories", "banners", "partners", "certifications"] as const;

/** How many rows name the media row's hash, over every image column (correlated: index look-ups per column). */
function usageCountSql(): SQL<number> {
  const counts = imageColumns().map(
    ({ table, column }) => sql`(select count(*) from ${table} where ${imageHashSql(column)} = ${media.hash})`,
  );
  return sql<number>`(${sql.join(counts, sql` + `)})::integer`;
}

/** No image column names the media row's hash: one `not exists` per column, each stopping at its first index hit. */
function unusedSql(): SQL {
  return and(
    ...imageColumns().map(({ table, column }) => sql`not exists (select 1 from ${table} where ${imageHashSql(column)} = ${media.hash})`),
  ) as SQL;
}

const { searchText: _searchText, updatedAt: _updatedAt, hash: _hash, ...ROW } = getTableColumns(media);
const COLUMNS = { _id: media.hash, ...ROW };
type Row = Omit<Media, "usageCount">;

/** Newest first: (created_at, hash); the hash answers as `_id`. */
const mediaCursorSchema = z.tuple([databaseTimestampSchema, mediaIdSchema]);

function searchCondition(q: string): SQL | undefined {
  const words = q.split(/\s+/).filter(Boolean);
  return and(...words.map((word) => sql`${media.searchText} like ${containsPattern(foldText(word))} escape '\\'`));
}

/** An uploaded file's name as the library keeps it: base name, no control characters, at most 200 characters. */
export function sanitiseFileName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  return (
    base
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f]/g, "")
      .trim()
      .slice(0, 200)
  );
}

/**
 * The media library (docs/decisions/0105-media-library.md): one row per stored image, keyed by its content hash. Where
 * an image is used is read through the declared image columns (server/db/image-columns.ts), each with an index on
 * the hash it names; "used" is the image sweep's rule (the hash in any image column).
 */
export function createMediaService(db: Db) {
  async function usages(hash: string, tx: Db = db): Promise<MediaUsage[]> {
    const lists = [];
    for (const column of imageColumns()) lists.push(await usageQuery(tx, column, hash));
    return lists.flat();
  }

  async function getRow(hash: string, tx: Db = db): Promise<Media | null> {
    const [row] = await tx
      .select({ ...COLUMNS, usageCount: usageCountSql() })
      .from(media)
      .where(eq(media.hash, hash))
      .limit(1);
    return row ?? null;
  }

  type Known = { url: string; width?: number | null; height?: number | null; byteSize?: number | null; fileName?: string };
  const rowOf = (image: Known) => {
    const parsed = parseUploadUrl(image.url);
    if (!parsed) return null;
    return {
      hash: parsed.hash,
      url: image.url,
      width: image.width ?? parsed.width,
      height: image.height ?? parsed.height,
      byteSize: image.byteSize ?? null,
      fileName: image.fileName ?? "",
    };
  };

  /** Records the images the library does not know yet (by hash), in statements of 500 rows; known ones are left as they are. */
  async function remember(images: Known[], known: ReadonlySet<string> = new Set()): Promise<void> {
    const rows = [...new Map(images.flatMap((image) => rowOf(image) ?? []).map((row) => [row.hash, row])).values()].filter(
      (row) => !known.has(row.hash),
    );
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insert(media)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
  }

  return {
    usages,

    /**
     * One page of the library, newest first; `q` searched in file name and alt texts; `unused` only images no content
     * shows; `missingAlt` only images lacking alt text (read from their partial index).
     */
    list(
      query: { q?: string | undefined; unused?: "true" | "false" | undefined; missingAlt?: "true" | "false" | undefined } & PageQuery,
    ): Promise<Page<Media> & { total: number }> {
      const unused = query.unused === "true" ? unusedSql() : undefined;
      const missingAlt = query.missingAlt === "true" ? mediaMissingAltSql : undefined;
      const where = and(query.q ? searchCondition(query.q) : undefined, unused, missingAlt);
      const columns = { ...COLUMNS, usageCount: usageCountSql() };
      return pagedList(db, { table: media, columns, order: newestFirst, cursor: mediaCursorSchema, where }, query);
    },

    /** How many images lack alt text (the dashboard's "Images sans texte alternatif"). */
    async missingAltCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(media).where(mediaMissingAltSql);
      return row?.n ?? 0;
    },

    async get(hash: string): Promise<MediaDetail> {
      const row = await getRow(hash);
      if (!row) throw notFound("media");
      return { ...row, usages: await usages(hash) };
    },

    /** The upload route: the image is in the library from now on (its name kept for the search). */
    async uploaded(image: StoredImage, byteSize: number, fileName: string | undefined): Promise<void> {
      await remember([{ ...image, byteSize, fileName: sanitiseFileName(fileName) }]);
    },

    /** Alt texts, decorative and focal point; with `version`, only while the stored one is still that (else 409). */
    async update(hash: string, patch: MediaPatch): Promise<Media> {
      const { version, ...fields } = patch;
      const [updated] = await db
        .update(media)
        .set({ ...fields, version: sql`${media.version} + 1`, updatedAt: new Date().toISOString() })
        .where(atVersion({ _id: media.hash, version: media.version }, hash, version))
        .returning({ hash: media.hash });
      if (!updated) refusedWrite(await getRow(hash), "media");
      const row = await getRow(hash);
      if (!row) throw notFound("media");
      return row;
    },

    /**
     * Deletes an image no content shows: refused (409 `media.in_use`) while any image column names it, read in the
     * same transaction as the delete of its row. Answers the row, whose URL the caller removes from the storage.
     */
    async remove(hash: string): Promise<Row> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select(COLUMNS).from(media).where(eq(media.hash, hash)).for("update");
        if (!row) throw notFound("media");
        if ((await usages(hash, tx)).length > 0) throw conflict({ code: "media.in_use" });
        await tx.delete(media).where(eq(media.hash, hash));
        await tx.delete(imageOrphans).where(eq(imageOrphans.url, row.url));
        return row;
      });
    },

    /**
     * Every row showing the image `oldHash` shows `next` instead, in one transaction over every declared image column;
     * rows with a version get version+1 (a product whose block changed too), so open forms get a conflict notice. The
     * new image takes the old one's alt texts, decorative mark and focal point; the old row goes (its file is then
     * unused, and the sweep deletes it after its grace period). Answers how many rows were rewritten.
     */
    async replace(
      oldHash: string,
      next: StoredImage,
      byteSize: number,
      fileName: string | undefined,
    ): Promise<{ media: Media; rewritten: number }> {
      const parsed = parseUploadUrl(next.url);
      if (!parsed) throw new Error("replace: not an upload URL");
      if (parsed.hash === oldHash) throw conflict({ code: "media.same_image" });
      const rewritten = await db.transaction(async (tx) => {
        const [old] = await tx.select(COLUMNS).from(media).where(eq(media.hash, oldHash)).for("update");
        if (!old) throw notFound("media");
        let total = 0;
        const touchedProducts = new Set<string>();
        // One UPDATE per table (a banner has four image columns: its version moves once), each column rewritten where
        // it names the old image; the WHERE is an OR of the per-column look-ups, each on its hash index.
        const byTable = new Map<ImageColumn["table"], ImageColumn[]>();
        for (const column of imageColumns()) byTable.set(column.table, [...(byTable.get(column.table) ?? []), column]);
        for (const [table, imageCols] of byTable) {
          const columns = getTableColumns(table) as Record<string, PgColumn>;
          const set: Record<string, unknown> = {};
          for (const { column } of imageCols) {
            const key = Object.entries(columns).find(([, c]) => c.name === column.name)?.[0];
            if (key) set[key] = sql`case when ${imageHashSql(column)} = ${oldHash} then ${next.url} else ${column} end`;
          }
          if (columns.version) set.version = sql`${columns.version} + 1`;
          if (columns.updatedAt) set.updatedAt = new Date().toISOString();
          const returning: Record<string, PgColumn> = { id: columns._id as PgColumn };
          if (columns.productId) returning.productId = columns.productId;
          const named = or(...imageCols.map(({ column }) => eq(imageHashSql(column), oldHash)));
          const rows = (await tx.update(table).set(set).where(named).returning(returning)) as { id: string; productId?: string }[];
          total += rows.length;
          for (const row of rows) if (row.productId) touchedProducts.add(row.productId);
        }
        if (touchedProducts.size > 0)
          await tx
            .update(products)
            .set({ version: sql`${products.version} + 1`, updatedAt: new Date().toISOString() })
            .where(inArray(products._id, [...touchedProducts]));
        await tx
          .insert(media)
          .values({
            hash: parsed.hash,
            url: next.url,
            width: next.width,
            height: next.height,
            byteSize,
            fileName: sanitiseFileName(fileName) || old.fileName,
            altFr: old.altFr,
            altEn: old.altEn,
            decorative: old.decorative,
            focalX: old.focalX,
            focalY: old.focalY,
          })
          .onConflictDoUpdate({
            target: media.hash,
            set: {
              altFr: old.altFr,
              altEn: old.altEn,
              decorative: old.decorative,
              focalX: old.focalX,
              focalY: old.focalY,
              version: sql`${media.version} + 1`,
            },
          });
        await tx.delete(media).where(eq(media.hash, oldHash));
        return total;
      });
      const row = await getRow(parsed.hash);
      if (!row) throw new Error("replace: new row missing");
      return { media: row, rewritten };
    },

    /**
     * Fills the library with the images it does not know yet: every upload any image column names, and every original
     * in the storage. Idempotent (insert … on conflict do nothing); run at start-up. Costs two reads and one listing of
     * the storage once filled; one insert per 500 new images otherwise.
     */
    async backfill(stored: AsyncIterable<string>): Promise<number> {
      const before = await db.select({ n: count() }).from(media);
      // Only the hashes the library lacks are written: once filled, a start costs reads only.
      const known = new Set((await db.select({ hash: media.hash }).from(media)).map((row) => row.hash));
      const named = (await db.execute(
        sql`select distinct on (hash) hash, url from (${sql.join(
          imageColumns().map(
            ({ table, column }) =>
              sql`select ${imageHashSql(column)} as hash, ${column} as url from ${table} where ${column} like '/uploads/%'`,
          ),
          sql` union all `,
        )}) as named where hash is not null`,
      )) as unknown as { rows: { hash: string; url: string }[] };
      const found: Known[] = named.rows.map(({ url }) => ({ url }));
      for await (const key of stored) found.push({ url: `/uploads/${key}` });
      await remember(found, known);
      const after = await db.select({ n: count() }).from(media);
      return (after[0]?.n ?? 0) - (before[0]?.n ?? 0);
    },

    /** The sweep deleted the file of `url`: its row goes too. */
    async forget(url: string): Promise<void> {
      await db.delete(media).where(eq(media.url, url));
    },

    /** What public pages need of their images (`MediaLooks`), in one query by the hashes their URLs name. */
    async looks(urls: readonly (string | null | undefined)[]): Promise<MediaLooks> {
      const hashes = [...new Set(urls.map(imageHashOf).filter((hash): hash is string => hash !== null))];
      const looks: MediaLooks = {};
      if (hashes.length === 0) return looks;
      const rows = await db
        .select({
          hash: media.hash,
          altFr: media.altFr,
          altEn: media.altEn,
          decorative: media.decorative,
          focalX: media.focalX,
          focalY: media.focalY,
        })
        .from(media)
        .where(inArray(media.hash, hashes));
      for (const { hash, ...look } of rows) looks[hash] = look;
      return looks;
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
