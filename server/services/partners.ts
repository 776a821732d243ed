import { partnerResource } from "@shared/resources/partners";
import type { PageQuery } from "@shared/schemas/page";
import { type Partner, partnerInputSchema } from "@shared/schemas/partner";
import { asc, count, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { partners } from "../db/schema/index";
import { decodeCursor, type Page, pageOf } from "../lib/keyset";
import { columnsOf } from "../lib/resource-columns";
import { itemWrites } from "./item-writes";

const columns = columnsOf(partners, partnerResource);

/** docs/product.md, "Partner": lower order index first; then by name so equal indexes stay stable. */
const displayOrder = [asc(partners.orderIndex), asc(partners.name), asc(partners._id)];

/** A position in the display order: the last row's (order_index, name, id). */
const displayCursorSchema = z.tuple([z.number().int(), z.string().max(1000), z.string().uuid()]);
type DisplayCursor = z.output<typeof displayCursorSchema>;
/** Rows after `position` in the display order (the row comparison uses the column's collation, as the ORDER BY). */
const after = (position: DisplayCursor): SQL =>
  sql`(${partners.orderIndex}, ${partners.name}, ${partners._id}) > (${position[0]}::integer, ${position[1]}, ${position[2]}::uuid)`;

export function createPartnerService(db: Db) {
  return {
    ...itemWrites<Partner, typeof partnerInputSchema>({
      db,
      table: partners,
      resource: partnerResource,
      type: "partner",
      input: partnerInputSchema,
      label: partners.name,
    }),

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
  };
}
export type PartnerService = ReturnType<typeof createPartnerService>;
