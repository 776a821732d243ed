import type { TableData } from "@shared/schemas/table-data";
import { Columns3, Rows3, X } from "lucide-react";
import { useEffect, useLayoutEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { TranslationGapMarker } from "~/components/ui/translation-gaps";
import { useTexts } from "~/i18n/screen-lang";
import { cn } from "~/lib/cn";
import { addColumn, addRow, removeColumn, removeRow, setCell, setHeader, type TableLang } from "./table-ops";
import { CATALOGUE_TEXTS } from "./texts";

/** The longest value a header or cell takes, as the server's table schema allows. */
const CELL_MAX = 500;

const LANGS: TableLang[] = ["fr", "en"];

const iconButton =
  "inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-teal disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent disabled:hover:text-slate-600";

/** A textarea as tall as its text: the border's height added to what the text and padding need. */
function fitHeight(element: HTMLTextAreaElement) {
  element.style.height = "auto";
  element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
}

/**
 * A header or cell: one line that wraps and grows, so a long value is read whole. Its text is one line in the table,
 * so Enter adds no line break and a pasted one becomes a space.
 */
function CellInput({
  label,
  value,
  header,
  onChange,
}: {
  label: string;
  value: string;
  header?: boolean;
  onChange: (value: string) => void;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the value
  useLayoutEffect(() => {
    if (ref.current) fitHeight(ref.current);
  }, [value]);
  // A narrower or wider column wraps the text again.
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    let width = element.offsetWidth;
    const observer = new ResizeObserver(() => {
      if (element.offsetWidth === width) return;
      width = element.offsetWidth;
      fitHeight(element);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <Textarea
      ref={ref}
      rows={1}
      cols={1}
      aria-label={label}
      value={value}
      maxLength={CELL_MAX}
      className={cn("min-h-9 min-w-40 resize-none overflow-hidden py-1.5 leading-5", header && "font-semibold")}
      onKeyDown={(event) => {
        if (event.key === "Enter") event.preventDefault();
      }}
      onChange={(event) => onChange(event.target.value.replace(/\s*[\r\n]+\s*/g, " "))}
    />
  );
}

/** Table content with an fr/en tab (fr first); columns and rows are added or removed in both languages at once. */
export function TableBlockEditor({
  value,
  onChange,
  gapId,
}: {
  value: TableData;
  onChange: (next: TableData) => void;
  /** The id its translation gaps are known by (`<id>.fr`, `<id>.en`): a language tab missing cells says "À traduire". */
  gapId?: string;
}) {
  const t = useTexts(CATALOGUE_TEXTS);
  const columns = value.fr.headers.length;
  const rows = value.fr.rows.length;

  return (
    <Tabs defaultValue="fr">
      <TabsList aria-label={t("form.tableLanguage")}>
        {LANGS.map((lang) => (
          <TabsTrigger key={lang} value={lang} className="inline-flex items-center gap-2">
            {t(`form.tableTabs.${lang}`)}
            {gapId && <TranslationGapMarker id={`${gapId}.${lang}`} />}
          </TabsTrigger>
        ))}
      </TabsList>
      {LANGS.map((lang) => (
        <TabsContent key={lang} value={lang} className="space-y-3">
          <div className="overflow-x-auto rounded-xl border border-slate-200">
            {/* The column buttons have a row of their own: each header is as wide as the cells under it. */}
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">{t("form.tableCaption", { language: t(`form.tableTabs.${lang}`) })}</caption>
              <thead className="bg-slate-50">
                <tr>
                  {value[lang].headers.map((_, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity but their position
                    <td key={c} className="px-2 pt-1 text-right">
                      <button
                        type="button"
                        className={iconButton}
                        aria-label={t("form.removeColumn", { column: c + 1 })}
                        title={t("form.removeColumn", { column: c + 1 })}
                        disabled={columns <= 1}
                        onClick={() => onChange(removeColumn(value, c))}
                      >
                        <X className="size-4" aria-hidden="true" />
                      </button>
                    </td>
                  ))}
                  <td className="w-13" />
                </tr>
                <tr>
                  {value[lang].headers.map((header, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity but their position
                    <th key={c} scope="col" className="px-2 pb-2 text-left align-top font-normal">
                      <CellInput
                        header
                        label={t("form.header", { column: c + 1 })}
                        value={header}
                        onChange={(next) => onChange(setHeader(value, lang, c, next))}
                      />
                    </th>
                  ))}
                  <td />
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {value[lang].rows.map((row, r) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
                  <tr key={r}>
                    {row.map((cell, c) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their position
                      <td key={c} className="p-2 align-top">
                        <CellInput
                          label={t("form.cell", { row: r + 1, column: c + 1 })}
                          value={cell}
                          onChange={(next) => onChange(setCell(value, lang, r, c, next))}
                        />
                      </td>
                    ))}
                    <td className="w-13 p-2 align-top">
                      <button
                        type="button"
                        className={iconButton}
                        aria-label={t("form.removeRow", { row: r + 1 })}
                        title={t("form.removeRow", { row: r + 1 })}
                        disabled={rows <= 1}
                        onClick={() => onChange(removeRow(value, r))}
                      >
                        <X className="size-4" aria-hidden="true" />
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" size="sm" onClick={() => onChange(addColumn(value))}>
              <Columns3 className="size-4" aria-hidden="true" />
              {t("form.addColumn")}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => onChange(addRow(value))}>
              <Rows3 className="size-4" aria-hidden="true" />
              {t("form.addRow")}
            </Button>
            <p className="text-xs text-slate-600">{t("form.tableHint")}</p>
          </div>
        </TabsContent>
      ))}
    </Tabs>
  );
}
