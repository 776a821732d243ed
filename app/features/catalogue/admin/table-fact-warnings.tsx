import { FACT_FIELDS, MOQ_UNITS } from "@shared/product-facts";
import type { ProductData, ProductInput } from "@shared/schemas/product";
import { tableDataInputSchema } from "@shared/schemas/table-data";
import { tableFactConflicts, tableFactConflictText } from "@shared/table-facts";
import { type Control, useWatch } from "react-hook-form";
import { FormError } from "~/components/ui/field";
import { useScreenLang } from "~/i18n/screen-lang";

/**
 * Under a table block's editor: each row that repeats a key fact with another value, said as the server will refuse
 * it on save (422 `product.table_repeats_fact`, shared/table-facts.ts), while the table or the facts are typed.
 */
export function TableFactWarnings({ control, index }: { control: Control<ProductInput, unknown, ProductData>; index: number }) {
  const lang = useScreenLang();
  const factValues = useWatch({ control, name: [...FACT_FIELDS] });
  const table = useWatch({ control, name: `contentBlocks.${index}.tableData` });
  const parsedTable = tableDataInputSchema.safeParse(table);
  if (!parsedTable.success) return null;
  const watched = Object.fromEntries(FACT_FIELDS.map((field, i) => [field, factValues[i]]));
  const text = (field: (typeof FACT_FIELDS)[number]) => String(watched[field] ?? "");
  const whole = (value: unknown, integer: boolean) =>
    typeof value === "number" && (integer ? Number.isInteger(value) : Number.isFinite(value)) ? value : null;
  const unit = MOQ_UNITS.find((u) => u === watched.moqUnit) ?? "kg";
  const conflicts = tableFactConflicts(
    {
      inciName: text("inciName"),
      casNumbers: text("casNumbers"),
      botanicalName: text("botanicalName"),
      originFr: text("originFr"),
      originEn: text("originEn"),
      formFr: text("formFr"),
      formEn: text("formEn"),
      packagingFr: text("packagingFr"),
      packagingEn: text("packagingEn"),
      storageFr: text("storageFr"),
      storageEn: text("storageEn"),
      moqQuantity: whole(watched.moqQuantity, false),
      moqUnit: unit,
      shelfLifeMonths: whole(watched.shelfLifeMonths, true),
    },
    parsedTable.data,
  );
  if (conflicts.length === 0) return null;
  return (
    <div className="space-y-2" data-testid="table-fact-warnings">
      {conflicts.map((conflict) => (
        <FormError key={`${conflict.lang}-${conflict.rowIndex}`}>
          {`${conflict.lang.toUpperCase()} · ${tableFactConflictText({ row: conflict.row, fact: conflict.fact, value: conflict.factValue }, lang)}`}
        </FormError>
      ))}
    </div>
  );
}
