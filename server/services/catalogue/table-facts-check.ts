import type { productFactsOutputSchema } from "@shared/product-facts";
import type { TableData } from "@shared/schemas/table-data";
import { firstTableFactConflict } from "@shared/table-facts";
import type { z } from "zod";
import { HttpError } from "../../lib/http-error";

/**
 * A product's key facts are typed in one place (issue 32): a save whose specification table repeats a set fact with
 * another value is refused, 422 `product.table_repeats_fact` naming the row, the fact and its value; `details` says
 * where the row is (`path` of the block's table, its language and row index). `firstBlockIndex` numbers the blocks
 * of a single-block edit as the product's.
 */
export function assertTablesAgreeWithFacts(
  facts: z.output<typeof productFactsOutputSchema>,
  blocks: readonly { type: string; tableData?: TableData | null | undefined }[],
  firstBlockIndex = 0,
): void {
  const conflict = firstTableFactConflict(facts, blocks);
  if (!conflict) return;
  const { row, fact, factValue, lang, rowIndex, rowValue } = conflict;
  throw new HttpError(
    422,
    { code: "product.table_repeats_fact", params: { row, fact, value: factValue } },
    { details: { path: `contentBlocks.${firstBlockIndex + conflict.blockIndex}.tableData`, lang, rowIndex, rowValue } },
  );
}
