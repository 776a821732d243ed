import { z } from "zod";
import { LIMITS } from "../limits";
import { calendarDaySchema, httpUrlSchema, optionalText, requiredText } from "../schemas/common";
import { msg } from "../validation-messages";
import { defineResource, inputSchemaOf, outputSchemaOf } from "./define";
import { field, pair } from "./fields";

/** A trade show where buyers can meet the company (stand, dates), shown on the home page until it ends. */
export const tradeShowResource = defineResource({
  type: "trade-show",
  label: { fr: { one: "salon", other: "salons", gender: "m" }, en: { one: "trade show", other: "trade shows" } },
  fields: {
    ...pair("name", { fr: "Nom du salon", en: "Trade show name" }, (_lang, label) =>
      field("text", label, requiredText(LIMITS.nameMax), z.string(), { public: true }),
    ),
    ...pair("city", { fr: "Ville et pays", en: "City and country" }, (_lang, label) =>
      field("text", label, requiredText(LIMITS.nameMax), z.string(), { public: true }),
    ),
    startsOn: field("day", { fr: "Premier jour", en: "First day" }, calendarDaySchema, z.string(), { public: true, initial: "" }),
    endsOn: field("day", { fr: "Dernier jour", en: "Last day" }, calendarDaySchema, z.string(), { public: true, initial: "" }),
    booth: field("text", { fr: "Stand", en: "Booth" }, optionalText(LIMITS.nameMax).default(""), z.string(), { public: true }),
    websiteUrl: field(
      "url",
      { fr: "Site du salon", en: "Trade show website" },
      z.union([z.literal(""), httpUrlSchema]).default(""),
      z.string(),
      {
        public: true,
      },
    ),
    isActive: field("boolean", { fr: "Actif", en: "Active" }, z.boolean().default(true), z.boolean()),
  },
  rules: [
    { path: "endsOn", message: msg("trade_show.last_day_after_first"), holds: (show) => String(show.endsOn) >= String(show.startsOn) },
  ],
  system: ["_id", "version", "createdAt", "updatedAt"],
  actions: ["list", "read", "create", "update", "switch", "delete", "restore"],
  access: { editor: "all" },
  notFound: "trade_show",
  publicList: { path: "coming" },
  shownUntil: "endsOn",
  admin: {
    path: "/admin/trade-shows",
    icon: "CalendarDays",
    nav: { fr: "Salons", en: "Trade shows" },
    group: "content",
    screen: {
      intro: {
        fr: "Les salons où les acheteurs peuvent vous rencontrer : la page d'accueil montre ceux qui ne sont pas terminés.",
        en: "Trade shows where buyers can meet you: the home page shows those not over yet.",
      },
      columns: [
        { field: "name", label: { fr: "Salon", en: "Trade show" } },
        { field: "city", label: { fr: "Lieu", en: "Place" } },
        { range: ["startsOn", "endsOn"], label: { fr: "Dates", en: "Dates" } },
      ],
    },
  },
  queryRoot: "trade-shows",
});

/** Its last day is on or after its first (`rules`). */
export const tradeShowInputSchema = inputSchemaOf(tradeShowResource);
export type TradeShowInput = z.input<typeof tradeShowInputSchema>;
export type TradeShowData = z.output<typeof tradeShowInputSchema>;
export const tradeShowSchema = outputSchemaOf(tradeShowResource);
export type TradeShow = z.output<typeof tradeShowSchema>;
/** What the home page shows of one: its public fields (server/resources.test.ts checks they are the declared ones). */
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
