import { DEFAULT_REPORT_RANGE, REPORT_RANGES, type ReportRange } from "@shared/schemas/analytics";
import { Download, Eye, Inbox, Percent, Users } from "lucide-react";
import { useState } from "react";
import { LoadError, Loading } from "~/components/admin/load-error";
import { SegmentedChoice } from "~/components/admin/segmented-choice";
import { StatCard, StatGrid } from "~/components/admin/stat-card";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { useExportReport, useReport } from "./api";
import { AudienceChart } from "./audience-chart";
import { RankedList } from "./ranked-list";
import { REPORT_TEXTS as T } from "./texts";

const RANGE_OPTIONS = REPORT_RANGES.map((days) => ({ value: days, label: T.range(days) }));
const frenchDay = (day: string) => day.split("-").reverse().join("/");

/** The audience over 7, 30 or 90 days: totals, visits per day, where visitors come from, languages, devices, products. */
export function AudienceReport() {
  const [days, setDays] = useState<ReportRange>(DEFAULT_REPORT_RANGE);
  const report = useReport(days);
  const exportCsv = useExportReport();
  const data = report.data;

  return (
    <section aria-labelledby="audience-title" className="space-y-4">
      <Card className="space-y-3 px-5 py-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="audience-title" className="text-lg font-semibold text-navy">
              {T.title}
            </h2>
            <p className="mt-0.5 text-sm text-slate-600">{T.intro}</p>
          </div>
          <Button variant="outline" onClick={() => exportCsv.mutate(days)} loading={exportCsv.isPending}>
            <Download className="size-4" aria-hidden="true" />
            {T.exportCsv}
          </Button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <SegmentedChoice label={T.rangeLabel} options={RANGE_OPTIONS} value={days} onChange={setDays} testId="report-range" />
          {data && (
            <p className="text-sm text-slate-600" data-testid="report-period">
              {T.period(frenchDay(data.from), frenchDay(data.to))}
            </p>
          )}
        </div>
      </Card>

      {report.isPending ? (
        <Loading label={T.loading} />
      ) : !data ? (
        <LoadError message={T.loadError} />
      ) : (
        <>
          <div data-testid="report-totals">
            <StatGrid>
              <StatCard label={T.visits} value={data.totals.visits} icon={Eye} />
              <StatCard label={T.uniqueVisitors} value={data.totals.uniqueVisitors} icon={Users} tone="algae" />
              <StatCard label={T.messages} value={data.totals.messages} icon={Inbox} tone="plants" />
              <StatCard
                label={T.conversion}
                value={
                  data.totals.messagesPer100Visits === null ? T.conversionNone : data.totals.messagesPer100Visits.toLocaleString("fr-FR")
                }
                icon={Percent}
                tone="actives"
              />
            </StatGrid>
          </div>
          <Card>
            <CardHeader title={T.chartTitle} />
            <div className="p-4">
              <AudienceChart days={data.byDay} />
            </div>
          </Card>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            <RankedList
              title={T.referrers}
              testId="report-referrers"
              empty={T.referrersEmpty}
              rows={data.referrers.map((r) => ({ key: r.host, label: r.host, visits: r.visits }))}
            />
            <RankedList
              title={T.utmSources}
              testId="report-utm-sources"
              empty={T.utmEmpty}
              rows={data.utmSources.map((r) => ({ key: r.source, label: r.source, visits: r.visits }))}
            />
            <RankedList
              title={T.utmCampaigns}
              testId="report-utm-campaigns"
              empty={T.utmEmpty}
              rows={data.utmCampaigns.map((r) => ({ key: r.campaign, label: r.campaign, visits: r.visits }))}
            />
            <RankedList
              title={T.languages}
              testId="report-languages"
              empty={T.empty}
              total={data.totals.visits}
              rows={data.languages.map((r) => ({ key: r.lang, label: T.lang[r.lang], visits: r.visits }))}
            />
            <RankedList
              title={T.devices}
              testId="report-devices"
              empty={T.empty}
              total={data.totals.visits}
              rows={data.devices.map((r) => ({ key: r.device, label: T.device[r.device], visits: r.visits }))}
            />
            <RankedList
              title={T.products}
              testId="report-products"
              empty={T.productsEmpty}
              rows={data.products.map((r) => ({ key: r.slug, label: r.name ?? T.productGone(r.slug), visits: r.visits }))}
            />
          </div>
        </>
      )}
    </section>
  );
}
