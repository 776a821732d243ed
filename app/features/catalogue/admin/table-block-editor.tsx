import type { TableData } from "@shared/schemas/table-data";
import { Columns3, Rows3, X } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useTexts } from "~/i18n/screen-lang";
import { addColumn, addRow, removeColumn, removeRow, setCell, setHeader, type TableLang } from "./table-ops";
import { CATALOGUE_TEXTS } from "./texts";

const LANGS: TableLang[] = ["fr", "en"];

const iconButton =
  "inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-teal disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent disabled:hover:text-slate-600";

/** Table content with an fr/en tab (fr first); columns and rows are added or removed in both languages at once. */
export function TableBlockEditor({ value, onChange }: { value: TableData; onChange: (next: TableData) => void }) {
  const t = useTexts(CATALOGUE_TEXTS);
  const columns = value.fr.headers.length;
  const rows = value.fr.rows.length;

  return (
    <Tabs defaultValue="fr">
      <TabsList aria-label={t("form.tableLanguage")}>
        {LANGS.map((lang) => (
          <TabsTrigger key={lang} value={lang}>
            {t(`form.tableTabs.${lang}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      {LANGS.map((lang) => (
        <TabsContent key={lang} value={lang} className="space-y-3">
          <div className="overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full min-w-max border-collapse text-sm">
              <caption className="sr-only">{t("form.tableCaption", { language: t(`form.tableTabs.${lang}`) })}</caption>
              <thead className="bg-slate-50">
                <tr>
                  {value[lang].headers.map((header, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity but their position
                    <th key={c} scope="col" className="p-2 align-top">
                      <div className="flex items-center gap-1">
                        <Input
                          aria-label={t("form.header", { column: c + 1 })}
                          value={header}
                          maxLength={500}
                          className="h-9 min-w-32 font-semibold"
                          onChange={(e) => onChange(setHeader(value, lang, c, e.target.value))}
                        />
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
                      </div>
                    </th>
                  ))}
                  <td className="w-11" />
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {value[lang].rows.map((row, r) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
                  <tr key={r}>
                    {row.map((cell, c) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their position
                      <td key={c} className="p-2">
                        <Input
                          aria-label={t("form.cell", { row: r + 1, column: c + 1 })}
                          value={cell}
                          maxLength={500}
                          className="h-9 min-w-32"
                          onChange={(e) => onChange(setCell(value, lang, r, c, e.target.value))}
                        />
                      </td>
                    ))}
                    <td className="p-2">
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
