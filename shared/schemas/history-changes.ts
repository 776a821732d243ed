import { z } from "zod";

/** A value as a history row keeps it: texts cut to `HISTORY_CHANGES.textMax`, images by file name. */
export const historyValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type HistoryValue = z.infer<typeof historyValueSchema>;

/**
 * What one admin write changed in one field: `field` is the API field (`nameFr`, `isActive`…) or a summary key
 * (`block.added`, `order`…), named in the history screen by `app/features/history/admin/texts.ts`.
 */
export const historyChangeSchema = z.object({ field: z.string(), before: historyValueSchema, after: historyValueSchema });
export type HistoryChange = z.infer<typeof historyChangeSchema>;

export const HISTORY_CHANGES = {
  /** Longer texts are cut to this many characters, ending with "…". */
  textMax: 200,
  /** At most this many changes per row; beyond, one `more` change counts the rest. */
  perRowMax: 40,
} as const;
