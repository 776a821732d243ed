import { historyFieldsOf } from "@shared/resources/define";
import { pageResource } from "@shared/resources/pages";
import type { PageQuery } from "@shared/schemas/page";
import { richToPlain } from "@shared/schemas/rich-text";
import {
  type PageKey,
  type SitePage,
  type SitePageData,
  type SitePageLink,
  type SitePageRow,
  sitePageInputSchema,
} from "@shared/schemas/site-page";
import type { TranslationFilter } from "@shared/schemas/translation";
import { needsTranslation } from "@shared/translation-gaps";
import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { pages } from "../db/schema/index";
import { type ChangeSink, fieldChanges } from "../lib/history-changes";
import { conflict, isUniqueViolation, notFound } from "../lib/http-error";
import { createdCursorSchema, type Page } from "../lib/keyset";
import { newestFirst, pagedList } from "../lib/paged-list";
import { flagColumn } from "./translation-flags";
import { lockRow, updateRow, versionedCreate, versionedSwitch, versionedUpdate } from "./versioned-write";
import { type Actor, snapshotAsInput } from "./versions";

const rowColumns = {
  _id: pages._id,
  key: sql<PageKey | null>`${pages.key}`,
  slugFr: pages.slugFr,
  slugEn: pages.slugEn,
  titleFr: pages.titleFr,
  titleEn: pages.titleEn,
  metaTitleFr: pages.metaTitleFr,
  metaTitleEn: pages.metaTitleEn,
  metaDescriptionFr: pages.metaDescriptionFr,
  metaDescriptionEn: pages.metaDescriptionEn,
  isActive: pages.isActive,
  version: pages.version,
  createdAt: pages.createdAt,
  updatedAt: pages.updatedAt,
};
const columns = { ...rowColumns, bodyFr: pages.bodyFr, bodyEn: pages.bodyEn };

const linkColumns = {
  _id: pages._id,
  key: rowColumns.key,
  slugFr: pages.slugFr,
  slugEn: pages.slugEn,
  titleFr: pages.titleFr,
  titleEn: pages.titleEn,
  updatedAt: pages.updatedAt,
};

/** The page fields a history row compares, in the form's order (its declaration's; the bodies are named, not quoted). */
const HISTORY_FIELDS = historyFieldsOf<SitePage>(pageResource);

/** A page's stored fields with its translation flag, computed from them (decision 0121). */
const withFlag = (data: Omit<SitePageData, "version">) => ({ ...data, needsTranslation: needsTranslation(pageResource, data) });

/** A page with its bodies as plain text, for history rows: what a reader would see changed, not the JSON. */
const asText = (page: SitePage) => ({ ...page, bodyFr: richToPlain(page.bodyFr), bodyEn: richToPlain(page.bodyEn) });

/**
 * Editable pages (decision 0102). A slug is unique across both languages: `/page/<slug>` finds one page whichever
 * language the slug is in (the language toggle keeps the slug and changes `?lang`; the page then redirects).
 */
export function createPageService(db: Db) {
  async function getById(id: string): Promise<SitePage | null> {
    const [row] = await db.select(columns).from(pages).where(eq(pages._id, id)).limit(1);
    return row ?? null;
  }

  /** 409 `slug_taken` when a slug of `input` is a slug (either language) of another page, or its two slugs clash. */
  async function checkSlugs(input: Pick<SitePageData, "slugFr" | "slugEn">, exceptId?: string): Promise<void> {
    const slugs = [input.slugFr, input.slugEn];
    const [taken] = await db
      .select({ id: pages._id })
      .from(pages)
      .where(
        and(
          or(sql`${pages.slugFr} in (${sql.join(slugs, sql`, `)})`, sql`${pages.slugEn} in (${sql.join(slugs, sql`, `)})`),
          exceptId ? ne(pages._id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (taken) throw conflict({ code: "slug_taken" });
  }

  /** Replaces the fields; with `version`, only if the stored one is still that (else 409 with the stored page). */
  async function update(id: string, input: SitePageData, onChanges?: ChangeSink, actor?: Actor): Promise<SitePage> {
    const { version, ...data } = input;
    await checkSlugs(data, id);
    try {
      return await versionedUpdate({
        db,
        type: "page",
        id,
        version,
        actor,
        onChanges,
        read: (tx) => lockRow(tx, pages, columns, id),
        write: (tx) => updateRow(tx, pages, columns, id, version, withFlag(data)),
        current: () => getById(id),
        changes: (before, after) => fieldChanges(asText(before), asText(after), HISTORY_FIELDS),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict({ code: "slug_taken" });
      throw error;
    }
  }

  return {
    getById,
    update,

    /** Restores a kept version as a new one, through `update` (slug checks included, decision 0106). */
    restore(id: string, snapshot: unknown, seenVersion: number, onChanges?: ChangeSink, actor?: Actor): Promise<SitePage> {
      return update(id, { ...snapshotAsInput(sitePageInputSchema, snapshot), version: seenVersion }, onChanges, actor);
    },

    /** Admin list, newest first, by keyset pages; `translation=missing`: only the pages "À traduire". */
    list(query: PageQuery & { translation?: TranslationFilter }): Promise<Page<SitePageRow> & { total: number }> {
      const where = query.translation === "missing" ? eq(pages.needsTranslation, true) : undefined;
      const listed = { ...rowColumns, needsTranslation: flagColumn(pages.needsTranslation) };
      return pagedList(db, { table: pages, columns: listed, order: newestFirst, cursor: createdCursorSchema, where }, query);
    },

    /** An active page by either of its slugs, or null. */
    async getPublic(slug: string): Promise<SitePage | null> {
      const [row] = await db
        .select(columns)
        .from(pages)
        .where(and(eq(pages.isActive, true), or(eq(pages.slugFr, slug), eq(pages.slugEn, slug))))
        .limit(1);
      return row ?? null;
    },

    /** The active pages' links, oldest first (the seeded legal pages lead): the footer and the sitemap. */
    activeLinks(): Promise<SitePageLink[]> {
      return db.select(linkColumns).from(pages).where(eq(pages.isActive, true)).orderBy(asc(pages.createdAt), asc(pages._id));
    },

    async create(input: SitePageData, actor?: Actor): Promise<SitePage> {
      const { version: _version, ...data } = input;
      await checkSlugs(data);
      try {
        return await versionedCreate({
          db,
          type: "page",
          actor,
          insert: async (tx) => (await tx.insert(pages).values(withFlag(data)).returning(columns))[0],
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict({ code: "slug_taken" });
        throw error;
      }
    },

    setActive(id: string, isActive: boolean, onChanges?: ChangeSink, actor?: Actor): Promise<SitePage> {
      return versionedSwitch({
        db,
        type: "page",
        id,
        actor,
        onChanges,
        read: (tx) => lockRow(tx, pages, { isActive: pages.isActive }, id),
        write: (tx) => updateRow(tx, pages, columns, id, undefined, { isActive }),
        changes: (before, after) => fieldChanges(before, after, ["isActive"]),
      });
    },

    /** A page the site links to by purpose (legal notice, privacy policy) stays: it can only be switched off. */
    async remove(id: string): Promise<string> {
      const [row] = await db.select({ key: pages.key, title: pages.titleFr }).from(pages).where(eq(pages._id, id));
      if (!row) throw notFound("page");
      if (row.key !== null) throw conflict({ code: "page.keyed_undeletable" });
      await db.delete(pages).where(eq(pages._id, id));
      return row.title;
    },
  };
}
export type PageService = ReturnType<typeof createPageService>;
