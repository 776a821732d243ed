import { partnerResource } from "@shared/resources/partners";
import type { PageQuery } from "@shared/schemas/page";
import { type Partner, partnerInputSchema } from "@shared/schemas/partner";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { partners } from "../db/schema/index";
import type { Page } from "../lib/keyset";
import { keysetOrderBy, pagedList } from "../lib/paged-list";
import { columnsOf } from "../lib/resource-columns";
import { itemWrites } from "./item-writes";

const columns = columnsOf(partners, partnerResource);

/** docs/product.md, "Partner": lower order index first; then by name so equal indexes stay stable. */
const displayOrder = { keys: ["orderIndex", "name", "_id"], direction: "asc" } as const;
/** A position in the display order: the last row's (order_index, name, id). */
const displayCursorSchema = z.tuple([z.number().int(), z.string().max(1000), z.string().uuid()]);

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
        .orderBy(...keysetOrderBy(columns, displayOrder));
    },

    /** The admin list: one page in display order, keyset on (order_index, name, id) (decision 0092). */
    list(query: PageQuery): Promise<Page<Partner> & { total: number }> {
      return pagedList(db, { table: partners, columns, order: displayOrder, cursor: displayCursorSchema }, query);
    },
  };
}
export type PartnerService = ReturnType<typeof createPartnerService>;
