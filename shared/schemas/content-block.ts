import { z } from "zod";
import { LIMITS } from "../limits";
import { msg } from "../validation-messages";
import { idSchema, imageUrlSchema } from "./common";
import { type RichDoc, richDocSchema, richTextSchema, richToPlain } from "./rich-text";
import { tableDataInputSchema, tableDataSchema } from "./table-data";

export const CONTENT_BLOCK_TYPES = ["text", "image", "text-image", "table"] as const;
export type ContentBlockType = (typeof CONTENT_BLOCK_TYPES)[number];

/** The block types whose text may be rich (decision 0102); a table's title and an image's caption stay plain. */
export const RICH_BLOCK_TYPES: readonly ContentBlockType[] = ["text", "text-image"];
const isRich = (type: ContentBlockType) => RICH_BLOCK_TYPES.includes(type);

/** A block's plain text; `code` names the field in its message (a table's title or a block's content). */
const text = (max: number, code: "block.table_title_max_chars" | "block.content_max_chars") =>
  z.string().trim().max(max, msg(code, { max }));

export const contentBlockInputSchema = z
  .object({
    /** On `PUT /products/:id`: the block to update in place (unknown ids are inserted as new blocks). */
    _id: idSchema.optional(),
    type: z.enum(CONTENT_BLOCK_TYPES),
    contentFr: z.string().default(""),
    contentEn: z.string().default(""),
    /**
     * The rich text of a text or text-image block (decision 0102), at most `textBlockContent` visible characters;
     * null or absent keeps the block in plain text. When given, `contentFr`/`contentEn` are derived from it.
     */
    richFr: richTextSchema(LIMITS.textBlockContent).nullable().optional(),
    richEn: richTextSchema(LIMITS.textBlockContent).nullable().optional(),
    order: z.number().int().min(0).optional(),
    imageUrl: z.union([imageUrlSchema, z.literal(""), z.null()]).optional(),
    tableData: tableDataInputSchema.optional().nullable(),
  })
  .superRefine((block, ctx) => {
    const max = block.type === "table" ? LIMITS.tableTitle : LIMITS.textBlockContent;
    const code = block.type === "table" ? "block.table_title_max_chars" : "block.content_max_chars";
    for (const key of ["contentFr", "contentEn"] as const) {
      const result = text(max, code).safeParse(block[key]);
      if (!result.success) ctx.addIssue({ code: "custom", path: [key], message: result.error.issues[0]?.message ?? msg(code, { max }) });
    }
    if ((block.type === "image" || block.type === "text-image") && !block.imageUrl) {
      ctx.addIssue({ code: "custom", path: ["imageUrl"], message: msg("image.required") });
    }
  })
  .transform((block) => {
    const richFr: RichDoc | null = isRich(block.type) ? (block.richFr ?? null) : null;
    const richEn: RichDoc | null = isRich(block.type) ? (block.richEn ?? null) : null;
    return {
      _id: block._id,
      type: block.type,
      // What the specification's clients read: the visible text, whichever way the block is written.
      contentFr: richFr ? richToPlain(richFr) : block.contentFr.trim(),
      contentEn: richEn ? richToPlain(richEn) : block.contentEn.trim(),
      richFr,
      richEn,
      order: block.order,
      imageUrl: block.type === "image" || block.type === "text-image" ? block.imageUrl || null : null,
      tableData: block.type === "table" ? (block.tableData ?? tableDataInputSchema.parse({ headers: [], rows: [] })) : null,
    };
  });
export type ContentBlockInput = z.input<typeof contentBlockInputSchema>;
export type ContentBlockData = z.output<typeof contentBlockInputSchema>;

export const contentBlockSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  type: z.enum(CONTENT_BLOCK_TYPES),
  contentFr: z.string(),
  contentEn: z.string(),
  /** The rich text (decision 0102), or null for a block in plain text (rendered from `contentFr`/`contentEn`). */
  richFr: richDocSchema.nullable(),
  richEn: richDocSchema.nullable(),
  order: z.number(),
  imageUrl: z.string().nullable(),
  tableData: tableDataSchema.nullable(),
});
export type ContentBlock = z.output<typeof contentBlockSchema>;
