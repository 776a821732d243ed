import { type TradeShowInput, tradeShowInputSchema } from "@shared/resources/trade-shows";

const DAY_MS = 86_400_000;
const day = (from: number, days: number) => new Date(from + days * DAY_MS).toISOString().slice(0, 10);

/** The demo's coming trade shows, dated from `now` so the home page always has some to show. */
export function demoTradeShows(now: number) {
  const shows: TradeShowInput[] = [
    {
      nameFr: "In-Cosmetics Global",
      nameEn: "In-Cosmetics Global",
      cityFr: "Amsterdam, Pays-Bas",
      cityEn: "Amsterdam, Netherlands",
      startsOn: day(now, 45),
      endsOn: day(now, 47),
      booth: "Hall 2 — C40",
      websiteUrl: "https://www.in-cosmetics.com/global",
    },
    {
      nameFr: "Vitafoods Europe",
      nameEn: "Vitafoods Europe",
      cityFr: "Barcelone, Espagne",
      cityEn: "Barcelona, Spain",
      startsOn: day(now, 110),
      endsOn: day(now, 112),
      booth: "",
      websiteUrl: "https://www.vitafoods.eu.com",
    },
  ];
  return shows.map((show) => tradeShowInputSchema.parse(show));
}
