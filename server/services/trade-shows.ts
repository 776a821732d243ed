import { historyFieldsOf, publicFieldsOf } from "@shared/resources/define";
import { tradeShowResource } from "@shared/resources/trade-shows";
import type { PageQuery } from "@shared/schemas/page";
import {
  HOME_TRADE_SHOWS_MAX,
  type PublicTradeShow,
  type TradeShow,
  type TradeShowData,
  tradeShowInputSchema,
} from "@shared/schemas/trade-show";
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { tradeShows } from "../db/schema/index";
import type { Clock } from "../lib/clock";
import { type ChangeSink, fieldChanges } from "../lib/history-changes";
import { notFound } from "../lib/http-error";
import { decodeCursor, type Page, pageOf } from "../lib/keyset";
import { columnsOf } from "../lib/resource-columns";
import { siteToday } from "./certifications";
import { lockRow, updateRow, versionedCreate, versionedSwitch, versionedUpdate } from "./versioned-write";
import { type Actor, snapshotAsInput } from "./versions";

const columns = columnsOf(tradeShows, tradeShowResource);
const publicColumns = Object.fromEntries(
  ["_id", ...publicFieldsOf(tradeShowResource)].map((name) => [name, columns[name as keyof typeof columns]]),
);
const HISTORY_FIELDS = historyFieldsOf<TradeShow>(tradeShowResource);

/** The admin list: newest first day first (what is coming is what is edited), then by id. */
const displayOrder = [desc(tradeShows.startsOn), desc(tradeShows._id)];
const displayCursorSchema = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.string().uuid()]);
const after = ([day, id]: z.output<typeof displayCursorSchema>): SQL =>
  sql`(${tradeShows.startsOn}, ${tradeShows._id}) < (${day}::date, ${id}::uuid)`;

export function createTradeShowService(db: Db, clock: Clock) {
  async function getById(id: string): Promise<TradeShow | null> {
    const [row] = await db.select(columns).from(tradeShows).where(eq(tradeShows._id, id)).limit(1);
    return row ?? null;
  }

  function update(id: string, input: TradeShowData, onChanges?: ChangeSink, actor?: Actor): Promise<TradeShow> {
    const { version, ...data } = input;
    return versionedUpdate({
      db,
      type: "trade-show",
      id,
      version,
      actor,
      onChanges,
      read: (tx) => lockRow(tx, tradeShows, columns, id),
      write: (tx) => updateRow(tx, tradeShows, columns, id, version, data),
      current: () => getById(id),
      changes: (before, after) => fieldChanges(before, after, HISTORY_FIELDS),
    });
  }

  return {
    getById,
    update,

    restore(id: string, snapshot: unknown, seenVersion: number, onChanges?: ChangeSink, actor?: Actor): Promise<TradeShow> {
      return update(id, { ...snapshotAsInput(tradeShowInputSchema, snapshot), version: seenVersion }, onChanges, actor);
    },

    /** The home page's: active ones not ended yet (Tunisia's day), soonest first; a few at most. */
    listComing(): Promise<PublicTradeShow[]> {
      return db
        .select(publicColumns)
        .from(tradeShows)
        .where(and(eq(tradeShows.isActive, true), sql`${tradeShows.endsOn} >= ${siteToday(clock)}`))
        .orderBy(asc(tradeShows.startsOn), asc(tradeShows._id))
        .limit(HOME_TRADE_SHOWS_MAX) as unknown as Promise<PublicTradeShow[]>;
    },

    /** One page of the admin list, keyset on (first day, id) (decision 0092). */
    async list(query: PageQuery): Promise<Page<TradeShow> & { total: number }> {
      const position = query.cursor === undefined ? undefined : decodeCursor(query.cursor, displayCursorSchema);
      const [rows, [counted]] = await Promise.all([
        db
          .select(columns)
          .from(tradeShows)
          .where(position && after(position))
          .orderBy(...displayOrder)
          .limit(query.limit + 1),
        db.select({ n: count() }).from(tradeShows),
      ]);
      return { ...pageOf(rows, query.limit, (row) => [row.startsOn, row._id]), total: counted?.n ?? 0 };
    },

    create(input: TradeShowData, actor?: Actor): Promise<TradeShow> {
      const { version: _version, ...data } = input;
      return versionedCreate({
        db,
        type: "trade-show",
        actor,
        insert: async (tx) => (await tx.insert(tradeShows).values(data).returning(columns))[0],
      });
    },

    setActive(id: string, isActive: boolean, onChanges?: ChangeSink, actor?: Actor): Promise<TradeShow> {
      return versionedSwitch({
        db,
        type: "trade-show",
        id,
        actor,
        onChanges,
        read: (tx) => lockRow(tx, tradeShows, { isActive: tradeShows.isActive }, id),
        write: (tx) => updateRow(tx, tradeShows, columns, id, undefined, { isActive }),
        changes: (before, after) => fieldChanges(before, after, ["isActive"]),
      });
    },

    /** Answers the removed trade show's French name, which its history line keeps. */
    async remove(id: string): Promise<string> {
      const [deleted] = await db.delete(tradeShows).where(eq(tradeShows._id, id)).returning({ name: tradeShows.nameFr });
      if (!deleted) throw notFound("trade_show");
      return deleted.name;
    },
  };
}
export type TradeShowService = ReturnType<typeof createTradeShowService>;
