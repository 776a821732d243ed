import { can, canRead, type Subject } from "@shared/access";
import type { ResourceAction } from "@shared/resources/define";
import { ChartColumn, Handshake, Image, type LucideIcon, Mail, Plus } from "lucide-react";
import { Link } from "react-router";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { LoadError, Loading } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { StatGrid } from "~/components/admin/stat-card";
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
import { SetupChecklist } from "./setup-checklist";
import { SUMMARY_CARDS } from "./summary-cards";

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

/**
 * The setup checklist, figures, warnings, quick actions and latest messages the signed-in role reads; nothing it would
 * be refused. On a phone (under `md`) the work comes first: the checklist, then the latest messages, then the cards.
 */
export default function Dashboard() {
  const t = useTexts(DASHBOARD_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const role = useRole();
  // The summary answers only the figures the role reads: each card shows when its figure is there.
  const summary = useSummary();
  const actions = QUICK_ACTIONS.filter((action) => can(role, action.subject, action.action));
  const messages = canRead(role, "message");

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-slate-600">{t("welcome")}</p>

      {summary.isPending ? (
        <Loading label={common("loading")} />
      ) : summary.isError ? (
        <LoadError message={t("loadError")} />
      ) : (
        <>
          <div className="max-md:order-1 empty:hidden">
            <SetupChecklist items={summary.data.setup} />
          </div>
          <div className="space-y-6 max-md:order-3">
            <CatchingUpNotice catchingUp={summary.data.catchingUp} />
            <StatGrid>
              {SUMMARY_CARDS.map(({ key, Card: SummaryCard }) => (
                <SummaryCard key={key} summary={summary.data} />
              ))}
            </StatGrid>
          </div>
        </>
      )}

      {canRead(role, "certification") && (
        <div className="max-md:order-4 empty:hidden">
          <CertificationExpiryCard />
        </div>
      )}

      {(actions.length > 0 || messages) && (
        <div className="grid gap-6 max-md:order-2 xl:grid-cols-3">
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
          {messages && <RecentMessages className={cn("max-md:order-first", actions.length > 0 ? "xl:col-span-2" : "xl:col-span-3")} />}
        </div>
      )}
    </div>
  );
}
