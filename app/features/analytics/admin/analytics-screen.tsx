import { LIMITS } from "@shared/limits";
import { ChartColumn, Eye, FileText, Inbox, Package } from "lucide-react";
import { useEffect } from "react";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { Loading } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { StatCard, StatGrid } from "~/components/admin/stat-card";
import { Badge } from "~/components/ui/badge";
import { Card, CardHeader } from "~/components/ui/card";
import { Table, TBody, TD, TH, THead, TR } from "~/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { COMMON_TEXTS, PAGE_TITLES } from "~/i18n/admin/texts";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import { useAnalytics } from "./api";
import { AudienceReport } from "./audience-report";
import { ANALYTICS_TEXTS as T } from "./texts";
import { VisitsChart } from "./visits-chart";

export const meta = () => adminMeta(PAGE_TITLES.analytics);
export const handle: AdminHandle = { title: PAGE_TITLES.analytics };

export default function Analytics() {
  const analytics = useAnalytics();

  useEffect(() => {
    // docs/product.md, "Analytics": a load failure is only logged; the screen then shows no cards.
    if (analytics.error) console.error(analytics.error);
  }, [analytics.error]);

  if (analytics.isPending) return <Loading label={COMMON_TEXTS.loading} />;
  if (analytics.isError) {
    return (
      <Card className="flex flex-col items-center gap-3 p-10 text-center text-sm text-slate-600">
        <ChartColumn className="size-8 text-slate-400" aria-hidden="true" />
        {T.unavailable}
      </Card>
    );
  }

  const { stats, submissions } = analytics.data;
  const { summary } = stats;
  const contacts = submissions.slice(0, LIMITS.analyticsLatestContacts);
  const days = stats.visitsByDay.slice(-LIMITS.chartDays);
  const topPages = stats.popularPages.slice(0, LIMITS.topPages);
  const maxPage = Math.max(1, ...topPages.map((p) => p.count));

  return (
    <div className="space-y-6">
      <StatGrid>
        <StatCard label={T.visits} value={summary.totalVisits} icon={Eye} />
        <StatCard label={T.messages} value={summary.totalMessages} detail={T.unread(summary.unreadMessages)} icon={Inbox} tone="algae" />
        <StatCard label={T.uniquePages} value={summary.uniquePages} icon={FileText} tone="actives" />
        <StatCard
          label={T.activeProducts}
          value={summary.activeProducts}
          detail={T.ofTotal(summary.totalProducts)}
          icon={Package}
          tone="plants"
        />
      </StatGrid>

      <Tabs defaultValue="overview">
        <TabsList>
          <TabsTrigger value="overview">{T.tabs.overview}</TabsTrigger>
          <TabsTrigger value="contacts">{T.tabs.contacts(contacts.length)}</TabsTrigger>
        </TabsList>

        <TabsContent value="overview" className="grid gap-6 xl:grid-cols-5">
          <Card className="xl:col-span-3">
            <CardHeader title={T.chartTitle} />
            <div className="p-4">
              <VisitsChart days={days} />
            </div>
          </Card>
          <Card className="xl:col-span-2">
            <CardHeader title={T.topPages} />
            {topPages.length === 0 ? (
              <p className="px-5 py-10 text-center text-sm text-slate-600">{T.noVisits}</p>
            ) : (
              <ol className="space-y-3 p-5" data-testid="top-pages">
                {topPages.map((page) => (
                  <li key={page._id} className="text-sm">
                    <div className="flex items-baseline justify-between gap-3">
                      <span className="min-w-0 truncate font-medium text-navy" title={page._id}>
                        {page._id}
                      </span>
                      <span className="shrink-0 tabular-nums text-slate-600">{T.visitsCount(page.count)}</span>
                    </div>
                    <div className="mt-1 h-1.5 rounded-full bg-slate-100" aria-hidden="true">
                      <div className="h-full rounded-full bg-teal" style={{ width: `${(page.count / maxPage) * 100}%` }} />
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </TabsContent>

        <TabsContent value="contacts">
          <Card>
            {contacts.length === 0 ? (
              <p className="px-5 py-10 text-center text-sm text-slate-600">{T.noContacts}</p>
            ) : (
              <Table>
                <THead>
                  <TR>
                    <TH>{T.columns.name}</TH>
                    <TH>{T.columns.email}</TH>
                    <TH>{T.columns.phone}</TH>
                    <TH>{T.columns.subject}</TH>
                    <TH>{T.columns.date}</TH>
                    <TH>{T.columns.status}</TH>
                  </TR>
                </THead>
                <TBody>
                  {contacts.map((c) => (
                    <TR key={c._id} data-testid="analytics-contact-row">
                      <TD className="whitespace-nowrap font-medium">{c.fullName}</TD>
                      <TD className="whitespace-nowrap">{c.email}</TD>
                      <TD className="whitespace-nowrap">{c.phone || "—"}</TD>
                      <TD className="min-w-48">{c.subject}</TD>
                      <TD className="whitespace-nowrap">
                        <time dateTime={c.createdAt}>{formatFrenchDateTime(c.createdAt)}</time>
                      </TD>
                      <TD>{c.isRead ? <Badge tone="success">{T.read}</Badge> : <Badge tone="info">{T.unreadBadge}</Badge>}</TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            )}
          </Card>
        </TabsContent>
      </Tabs>

      <AudienceReport />
    </div>
  );
}
