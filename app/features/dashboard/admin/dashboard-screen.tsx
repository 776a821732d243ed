import { LIMITS } from "@shared/limits";
import { ChartColumn, Eye, Handshake, Image, Inbox, Mail, MailOpen, Package, Plus } from "lucide-react";
import { Link } from "react-router";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { LoadError, Loading } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { StatCard, StatGrid } from "~/components/admin/stat-card";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { useSummary } from "~/features/analytics/admin/api";
import { DASHBOARD_TEXTS } from "~/features/dashboard/admin/texts";
import { useMarkRead, useSubmissions } from "~/features/inbox/admin/api";
import { COMMON_TEXTS, PAGE_TITLES } from "~/i18n/admin/texts";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import { cn } from "~/lib/cn";

export const meta = () => adminMeta(PAGE_TITLES.dashboard);
export const handle: AdminHandle = { title: PAGE_TITLES.dashboard };

const QUICK_ACTIONS = [
  { to: "/admin/products/new", label: DASHBOARD_TEXTS.actions.newProduct, icon: Plus },
  { to: "/admin/banner", label: DASHBOARD_TEXTS.actions.banner, icon: Image },
  { to: "/admin/contacts", label: DASHBOARD_TEXTS.actions.contacts, icon: Mail },
  { to: "/admin/analytics", label: DASHBOARD_TEXTS.actions.analytics, icon: ChartColumn },
  { to: "/admin/partners", label: DASHBOARD_TEXTS.actions.partners, icon: Handshake },
];

export default function Dashboard() {
  const summary = useSummary();
  const submissions = useSubmissions();
  const markRead = useMarkRead();
  const recent = submissions.data?.slice(0, LIMITS.dashboardRecentMessages) ?? [];

  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">{DASHBOARD_TEXTS.welcome}</p>

      {summary.isPending ? (
        <Loading label={COMMON_TEXTS.loading} />
      ) : summary.isError ? (
        <LoadError message={DASHBOARD_TEXTS.loadError} />
      ) : (
        <StatGrid>
          <StatCard label={DASHBOARD_TEXTS.totalVisits} value={summary.data.totalVisits} icon={Eye} />
          <StatCard
            label={DASHBOARD_TEXTS.totalMessages}
            value={summary.data.totalMessages}
            detail={DASHBOARD_TEXTS.unreadCount(summary.data.unreadMessages)}
            icon={Inbox}
            tone="algae"
          />
          <StatCard
            label={DASHBOARD_TEXTS.unreadMessages}
            value={summary.data.unreadMessages}
            detail={
              summary.data.unreadMessages > 0 ? (
                <span className="font-semibold text-orange-800">{DASHBOARD_TEXTS.actionRequired}</span>
              ) : (
                DASHBOARD_TEXTS.upToDate
              )
            }
            icon={Mail}
            tone="actives"
          />
          <StatCard
            label={DASHBOARD_TEXTS.activeProducts}
            value={summary.data.activeProducts}
            detail={DASHBOARD_TEXTS.onlineCatalog}
            icon={Package}
            tone="plants"
          />
        </StatGrid>
      )}

      <div className="grid gap-6 xl:grid-cols-3">
        <Card className="xl:col-span-1">
          <CardHeader title={DASHBOARD_TEXTS.quickActions} />
          <ul className="grid gap-2 p-4 sm:grid-cols-2 xl:grid-cols-1">
            {QUICK_ACTIONS.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="flex items-center gap-3 rounded-xl border border-slate-200 px-4 py-3 text-sm font-medium text-navy transition hover:border-teal hover:bg-teal/5 focus-visible:outline focus-visible:outline-2 focus-visible:outline-teal"
                >
                  <Icon className="size-5 text-teal" aria-hidden="true" />
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </Card>

        <Card className="xl:col-span-2">
          <CardHeader
            title={DASHBOARD_TEXTS.recentMessages}
            actions={
              <Link to="/admin/contacts" className={buttonClass({ variant: "ghost", size: "sm" })}>
                {DASHBOARD_TEXTS.seeAll}
              </Link>
            }
          />
          {submissions.isPending ? (
            <Loading label={COMMON_TEXTS.loading} />
          ) : submissions.isError ? (
            <div className="p-4">
              <LoadError message={DASHBOARD_TEXTS.loadError} />
            </div>
          ) : recent.length === 0 ? (
            <p className="px-5 py-10 text-center text-sm text-slate-600">{DASHBOARD_TEXTS.noMessages}</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {recent.map((message) => (
                <li key={message._id} className={cn("flex flex-wrap items-start gap-3 px-5 py-4", !message.isRead && "bg-sky-50/60")}>
                  <span
                    className={cn(
                      "mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full",
                      message.isRead ? "bg-slate-100 text-slate-500" : "bg-algae/10 text-algae",
                    )}
                  >
                    {message.isRead ? <MailOpen className="size-4" aria-hidden="true" /> : <Mail className="size-4" aria-hidden="true" />}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold text-navy">{message.fullName}</span>
                      {!message.isRead && <Badge tone="info">{DASHBOARD_TEXTS.newMarker}</Badge>}
                    </p>
                    <p className="truncate text-sm text-navy">{message.subject}</p>
                    <p className="text-xs text-slate-600">
                      <time dateTime={message.createdAt}>{formatFrenchDateTime(message.createdAt)}</time>
                    </p>
                  </div>
                  {!message.isRead && (
                    <Button
                      variant="outline"
                      size="sm"
                      loading={markRead.isPending && markRead.variables === message._id}
                      aria-label={`${DASHBOARD_TEXTS.markAsRead} : ${message.fullName}`}
                      onClick={() => markRead.mutate(message._id)}
                    >
                      {DASHBOARD_TEXTS.markAsRead}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
