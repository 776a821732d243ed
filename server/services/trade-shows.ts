import { publicFieldsOf } from "@shared/resources/define";
import {
  HOME_TRADE_SHOWS_MAX,
  type PublicTradeShow,
  type TradeShow,
  tradeShowInputSchema,
  tradeShowResource,
} from "@shared/resources/trade-shows";
import type { PageQuery } from "@shared/schemas/page";
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { tradeShows } from "../db/schema/index";
import type { Clock } from "../lib/clock";
import type { Page } from "../lib/keyset";
import { pagedList } from "../lib/paged-list";
import { columnsOf } from "../lib/resource-columns";
import { siteToday } from "./certifications";
import { itemWrites } from "./item-writes";

const columns = columnsOf(tradeShows, tradeShowResource);
const publicColumns = Object.fromEntries(
  ["_id", ...publicFieldsOf(tradeShowResource)].map((name) => [name, columns[name as keyof typeof columns]]),
);

/** The admin list: newest first day first (what is coming is what is edited), then by id. */
const displayOrder = { keys: ["startsOn", "_id"], direction: "desc" } as const;
const displayCursorSchema = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.string().uuid()]);

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
    list(query: PageQuery): Promise<Page<TradeShow> & { total: number }> {
      return pagedList(db, { table: tradeShows, columns, order: displayOrder, cursor: displayCursorSchema }, query);
    },
  };
}
export type TradeShowService = ReturnType<typeof createTradeShowService>;
