import { SETUP_ITEMS, type SetupItem, type SetupItemKey } from "@shared/schemas/setup";
import { Building2, ChevronRight, FileText, KeyRound, type LucideIcon, MailCheck, Share2, ShieldCheck, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { Card, CardHeader } from "~/components/ui/card";
import { useTexts } from "~/i18n/screen-lang";
import { DASHBOARD_TEXTS } from "./texts";

const ICONS: Record<SetupItemKey, LucideIcon> = {
  company: Building2,
  legalNotice: FileText,
  privacyPolicy: ShieldCheck,
  social: Share2,
  secondAdmin: UserPlus,
  twoFactor: KeyRound,
  mailbox: MailCheck,
};

/**
 * The setup checklist of a new site (shared/schemas/setup.ts): the items the server says are left, each a link to the
 * screen that does it. None left (or a role the server answers none to): no card.
 */
export function SetupChecklist({ items }: { items: SetupItem[] | undefined }) {
  const t = useTexts(DASHBOARD_TEXTS);
  if (!items || items.length === 0) return null;
  return (
    <Card data-testid="setup-checklist">
      <CardHeader
        title={t("setup.title")}
        description={t("setup.intro")}
        actions={
          <span className="text-sm font-medium text-slate-600 tabular-nums">
            {t("setup.progress", { done: SETUP_ITEMS.length - items.length, total: SETUP_ITEMS.length })}
          </span>
        }
      />
      <ul className="divide-y divide-slate-200">
        {items.map(({ key, to }) => {
          const Icon = ICONS[key];
          return (
            <li key={key}>
              <Link
                to={to}
                className="flex items-center gap-3 px-5 py-3 text-sm font-medium text-navy transition hover:bg-teal/5 focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal"
              >
                <Icon className="size-5 shrink-0 text-teal" aria-hidden="true" />
                <span className="min-w-0 flex-1">{t(`setup.${key}`)}</span>
                <ChevronRight className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
              </Link>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
