import { bannerResource } from "@shared/resources/banners";
import { historyFieldsOf } from "@shared/resources/define";
import { type Banner, type BannerData, bannerInputSchema } from "@shared/schemas/banner";
import type { PageQuery } from "@shared/schemas/page";
import { and, asc, count, desc, eq, gt, isNull, lte, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { banners } from "../db/schema/index";
import { type Clock, isoNow, systemClock } from "../lib/clock";
import { nextVersion } from "../lib/edit-conflict";
import { type ChangeSink, fieldChanges } from "../lib/history-changes";
import { conflict, notFound } from "../lib/http-error";
import { databaseTimestampSchema, decodeCursor, type Page, pageOf } from "../lib/keyset";
import { columnsOf } from "../lib/resource-columns";
import { versionedCreate, versionedSwitch, versionedUpdate } from "./versioned-write";
import { type Actor, snapshotAsInput } from "./versions";

const columns = columnsOf(banners, bannerResource);

/** The banner fields a history row compares, in the form's order (its declaration's). */
const HISTORY_FIELDS = historyFieldsOf<Banner>(bannerResource);

const oldestFirst = [asc(banners.createdAt), asc(banners._id)];
/** The admin list's order: the default banner, then newest first. */
const listOrder = [desc(banners.isDefault), desc(banners.createdAt), desc(banners._id)];
/** A position in `listOrder`: is default (1 or 0), creation time as the database wrote it, id. */
const bannerCursorSchema = z.tuple([z.union([z.literal(0), z.literal(1)]), databaseTimestampSchema, z.string().uuid()]);

/** Every update of a banner row: a new version and update time. */

/**
 * docs/product.md, "Banner": one active banner at a time, one default (standard) banner that cannot be deleted.
 * Every write locks the table for its transaction, so the invariants hold across concurrent requests and instances.
 */
export function createBannerService(db: Db, clock: Clock = systemClock) {
  function locked<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${banners} in share row exclusive mode`);
      return work(tx);
    });
  }

  async function deactivateOthers(tx: Db, keepId?: string): Promise<void> {
    await tx
      .update(banners)
      .set({ isActive: false, ...nextVersion(banners) })
      .where(keepId ? and(eq(banners.isActive, true), ne(banners._id, keepId)) : eq(banners.isActive, true));
  }

  /** Updates one banner (inside `locked`); an activated banner deactivates the others. */
  async function write(tx: Db, id: string, set: Partial<typeof banners.$inferInsert>): Promise<Banner> {
    if (set.isActive === true) await deactivateOthers(tx, id);
    const [row] = await tx
      .update(banners)
      .set({ ...set, ...nextVersion(banners) })
      .where(eq(banners._id, id))
      .returning(columns);
    if (!row) throw notFound("banner");
    return row;
  }

  /** When banners exist but none is the default (rows from before the rule), the oldest one becomes it. */
  async function ensureDefault(): Promise<void> {
    const [hasDefault] = await db.select({ id: banners._id }).from(banners).where(eq(banners.isDefault, true)).limit(1);
    if (hasDefault) return;
    await locked(async (tx) => {
      const [stillNone] = await tx.select({ id: banners._id }).from(banners).where(eq(banners.isDefault, true)).limit(1);
      const [oldest] = await tx
        .select({ id: banners._id })
        .from(banners)
        .orderBy(...oldestFirst)
        .limit(1);
      if (stillNone || !oldest) return;
      await tx
        .update(banners)
        .set({ isDefault: true, ...nextVersion(banners) })
        .where(eq(banners._id, oldest.id));
    });
  }

  /** The stored banner (inside `locked`: the table lock already keeps other writers out). */
  async function stored(tx: Db, id: string): Promise<Banner | undefined> {
    const [row] = await tx.select(columns).from(banners).where(eq(banners._id, id)).limit(1);
    return row;
  }

  /**
   * Replaces the fields; `isDefault` never changes here, `isActive` is applied when given (true deactivates the
   * others). With `version`, refused (409 with the stored banner) when the banner changed since.
   */
  function update(id: string, input: BannerData, onChanges?: ChangeSink, actor?: Actor): Promise<Banner> {
    const { isDefault: _ignored, isActive, version, ...fields } = input;
    const window = { startsAt: fields.startsAt ?? null, endsAt: fields.endsAt ?? null };
    return versionedUpdate({
      db,
      transaction: locked,
      type: "banner",
      id,
      version,
      actor,
      onChanges,
      read: (tx) => stored(tx, id),
      write: (tx) => write(tx, id, { ...fields, ...window, ...(isActive === undefined ? {} : { isActive }) }),
      current: () => getById(id),
      changes: (before, after) => fieldChanges(before, after, HISTORY_FIELDS),
    });
  }

  /** The banner as the admin list shows it, or null. */
  async function getById(id: string): Promise<Banner | null> {
    return (await stored(db, id)) ?? null;
  }

  return {
    update,

    getById,

    /** Restores a kept version as a new one, through `update` (its window and active rules included, decision 0106). */
    restore(id: string, snapshot: unknown, seenVersion: number, onChanges?: ChangeSink, actor?: Actor): Promise<Banner> {
      return update(id, { ...snapshotAsInput(bannerInputSchema, snapshot), version: seenVersion }, onChanges, actor);
    },

    /**
     * The banner the home page shows now: the active one while its window holds the clock's instant; while it is not
     * started yet or has ended, the default one (if its own window holds now). No active banner: none.
     */
    async getActive(): Promise<Banner | null> {
      const now = isoNow(clock);
      const inWindow = and(or(isNull(banners.startsAt), lte(banners.startsAt, now)), or(isNull(banners.endsAt), gt(banners.endsAt, now)));
      const [row] = await db
        .select({ ...columns, shown: sql<boolean>`${inWindow}` })
        .from(banners)
        .where(eq(banners.isActive, true))
        .orderBy(...oldestFirst)
        .limit(1);
      if (!row) return null;
      const { shown, ...active } = row;
      if (shown) return active;
      const [fallback] = await db
        .select(columns)
        .from(banners)
        .where(and(eq(banners.isDefault, true), ne(banners._id, active._id), inWindow))
        .orderBy(...oldestFirst)
        .limit(1);
      return fallback ?? null;
    },

    /**
     * One page of the banners (decision 0092): the default (standard) banner first, then the newest first, so this
     * season's banners open the list however many seasons came before. When none is the default, the oldest one
     * becomes it (persisted) before the page is read; `total` counts every banner.
     */
    async listPage({ limit, cursor }: PageQuery): Promise<Page<Banner> & { total: number }> {
      const position = cursor === undefined ? undefined : decodeCursor(cursor, bannerCursorSchema);
      await ensureDefault();
      const [rows, [counted]] = await Promise.all([
        db
          .select(columns)
          .from(banners)
          .where(
            position &&
              sql`(${banners.isDefault}::int, ${banners.createdAt}, ${banners._id}) < (${position[0]}, ${position[1]}::timestamptz, ${position[2]}::uuid)`,
          )
          .orderBy(...listOrder)
          .limit(limit + 1),
        db.select({ n: count() }).from(banners),
      ]);
      return { ...pageOf(rows, limit, (row) => [row.isDefault ? 1 : 0, row.createdAt, row._id]), total: counted?.n ?? 0 };
    },

    /** The first banner ever, or one created as default, becomes default and active; any active one deactivates the others. */
    create(input: BannerData, actor?: Actor): Promise<Banner> {
      const { isDefault: wantsDefault, isActive: wantsActive, version: _version, ...fields } = input;
      return versionedCreate({
        db,
        transaction: locked,
        type: "banner",
        actor,
        async insert(tx) {
          const [existing] = await tx.select({ id: banners._id }).from(banners).limit(1);
          const [currentDefault] = await tx.select({ id: banners._id }).from(banners).where(eq(banners.isDefault, true)).limit(1);
          if (wantsDefault && currentDefault) throw conflict({ code: "banner.default_exists" });
          const isDefault = !existing || wantsDefault === true;
          const isActive = isDefault || wantsActive === true;
          if (isActive) await deactivateOthers(tx);
          const [row] = await tx
            .insert(banners)
            .values({ ...fields, startsAt: fields.startsAt ?? null, endsAt: fields.endsAt ?? null, isDefault, isActive })
            .returning(columns);
          return row;
        },
      });
    },

    /** The active switch, with the same rules as `update`: activating one deactivates the others. */
    setActive(id: string, isActive: boolean, onChanges?: ChangeSink, actor?: Actor): Promise<Banner> {
      return versionedSwitch({
        db,
        transaction: locked,
        type: "banner",
        id,
        actor,
        onChanges,
        read: async (tx) => (await tx.select({ isActive: banners.isActive }).from(banners).where(eq(banners._id, id)))[0],
        write: (tx) => write(tx, id, { isActive }),
        changes: (before, after) => fieldChanges(before, after, ["isActive"]),
      });
    },

    /** The default banner stays; deleting the active one hands the front page back to the default. */
    /** Answers the removed banner's French title, which its history line keeps. */
    async remove(id: string): Promise<string> {
      return locked(async (tx) => {
        const [row] = await tx
          .select({ isDefault: banners.isDefault, isActive: banners.isActive, title: banners.titleFr })
          .from(banners)
          .where(eq(banners._id, id));
        if (!row) throw notFound("banner");
        if (row.isDefault) throw conflict({ code: "banner.default_undeletable" });
        await tx.delete(banners).where(eq(banners._id, id));
        if (row.isActive)
          await tx
            .update(banners)
            .set({ isActive: true, ...nextVersion(banners) })
            .where(eq(banners.isDefault, true));
        return row.title;
      });
    },
  };
}
export type BannerService = ReturnType<typeof createBannerService>;
