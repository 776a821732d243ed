import { can, canRead, type Subject } from "@shared/access";
import { SPAM_COUNT_DAYS } from "@shared/quote-request";
import type { ResourceAction } from "@shared/resources/define";
import {
  ChartColumn,
  Eye,
  Handshake,
  Image,
  Inbox,
  type LucideIcon,
  Mail,
  MailWarning,
  MessagesSquare,
  Package,
  Plus,
  ShieldAlert,
} from "lucide-react";
import { Link } from "react-router";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { LoadError, Loading } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { StatCard, StatGrid } from "~/components/admin/stat-card";
import { Card, CardHeader } from "~/components/ui/card";
import { useSummary } from "~/features/analytics/admin/api";
import { CatchingUpNotice } from "~/features/analytics/admin/catching-up-notice";
import { CertificationExpiryCard } from "~/features/certifications/admin/expiry-card";
import { DASHBOARD_TEXTS } from "~/features/dashboard/admin/texts";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG, useTexts } from "~/i18n/screen-lang";
import { type TextKey, translate } from "~/i18n/texts";
import { useRole } from "~/lib/admin/access";
import { cn } from "~/lib/cn";
import { RecentMessages } from "./recent-messages";

export const meta = () => adminMeta(translate(DASHBOARD_TEXTS, BACK_OFFICE_LANG, "title"));
export const handle: AdminHandle = { title: translate(DASHBOARD_TEXTS, BACK_OFFICE_LANG, "title") };

/** Each quick action, for a role that may do what it leads to (decision 0114). */
const QUICK_ACTIONS: { to: string; label: TextKey<typeof DASHBOARD_TEXTS>; icon: LucideIcon; subject: Subject; action: ResourceAction }[] =
  [
    { to: "/admin/products/new", label: "actions.newProduct", icon: Plus, subject: "product", action: "create" },
    { to: "/admin/banner", label: "actions.banner", icon: Image, subject: "banner", action: "update" },
    { to: "/admin/contacts", label: "actions.contacts", icon: Mail, subject: "message", action: "reply" },
    { to: "/admin/analytics", label: "actions.analytics", icon: ChartColumn, subject: "analytics", action: "read" },
    { to: "/admin/partners", label: "actions.partners", icon: Handshake, subject: "partner", action: "update" },
  ];

/** A link of a card's detail line (e.g. to the inbox filtered on the conversations it counts). */
const DETAIL_LINK = "font-semibold text-algae underline underline-offset-4 hover:no-underline";

/**
 * The conversations waiting for the team (decision 0115): new ones and those the buyer answered last, which the
 * inbox's "À traiter" filter lists (`?filter=waiting`).
 */
function WaitingForUs({ count }: { count: number }) {
  const t = useTexts(DASHBOARD_TEXTS);
  return (
    <StatCard
      label={t("waitingForUs")}
      value={count}
      detail={
        <Link to="/admin/contacts?filter=waiting" className={DETAIL_LINK}>
          {t("waitingLink")}
        </Link>
      }
      icon={MessagesSquare}
      tone="actives"
    />
  );
}

/** The buyers whose address bounced, linked to the inbox's "Non distribuables" filter (`?filter=undeliverable`). */
function Undeliverable({ count }: { count: number }) {
  const t = useTexts(DASHBOARD_TEXTS);
  return (
    <StatCard
      label={t("undeliverable")}
      value={count}
      detail={
        <>
          {t("undeliverableDetail")}{" "}
          <Link to="/admin/contacts?filter=undeliverable" className={DETAIL_LINK}>
            {t("undeliverableLink")}
          </Link>
        </>
      }
      icon={MailWarning}
      tone="actives"
    />
  );
}

/** The figures, warnings, quick actions and latest messages the signed-in role reads; nothing it would be refused. */
export default function Dashboard() {
  const t = useTexts(DASHBOARD_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const role = useRole();
  // The summary answers only the figures the role reads: each card shows when its figure is there.
  const summary = useSummary();
  const actions = QUICK_ACTIONS.filter((action) => can(role, action.subject, action.action));
  const messages = canRead(role, "message");

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
            {summary.data.totalVisits !== undefined && <StatCard label={t("totalVisits")} value={summary.data.totalVisits} icon={Eye} />}
            {summary.data.totalMessages !== undefined && summary.data.unreadMessages !== undefined && (
              <>
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
              </>
            )}
            {summary.data.waitingForUs !== undefined && <WaitingForUs count={summary.data.waitingForUs} />}
            {summary.data.undeliverable !== undefined && summary.data.undeliverable > 0 && (
              <Undeliverable count={summary.data.undeliverable} />
            )}
            {summary.data.spamMessages !== undefined && (
              <StatCard
                label={t("spamMessages")}
                value={summary.data.spamMessages}
                detail={t("spamDetail", { days: SPAM_COUNT_DAYS })}
                icon={ShieldAlert}
              />
            )}
            {summary.data.activeProducts !== undefined && (
              <StatCard
                label={t("activeProducts")}
                value={summary.data.activeProducts}
                detail={t("onlineCatalog")}
                icon={Package}
                tone="plants"
              />
            )}
          </StatGrid>
        </>
      )}

      {canRead(role, "certification") && <CertificationExpiryCard />}

      {(actions.length > 0 || messages) && (
        <div className="grid gap-6 xl:grid-cols-3">
          {actions.length > 0 && (
            <Card className={messages ? "xl:col-span-1" : "xl:col-span-3"}>
              <CardHeader title={t("quickActions")} />
              <ul className={cn("grid gap-2 p-4 sm:grid-cols-2", messages ? "xl:grid-cols-1" : "xl:grid-cols-3")}>
                {actions.map(({ to, label, icon: Icon }) => (
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
          )}
          {messages && <RecentMessages className={actions.length > 0 ? "xl:col-span-2" : "xl:col-span-3"} />}
        </div>
      )}
    </div>
  );
}
