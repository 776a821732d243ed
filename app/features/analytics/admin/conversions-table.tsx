import { formatNumber } from "@shared/number-format";
import type { AnalyticsReport } from "@shared/schemas/analytics";
import { Link } from "react-router";
import { Card, CardHeader } from "~/components/ui/card";
import { Table, TBody, TD, TH, THead, TR } from "~/components/ui/table";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { ANALYTICS_TEXTS } from "./texts";

/** Per product over the range: page views, document downloads and quote requests (most requests first). */
export function ConversionsTable({ rows }: { rows: AnalyticsReport["conversions"] }) {
  const t = useTexts(ANALYTICS_TEXTS);
  const lang = useScreenLang();
  return (
    <Card>
      <CardHeader title={t("report.conversions")} />
      {rows.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-600">{t("report.conversionsEmpty")}</p>
      ) : (
        <Table data-testid="report-conversions">
          <caption className="sr-only">{t("report.conversions")}</caption>
          <THead>
            <TR>
              <TH>{t("report.conversions.product")}</TH>
              <TH className="text-right">{t("report.conversions.views")}</TH>
              <TH className="text-right">{t("report.conversions.downloads")}</TH>
              <TH className="text-right">{t("report.conversions.requests")}</TH>
            </TR>
          </THead>
          <TBody>
            {rows.map((row) => (
              <TR key={row.productId}>
                <TD>
                  <Link className="font-medium text-navy underline-offset-2 hover:underline" to={`/admin/products/edit/${row.productId}`}>
                    {row.name}
                  </Link>
                </TD>
                <TD className="text-right tabular-nums">{formatNumber(row.views, lang)}</TD>
                <TD className="text-right tabular-nums">{formatNumber(row.downloads, lang)}</TD>
                <TD className="text-right tabular-nums">{formatNumber(row.quoteRequests, lang)}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </Card>
  );
}
