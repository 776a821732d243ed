import { formatNumber } from "@shared/number-format";
import type { ReactNode } from "react";
import { Card, CardHeader } from "~/components/ui/card";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { ANALYTICS_TEXTS } from "./texts";

export type RankedRow = { key: string; label: ReactNode; visits: number };

/**
 * A card listing items by visits with a bar each; with `total`, each row also gives its share of it
 * (languages, devices).
 */
export function RankedList({
  title,
  rows,
  empty,
  total,
  testId,
  unit = "visits",
}: {
  title: string;
  rows: RankedRow[];
  empty: string;
  total?: number;
  testId: string;
  /** What `visits` counts: visits, or searches (the search lists, decision 0107). */
  unit?: "visits" | "searches";
}) {
  const t = useTexts(ANALYTICS_TEXTS);
  const lang = useScreenLang();
  const max = Math.max(1, ...rows.map((row) => row.visits));
  return (
    <Card>
      <CardHeader title={title} />
      {rows.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-600">{empty}</p>
      ) : (
        <ol className="space-y-3 p-5" data-testid={testId}>
          {rows.map((row) => (
            <li key={row.key} className="text-sm">
              <div className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 truncate font-medium text-navy">{row.label}</span>
                <span className="shrink-0 tabular-nums text-slate-600">
                  {t(unit === "searches" ? "report.searchesCount" : "report.visitsCount", {
                    count: row.visits,
                    visits: formatNumber(row.visits, lang),
                  })}
                  {total
                    ? ` · ${t("report.share", { percent: formatNumber((row.visits / total) * 100, lang, { maximumFractionDigits: 1 }) })}`
                    : ""}
                </span>
              </div>
              <div className="mt-1 h-1.5 rounded-full bg-slate-100" aria-hidden="true">
                <div className="h-full rounded-full bg-teal" style={{ width: `${(row.visits / max) * 100}%` }} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
