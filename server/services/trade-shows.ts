import { publicFieldsOf } from "@shared/resources/define";
import {
  HOME_TRADE_SHOWS_MAX,
  type PublicTradeShow,
  type TradeShow,
  tradeShowInputSchema,
  tradeShowResource,
} from "@shared/resources/trade-shows";
import type { PageQuery } from "@shared/schemas/page";
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { tradeShows } from "../db/schema/index";
import type { Clock } from "../lib/clock";
import { decodeCursor, type Page, pageOf } from "../lib/keyset";
import { columnsOf } from "../lib/resource-columns";
import { siteToday } from "./certifications";
import { itemWrites } from "./item-writes";

const columns = columnsOf(tradeShows, tradeShowResource);
const publicColumns = Object.fromEntries(
  ["_id", ...publicFieldsOf(tradeShowResource)].map((name) => [name, columns[name as keyof typeof columns]]),
);

/** The admin list: newest first day first (what is coming is what is edited), then by id. */
const displayOrder = [desc(tradeShows.startsOn), desc(tradeShows._id)];
const displayCursorSchema = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.string().uuid()]);
const after = ([day, id]: z.output<typeof displayCursorSchema>): SQL =>
  sql`(${tradeShows.startsOn}, ${tradeShows._id}) < (${day}::date, ${id}::uuid)`;

export function createTradeShowService(db: Db, clock: Clock) {
  return {
    ...itemWrites<TradeShow, typeof tradeShowInputSchema>({
      db,
      table: tradeShows,
      resource: tradeShowResource,
      type: "trade-show",
      input: tradeShowInputSchema,
      label: tradeShows.nameFr,
    }),

    /** Its public list (`GET /api/trade-shows/coming`), the home page's: active ones not ended yet (Tunisia's day), soonest first; a few at most. */
    listPublic(): Promise<PublicTradeShow[]> {
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
  };
}
export type TradeShowService = ReturnType<typeof createTradeShowService>;
