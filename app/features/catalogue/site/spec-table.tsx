import type { Lang } from "@shared/company";
import type { LanguageTable } from "@shared/schemas/table-data";
import { type CSSProperties, useId } from "react";
import { useTexts } from "~/i18n/screen-lang";
import { PRODUCT_SITE_TEXTS } from "./texts";

/** A table with no header and no cell filled in: not shown, and the other language's table is shown instead. */
export const isEmptyTable = (table: LanguageTable) =>
  table.headers.every((h) => !h.trim()) && table.rows.every((row) => row.every((cell) => !cell.trim()));

/**
 * The width under which a table scrolls sideways (its `min-width`): narrower than this, its container query shows the
 * hint, the first column's edge shadow and the scroll shadow. Two columns fit a phone; more scroll.
 */
const WIDTHS = {
  narrow: { table: "min-w-[20rem]", hint: "@max-[20rem]:flex", edge: "@max-[20rem]:shadow-[6px_0_6px_-6px_rgb(15_23_42/0.35)]" },
  wide: { table: "min-w-[32rem]", hint: "@max-[32rem]:flex", edge: "@max-[32rem]:shadow-[6px_0_6px_-6px_rgb(15_23_42/0.35)]" },
} as const;

/**
 * The scroll affordance without JavaScript (the public site ships almost none): a shadow fixed at the region's right
 * edge, and above it a white cover attached to the content's end, so the shadow shows while more columns lie to the
 * right and is covered once scrolled to the end. Rows are see-through (zebra in translucent ink) to let it show.
 */
const SCROLL_SHADOW: CSSProperties = {
  background: [
    "linear-gradient(to left, #fff 45%, rgb(255 255 255 / 0)) right center / 2.5rem 100% no-repeat local",
    "radial-gradient(farthest-side at 100% 50%, rgb(15 23 42 / 0.25), rgb(15 23 42 / 0)) right center / 1rem 100% no-repeat scroll",
    "#fff",
  ].join(", "),
};

/**
 * A table block styled as a specification sheet: coloured header row, zebra rows. On a narrow screen it scrolls
 * sideways inside a keyboard-focusable region, its first column staying in view, with a shadow at the edge where
 * columns are hidden and a "scroll" hint. `lang` / `titleLang`: set when the text fell back to the other language.
 */
export function SpecTable({
  title,
  titleLang,
  table,
  lang,
  ink,
}: {
  title: string;
  titleLang?: Lang | undefined;
  table: LanguageTable;
  lang?: Lang | undefined;
  ink: string;
}) {
  const t = useTexts(PRODUCT_SITE_TEXTS);
  const titleId = useId();
  if (isEmptyTable(table)) return null;
  const width = table.headers.length <= 2 ? WIDTHS.narrow : WIDTHS.wide;
  const sticky = `sticky left-0 z-10 ${width.edge}`;
  return (
    <div className="@container">
      {title && (
        <h3 id={titleId} lang={titleLang} className="mb-4 font-display text-2xl font-semibold tracking-tight text-navy">
          {title}
        </h3>
      )}
      <section
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : t("tableScroll")}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard to scroll it on a phone
        tabIndex={0}
        lang={lang}
        data-spec-table=""
        style={SCROLL_SHADOW}
        className="overflow-x-auto rounded-2xl border border-slate-200 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy"
      >
        <table className={`w-full ${width.table} border-collapse text-left text-sm`}>
          <thead className="text-white">
            <tr>
              {table.headers.map((header, index) => (
                <th
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity but their position
                  key={index}
                  scope="col"
                  style={{ backgroundColor: ink }}
                  className={`px-4 py-3 font-semibold whitespace-nowrap first:pl-5 ${index === 0 ? sticky : ""}`}
                >
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
              <tr key={rowIndex} className="border-t border-slate-200 even:bg-slate-900/[0.03]">
                {row.map((cell, cellIndex) =>
                  cellIndex === 0 ? (
                    <th
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their position
                      key={cellIndex}
                      scope="row"
                      className={`px-4 py-3 pl-5 font-medium text-navy ${sticky} ${rowIndex % 2 === 1 ? "bg-slate-50" : "bg-white"}`}
                    >
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
      <p aria-hidden="true" className={`mt-2 hidden justify-end text-sm text-slate-600 ${width.hint}`} data-scroll-hint="">
        {t("tableScrollHint")}
      </p>
    </div>
  );
}
