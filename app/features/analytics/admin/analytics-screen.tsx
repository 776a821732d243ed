import { LIMITS } from "@shared/limits";
import { formatNumber } from "@shared/number-format";
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
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG, useScreenLang, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import { useAnalytics } from "./api";
import { AudienceReport } from "./audience-report";
import { CatchingUpNotice } from "./catching-up-notice";
import { preloadCharts, VisitsChart } from "./charts";
import { ANALYTICS_TEXTS } from "./texts";

export const meta = () => adminMeta(translate(ANALYTICS_TEXTS, BACK_OFFICE_LANG, "title"));
export const handle: AdminHandle = { title: translate(ANALYTICS_TEXTS, BACK_OFFICE_LANG, "title") };

export default function Analytics() {
  const t = useTexts(ANALYTICS_TEXTS);
  const lang = useScreenLang();
  const common = useTexts(COMMON_TEXTS);
  const analytics = useAnalytics();
  useEffect(preloadCharts, []);

  useEffect(() => {
    // docs/product.md, "Analytics": a load failure is only logged; the screen then shows no cards.
    if (analytics.error) console.error(analytics.error);
  }, [analytics.error]);

  if (analytics.isPending) return <Loading label={common("loading")} />;
  if (analytics.isError) {
    return (
      <Card className="flex flex-col items-center gap-3 p-10 text-center text-sm text-slate-600">
        <ChartColumn className="size-8 text-slate-400" aria-hidden="true" />
        {t("unavailable")}
      </Card>
    );
  }

  const { stats, submissions } = analytics.data;
  const { summary } = stats;
  const contacts = submissions.items;
  const days = stats.visitsByDay.slice(-LIMITS.chartDays);
  const topPages = stats.popularPages.slice(0, LIMITS.topPages);
  const maxPage = Math.max(1, ...topPages.map((p) => p.count));

  return (
    <div className="space-y-6">
      <CatchingUpNotice catchingUp={stats.catchingUp} />
      <StatGrid>
        <StatCard label={t("visits")} value={summary.totalVisits} icon={Eye} />
        <StatCard
          label={t("messages")}
          value={summary.totalMessages}
          detail={t("unread", { count: summary.unreadMessages, unread: formatNumber(summary.unreadMessages, lang) })}
          icon={Inbox}
          tone="algae"
        />
        <StatCard label={t("uniquePages")} value={summary.uniquePages} icon={FileText} tone="actives" />
        <StatCard
          label={t("activeProducts")}
          value={summary.activeProducts}
          detail={t("ofTotal", { total: formatNumber(summary.totalProducts, lang) })}
          icon={Package}
          tone="plants"
        />
      </StatGrid>

      <Tabs defaultValue="overview">
        <TabsList>
          <TabsTrigger value="overview">{t("tabs.overview")}</TabsTrigger>
          <TabsTrigger value="contacts">
            {t("tabs.contacts", { count: formatNumber(submissions.total ?? contacts.length, lang) })}
          </TabsTrigger>
        </TabsList>

        <TabsContent value="overview" className="grid gap-6 xl:grid-cols-5">
          <Card className="xl:col-span-3">
            <CardHeader title={t("chartTitle")} />
            <div className="p-4">
              <VisitsChart days={days} />
            </div>
          </Card>
          <Card className="xl:col-span-2">
            <CardHeader title={t("topPages")} />
            {topPages.length === 0 ? (
              <p className="px-5 py-10 text-center text-sm text-slate-600">{t("noVisits")}</p>
            ) : (
              <ol className="space-y-3 p-5" data-testid="top-pages">
                {topPages.map((page) => (
                  <li key={page._id} className="text-sm">
                    <div className="flex items-baseline justify-between gap-3">
                      <span className="min-w-0 truncate font-medium text-navy" title={page._id}>
                        {page._id}
                      </span>
                      <span className="shrink-0 tabular-nums text-slate-600">{t("visitsCount", { count: page.count })}</span>
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
              <p className="px-5 py-10 text-center text-sm text-slate-600">{t("noContacts")}</p>
            ) : (
              <Table>
                <THead>
                  <TR>
                    <TH>{t("columns.name")}</TH>
                    <TH>{t("columns.email")}</TH>
                    <TH>{t("columns.phone")}</TH>
                    <TH>{t("columns.subject")}</TH>
                    <TH>{t("columns.date")}</TH>
                    <TH>{t("columns.status")}</TH>
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
                      <TD>{c.isRead ? <Badge tone="success">{t("read")}</Badge> : <Badge tone="info">{t("unreadBadge")}</Badge>}</TD>
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
