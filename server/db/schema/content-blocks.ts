import type { ContentBlockType } from "@shared/schemas/content-block";
import type { RichDoc } from "@shared/schemas/rich-text";
import type { TableData } from "@shared/schemas/table-data";
import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { idColumn, imageUrl } from "./columns";
import { products } from "./products";

export const contentBlocks = pgTable(
  "content_blocks",
  {
    _id: idColumn(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products._id, { onDelete: "cascade" }),
    type: text("type").$type<ContentBlockType>().notNull(),
    contentFr: text("content_fr").notNull().default(""),
    contentEn: text("content_en").notNull().default(""),
    /** The rich document of a text block (decision 0102); null while the block is plain text (`contentFr`/`contentEn`). */
    richFr: jsonb("rich_fr").$type<RichDoc>(),
    richEn: jsonb("rich_en").$type<RichDoc>(),
    order: integer("position").notNull(),
    imageUrl: imageUrl("image_url"),
    tableData: jsonb("table_data").$type<TableData>(),
  },
  (t) => [index("content_blocks_product_idx").on(t.productId, t.order)],
);
