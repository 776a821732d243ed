import type { LanguageTable } from "@shared/schemas/table-data";
import { useId } from "react";
import { useTexts } from "~/i18n/screen-lang";
import { PRODUCT_SITE_TEXTS } from "./texts";

const isEmpty = (table: LanguageTable) =>
  table.headers.every((h) => !h.trim()) && table.rows.every((row) => row.every((cell) => !cell.trim()));

/** A table block styled as a specification sheet: coloured header row, zebra rows, horizontal scroll on phones. */
export function SpecTable({ title, table, ink }: { title: string; table: LanguageTable; ink: string }) {
  const t = useTexts(PRODUCT_SITE_TEXTS);
  const titleId = useId();
  if (isEmpty(table)) return null;
  return (
    <div>
      {title && (
        <h3 id={titleId} className="mb-4 font-display text-2xl font-semibold tracking-tight text-navy">
          {title}
        </h3>
      )}
      <section
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : t("tableScroll")}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard to scroll it on a phone
        tabIndex={0}
        className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy"
      >
        <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
          <thead style={{ backgroundColor: ink }} className="text-white">
            <tr>
              {table.headers.map((header, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity but their position
                <th key={index} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap first:pl-5">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
              <tr key={rowIndex} className="border-t border-slate-200 even:bg-slate-50">
                {row.map((cell, cellIndex) =>
                  cellIndex === 0 ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their position
                    <th key={cellIndex} scope="row" className="px-4 py-3 pl-5 font-medium text-navy">
                      {cell}
                    </th>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their position
                    <td key={cellIndex} className="px-4 py-3 text-slate-700 tabular-nums">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
