import { formatNumber } from "@shared/number-format";
import { DEFAULT_REPORT_RANGE, REPORT_RANGES, type ReportRange } from "@shared/schemas/analytics";
import { Download, Eye, Inbox, Percent, Users } from "lucide-react";
import { useState } from "react";
import { LoadError, Loading } from "~/components/admin/load-error";
import { SegmentedChoice } from "~/components/admin/segmented-choice";
import { StatCard, StatGrid } from "~/components/admin/stat-card";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { useCan } from "~/lib/admin/access";
import { useExportReport, useReport } from "./api";
import { CatchingUpNotice } from "./catching-up-notice";
import { AudienceChart } from "./charts";
import { ConversionsTable } from "./conversions-table";
import { RankedList } from "./ranked-list";
import { ANALYTICS_TEXTS } from "./texts";

const frenchDay = (day: string) => day.split("-").reverse().join("/");

/** The audience over 7, 30 or 90 days: totals, visits per day, where visitors come from, languages, devices, products, searches. */
export function AudienceReport() {
  const t = useTexts(ANALYTICS_TEXTS);
  const lang = useScreenLang();
  const rangeOptions = REPORT_RANGES.map((range) => ({ value: range, label: t("report.range", { days: range }) }));
  const [days, setDays] = useState<ReportRange>(DEFAULT_REPORT_RANGE);
  const report = useReport(days);
  const exportCsv = useExportReport();
  const mayExport = useCan("analytics")("export");
  const data = report.data;

  return (
    <section aria-labelledby="audience-title" className="space-y-4">
      <Card className="space-y-3 px-5 py-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="audience-title" className="text-lg font-semibold text-navy">
              {t("report.title")}
            </h2>
            <p className="mt-0.5 text-sm text-slate-600">{t("report.intro")}</p>
          </div>
          {mayExport && (
            <Button variant="outline" onClick={() => exportCsv.mutate(days)} loading={exportCsv.isPending}>
              <Download className="size-4" aria-hidden="true" />
              {t("report.exportCsv")}
            </Button>
          )}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <SegmentedChoice label={t("report.rangeLabel")} options={rangeOptions} value={days} onChange={setDays} testId="report-range" />
          {data && (
            <p className="text-sm text-slate-600" data-testid="report-period">
              {t("report.period", { from: frenchDay(data.from), to: frenchDay(data.to) })}
            </p>
          )}
        </div>
      </Card>

      {report.isPending ? (
        <Loading label={t("report.loading")} />
      ) : !data ? (
        <LoadError message={t("report.loadError")} />
      ) : (
        <>
          <CatchingUpNotice catchingUp={data.catchingUp} />
          <div data-testid="report-totals">
            <StatGrid>
              <StatCard label={t("report.visits")} value={data.totals.visits} icon={Eye} />
              <StatCard label={t("report.uniqueVisitors")} value={data.totals.uniqueVisitors} icon={Users} tone="algae" />
              <StatCard label={t("report.messages")} value={data.totals.messages} icon={Inbox} tone="plants" />
              <StatCard
                label={t("report.conversion")}
                value={
                  data.totals.messagesPer100Visits === null
                    ? t("report.conversionNone")
                    : formatNumber(data.totals.messagesPer100Visits, lang)
                }
                icon={Percent}
                tone="actives"
              />
            </StatGrid>
          </div>
          <Card>
            <CardHeader title={t("report.chartTitle")} />
            <div className="p-4">
              <AudienceChart days={data.byDay} />
            </div>
          </Card>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            <RankedList
              title={t("report.referrers")}
              testId="report-referrers"
              empty={t("report.referrersEmpty")}
              rows={data.referrers.map((r) => ({ key: r.host, label: r.host, visits: r.visits }))}
            />
            <RankedList
              title={t("report.utmSources")}
              testId="report-utm-sources"
              empty={t("report.utmEmpty")}
              rows={data.utmSources.map((r) => ({ key: r.source, label: r.source, visits: r.visits }))}
            />
            <RankedList
              title={t("report.utmCampaigns")}
              testId="report-utm-campaigns"
              empty={t("report.utmEmpty")}
              rows={data.utmCampaigns.map((r) => ({ key: r.campaign, label: r.campaign, visits: r.visits }))}
            />
            <RankedList
              title={t("report.languages")}
              testId="report-languages"
              empty={t("report.empty")}
              total={data.totals.visits}
              rows={data.languages.map((r) => ({ key: r.lang, label: t(`report.lang.${r.lang}`), visits: r.visits }))}
            />
            <RankedList
              title={t("report.devices")}
              testId="report-devices"
              empty={t("report.empty")}
              total={data.totals.visits}
              rows={data.devices.map((r) => ({ key: r.device, label: t(`report.device.${r.device}`), visits: r.visits }))}
            />
            <RankedList
              title={t("report.products")}
              testId="report-products"
              empty={t("report.productsEmpty")}
              rows={data.products.map((r) => ({
                key: r.slug,
                label: r.name ?? t("report.productGone", { slug: r.slug }),
                visits: r.visits,
              }))}
            />
            <RankedList
              title={t("report.searches")}
              testId="report-searches"
              empty={t("report.searchesEmpty")}
              unit="searches"
              rows={data.searches.map((r) => ({ key: r.term, label: r.term, visits: r.count }))}
            />
            <RankedList
              title={t("report.emptySearches")}
              testId="report-empty-searches"
              empty={t("report.emptySearchesEmpty")}
              unit="searches"
              rows={data.emptySearches.map((r) => ({ key: r.term, label: r.term, visits: r.count }))}
            />
          </div>
          <ConversionsTable rows={data.conversions} />
        </>
      )}
    </section>
  );
}
