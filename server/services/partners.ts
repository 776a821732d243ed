import { historyFieldsOf } from "@shared/resources/define";
import { partnerResource } from "@shared/resources/partners";
import type { PageQuery } from "@shared/schemas/page";
import { type Partner, type PartnerData, partnerInputSchema } from "@shared/schemas/partner";
import { asc, count, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { partners } from "../db/schema/index";
import { type ChangeSink, fieldChanges } from "../lib/history-changes";
import { notFound } from "../lib/http-error";
import { decodeCursor, type Page, pageOf } from "../lib/keyset";
import { columnsOf } from "../lib/resource-columns";
import { lockRow, updateRow, versionedCreate, versionedSwitch, versionedUpdate } from "./versioned-write";
import { type Actor, snapshotAsInput } from "./versions";

const columns = columnsOf(partners, partnerResource);

/** docs/product.md, "Partner": lower order index first; then by name so equal indexes stay stable. */
const displayOrder = [asc(partners.orderIndex), asc(partners.name), asc(partners._id)];

/** A position in the display order: the last row's (order_index, name, id). */
const displayCursorSchema = z.tuple([z.number().int(), z.string().max(1000), z.string().uuid()]);
type DisplayCursor = z.output<typeof displayCursorSchema>;
/** Rows after `position` in the display order (the row comparison uses the column's collation, as the ORDER BY). */
const after = (position: DisplayCursor): SQL =>
  sql`(${partners.orderIndex}, ${partners.name}, ${partners._id}) > (${position[0]}::integer, ${position[1]}, ${position[2]}::uuid)`;

/** The partner fields a history row compares, in the form's order (its declaration's). */
const HISTORY_FIELDS = historyFieldsOf<Partner>(partnerResource);

export function createPartnerService(db: Db) {
  async function getById(id: string): Promise<Partner | null> {
    const [row] = await db.select(columns).from(partners).where(eq(partners._id, id)).limit(1);
    return row ?? null;
  }

  /** Replaces the fields; with `version`, only if the stored one is still that (else 409 with the stored partner). */
  function update(id: string, input: PartnerData, onChanges?: ChangeSink, actor?: Actor): Promise<Partner> {
    const { version, ...data } = input;
    return versionedUpdate({
      db,
      type: "partner",
      id,
      version,
      actor,
      onChanges,
      read: (tx) => lockRow(tx, partners, columns, id),
      write: (tx) => updateRow(tx, partners, columns, id, version, data),
      current: () => getById(id),
      changes: (before, after) => fieldChanges(before, after, HISTORY_FIELDS),
    });
  }

  return {
    update,

    /** Restores a kept version as a new one, through `update` (decision 0106). */
    restore(id: string, snapshot: unknown, seenVersion: number, onChanges?: ChangeSink, actor?: Actor): Promise<Partner> {
      return update(id, { ...snapshotAsInput(partnerInputSchema, snapshot), version: seenVersion }, onChanges, actor);
    },

    listActive(): Promise<Partner[]> {
      return db
        .select(columns)
        .from(partners)
        .where(eq(partners.isActive, true))
        .orderBy(...displayOrder);
    },

    /** The admin list: one page in display order, keyset on (order_index, name, id) (decision 0092). */
    async list(query: PageQuery): Promise<Page<Partner> & { total: number }> {
      const position = query.cursor === undefined ? undefined : decodeCursor(query.cursor, displayCursorSchema);
      const [rows, [counted]] = await Promise.all([
        db
          .select(columns)
          .from(partners)
          .where(position && after(position))
          .orderBy(...displayOrder)
          .limit(query.limit + 1),
        db.select({ n: count() }).from(partners),
      ]);
      return { ...pageOf(rows, query.limit, (row) => [row.orderIndex, row.name, row._id]), total: counted?.n ?? 0 };
    },

    getById,

    create(input: PartnerData, actor?: Actor): Promise<Partner> {
      const { version: _version, ...data } = input;
      return versionedCreate({
        db,
        type: "partner",
        actor,
        insert: async (tx) => (await tx.insert(partners).values(data).returning(columns))[0],
      });
    },

    /** The active switch: changes only `isActive`. */
    setActive(id: string, isActive: boolean, onChanges?: ChangeSink, actor?: Actor): Promise<Partner> {
      return versionedSwitch({
        db,
        type: "partner",
        id,
        actor,
        onChanges,
        read: (tx) => lockRow(tx, partners, { isActive: partners.isActive }, id),
        write: (tx) => updateRow(tx, partners, columns, id, undefined, { isActive }),
        changes: (before, after) => fieldChanges(before, after, ["isActive"]),
      });
    },

    /** Answers the removed partner's name, which its history line keeps. */
    async remove(id: string): Promise<string> {
      const [deleted] = await db.delete(partners).where(eq(partners._id, id)).returning({ name: partners.name });
      if (!deleted) throw notFound("partner");
      return deleted.name;
    },
  };
}
export type PartnerService = ReturnType<typeof createPartnerService>;
