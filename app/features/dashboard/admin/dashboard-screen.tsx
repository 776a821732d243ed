import { LIMITS } from "@shared/limits";
import { SPAM_COUNT_DAYS } from "@shared/quote-request";
import { ChartColumn, Eye, Handshake, Image, Inbox, type LucideIcon, Mail, MailOpen, Package, Plus, ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { LoadError, Loading } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { StatCard, StatGrid } from "~/components/admin/stat-card";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { useSummary } from "~/features/analytics/admin/api";
import { CatchingUpNotice } from "~/features/analytics/admin/catching-up-notice";
import { CertificationExpiryCard } from "~/features/certifications/admin/expiry-card";
import { DASHBOARD_TEXTS } from "~/features/dashboard/admin/texts";
import { useLatestSubmissions, useMarkRead } from "~/features/inbox/admin/api";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG, useTexts } from "~/i18n/screen-lang";
import { type TextKey, translate } from "~/i18n/texts";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import { cn } from "~/lib/cn";

export const meta = () => adminMeta(translate(DASHBOARD_TEXTS, BACK_OFFICE_LANG, "title"));
export const handle: AdminHandle = { title: translate(DASHBOARD_TEXTS, BACK_OFFICE_LANG, "title") };

const QUICK_ACTIONS: { to: string; label: TextKey<typeof DASHBOARD_TEXTS>; icon: LucideIcon }[] = [
  { to: "/admin/products/new", label: "actions.newProduct", icon: Plus },
  { to: "/admin/banner", label: "actions.banner", icon: Image },
  { to: "/admin/contacts", label: "actions.contacts", icon: Mail },
  { to: "/admin/analytics", label: "actions.analytics", icon: ChartColumn },
  { to: "/admin/partners", label: "actions.partners", icon: Handshake },
];

export default function Dashboard() {
  const t = useTexts(DASHBOARD_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const summary = useSummary();
  // Only the latest few messages are read (`?limit=5`), never the whole inbox.
  const submissions = useLatestSubmissions(LIMITS.dashboardRecentMessages);
  const markRead = useMarkRead();
  const recent = submissions.data?.items ?? [];

  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">{t("welcome")}</p>

      {summary.isPending ? (
        <Loading label={common("loading")} />
      ) : summary.isError ? (
        <LoadError message={t("loadError")} />
      ) : (
        <>
          <CatchingUpNotice catchingUp={summary.data.catchingUp} />
          <StatGrid>
            <StatCard label={t("totalVisits")} value={summary.data.totalVisits} icon={Eye} />
            <StatCard
              label={t("totalMessages")}
              value={summary.data.totalMessages}
              detail={t("unreadCount", { count: summary.data.unreadMessages })}
              icon={Inbox}
              tone="algae"
            />
            <StatCard
              label={t("unreadMessages")}
              value={summary.data.unreadMessages}
              detail={
                summary.data.unreadMessages > 0 ? (
                  <span className="font-semibold text-orange-800">{t("actionRequired")}</span>
                ) : (
                  t("upToDate")
                )
              }
              icon={Mail}
              tone="actives"
            />
            <StatCard
              label={t("spamMessages")}
              value={summary.data.spamMessages}
              detail={t("spamDetail", { days: SPAM_COUNT_DAYS })}
              icon={ShieldAlert}
            />
            <StatCard
              label={t("activeProducts")}
              value={summary.data.activeProducts}
              detail={t("onlineCatalog")}
              icon={Package}
              tone="plants"
            />
          </StatGrid>
        </>
      )}

      <CertificationExpiryCard />

      <div className="grid gap-6 xl:grid-cols-3">
        <Card className="xl:col-span-1">
          <CardHeader title={t("quickActions")} />
          <ul className="grid gap-2 p-4 sm:grid-cols-2 xl:grid-cols-1">
            {QUICK_ACTIONS.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="flex items-center gap-3 rounded-xl border border-slate-200 px-4 py-3 text-sm font-medium text-navy transition hover:border-teal hover:bg-teal/5 focus-visible:outline focus-visible:outline-2 focus-visible:outline-teal"
                >
                  <Icon className="size-5 text-teal" aria-hidden="true" />
                  {t(label)}
                </Link>
              </li>
            ))}
          </ul>
        </Card>

        <Card className="xl:col-span-2">
          <CardHeader
            title={t("recentMessages")}
            actions={
              <Link to="/admin/contacts" className={buttonClass({ variant: "ghost", size: "sm" })}>
                {t("seeAll")}
              </Link>
            }
          />
          {submissions.isPending ? (
            <Loading label={common("loading")} />
          ) : submissions.isError ? (
            <div className="p-4">
              <LoadError message={t("loadError")} />
            </div>
          ) : recent.length === 0 ? (
            <p className="px-5 py-10 text-center text-sm text-slate-600">{t("noMessages")}</p>
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
                      {!message.isRead && <Badge tone="info">{t("newMarker")}</Badge>}
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
                      aria-label={`${t("markAsRead")} : ${message.fullName}`}
                      onClick={() => markRead.mutate(message._id)}
                    >
                      {t("markAsRead")}
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
