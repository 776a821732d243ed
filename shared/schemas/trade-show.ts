import { z } from "zod";
import { inputSchemaOf, outputSchemaOf } from "../resources/define";
import { tradeShowResource } from "../resources/trade-shows";

/** Declared once in shared/resources/trade-shows.ts; its last day is on or after its first. */
export const tradeShowInputSchema = inputSchemaOf(tradeShowResource);
export type TradeShowInput = z.input<typeof tradeShowInputSchema>;
export type TradeShowData = z.output<typeof tradeShowInputSchema>;
export const tradeShowSchema = outputSchemaOf(tradeShowResource);
export type TradeShow = z.output<typeof tradeShowSchema>;
export const tradeShowListSchema = z.array(tradeShowSchema);
/** What the home page shows of one (the public projection of its declaration). */
export const publicTradeShowSchema = tradeShowSchema.pick({
  _id: true,
  nameFr: true,
  nameEn: true,
  cityFr: true,
  cityEn: true,
  startsOn: true,
  endsOn: true,
  booth: true,
  websiteUrl: true,
});
export type PublicTradeShow = z.output<typeof publicTradeShowSchema>;
/** The home page lists at most this many coming trade shows. */
export const HOME_TRADE_SHOWS_MAX = 4;
