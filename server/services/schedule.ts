import { SITE_TIME_ZONE } from "@shared/schedule";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { banners, certifications, products, tradeShows } from "../db/schema/index";
import { type Clock, isoNow } from "../lib/clock";
import { siteToday } from "./certifications";

/**
 * The next instant public content changes by itself (docs/decisions/0104-scheduling.md): the earliest future banner
 * start or end, product publication, certification expiry (the midnight, Tunisia's time, after the earliest
 * `valid_until` not passed: decision 0111) or trade show's end (the midnight after its last day, when the home page
 * drops it). Five index reads (`banners_starts_at_idx`, `banners_ends_at_idx`, `products_publish_at_idx`,
 * `certifications_valid_until_idx`, `trade_shows_ends_on_idx`), each the first entry after now. The response cache bounds its entries by it.
 */
export function createScheduleService(db: Db, clock: Clock) {
  return {
    async nextChange(): Promise<number | null> {
      const now = isoNow(clock);
      const result = (await db.execute(sql`
        select (extract(epoch from least(
          (select min(${banners.startsAt}) from ${banners} where ${banners.startsAt} > ${now}::timestamptz),
          (select min(${banners.endsAt}) from ${banners} where ${banners.endsAt} > ${now}::timestamptz),
          (select min(${products.publishAt}) from ${products} where ${products.publishAt} > ${now}::timestamptz),
          ((select min(${certifications.validUntil}) from ${certifications} where ${certifications.validUntil} >= ${siteToday(clock)}) + 1)::timestamp at time zone ${SITE_TIME_ZONE},
          ((select min(${tradeShows.endsOn}) from ${tradeShows} where ${tradeShows.endsOn} >= ${siteToday(clock)}) + 1)::timestamp at time zone ${SITE_TIME_ZONE}
        )) * 1000)::float8 as next`)) as unknown as { rows: { next: number | string | null }[] };
      const next = result.rows[0]?.next;
      return next === null || next === undefined ? null : Number(next);
    },
  };
}
export type ScheduleService = ReturnType<typeof createScheduleService>;
