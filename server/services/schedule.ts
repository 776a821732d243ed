import { RESOURCE_TYPES, RESOURCES } from "@shared/resources/index";
import { SITE_TIME_ZONE } from "@shared/schedule";
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { banners, products } from "../db/schema/index";
import { type Clock, isoNow } from "../lib/clock";
import { RESOURCE_TABLES } from "../resources";
import { siteToday } from "./certifications";

/**
 * The midnight (Tunisia's time) after the soonest day, not passed, of each resource's `shownUntil` field (a
 * certification's `valid_until`: decision 0111; a trade show's last day): when a public page drops that item.
 */
function shownUntilTerms(clock: Clock): SQL[] {
  return RESOURCE_TYPES.flatMap((type) => {
    const field = RESOURCES[type].shownUntil;
    if (field === undefined) return [];
    const table = RESOURCE_TABLES[type];
    const day = (getTableColumns(table) as Record<string, AnyPgColumn>)[field];
    if (!day) throw new Error(`${type}: its shownUntil field ${field} is no column of its table`);
    return [sql`((select min(${day}) from ${table} where ${day} >= ${siteToday(clock)}) + 1)::timestamp at time zone ${SITE_TIME_ZONE}`];
  });
}

/**
 * The next instant public content changes by itself (docs/decisions/0104-scheduling.md): the earliest future banner
 * start or end, product publication, or end of a resource's `shownUntil` day (shared/resources). One index read each
 * (`banners_starts_at_idx`, `banners_ends_at_idx`, `products_publish_at_idx`, and the index on each `shownUntil`
 * column), the first entry after now. The response cache bounds its entries by it.
 */
export function createScheduleService(db: Db, clock: Clock) {
  return {
    async nextChange(): Promise<number | null> {
      const now = isoNow(clock);
      const terms = [
        sql`(select min(${banners.startsAt}) from ${banners} where ${banners.startsAt} > ${now}::timestamptz)`,
        sql`(select min(${banners.endsAt}) from ${banners} where ${banners.endsAt} > ${now}::timestamptz)`,
        sql`(select min(${products.publishAt}) from ${products} where ${products.publishAt} > ${now}::timestamptz)`,
        ...shownUntilTerms(clock),
      ];
      const result = (await db.execute(sql`
        select (extract(epoch from least(${sql.join(terms, sql`, `)})) * 1000)::float8 as next`)) as unknown as {
        rows: { next: number | string | null }[];
      };
      const next = result.rows[0]?.next;
      return next === null || next === undefined ? null : Number(next);
    },
  };
}
export type ScheduleService = ReturnType<typeof createScheduleService>;
