import { z } from "zod";
import { LIMITS } from "../limits";
import { idSchema, imageUrlSchema } from "./common";
import { tableDataInputSchema, tableDataSchema } from "./table-data";

export const CONTENT_BLOCK_TYPES = ["text", "image", "text-image", "table"] as const;
export type ContentBlockType = (typeof CONTENT_BLOCK_TYPES)[number];

const text = (max: number, label: string) => z.string().trim().max(max, `${label}: ${max} caractères maximum / ${max} characters maximum`);

export const contentBlockInputSchema = z
  .object({
    /** On `PUT /products/:id`: the block to update in place (unknown ids are inserted as new blocks). */
    _id: idSchema.optional(),
    type: z.enum(CONTENT_BLOCK_TYPES),
    contentFr: z.string().default(""),
    contentEn: z.string().default(""),
    order: z.number().int().min(0).optional(),
    imageUrl: z.union([imageUrlSchema, z.literal(""), z.null()]).optional(),
    tableData: tableDataInputSchema.optional().nullable(),
  })
  .superRefine((block, ctx) => {
    const max = block.type === "table" ? LIMITS.tableTitle : LIMITS.textBlockContent;
    const label = block.type === "table" ? "Titre du tableau / Table title" : "Contenu / Content";
    for (const key of ["contentFr", "contentEn"] as const) {
      const result = text(max, label).safeParse(block[key]);
      if (!result.success) ctx.addIssue({ code: "custom", path: [key], message: result.error.issues[0]?.message ?? label });
    }
    if ((block.type === "image" || block.type === "text-image") && !block.imageUrl) {
      ctx.addIssue({ code: "custom", path: ["imageUrl"], message: "Image requise / Image is required" });
    }
  })
  .transform((block) => ({
    _id: block._id,
    type: block.type,
    contentFr: block.contentFr.trim(),
    contentEn: block.contentEn.trim(),
    order: block.order,
    imageUrl: block.type === "image" || block.type === "text-image" ? block.imageUrl || null : null,
    tableData: block.type === "table" ? (block.tableData ?? tableDataInputSchema.parse({ headers: [], rows: [] })) : null,
  }));
export type ContentBlockInput = z.input<typeof contentBlockInputSchema>;
export type ContentBlockData = z.output<typeof contentBlockInputSchema>;

export const contentBlockSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  type: z.enum(CONTENT_BLOCK_TYPES),
  contentFr: z.string(),
  contentEn: z.string(),
  order: z.number(),
  imageUrl: z.string().nullable(),
  tableData: tableDataSchema.nullable(),
});
export type ContentBlock = z.output<typeof contentBlockSchema>;
