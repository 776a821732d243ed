import { LIMITS } from "@shared/limits";
import { formatNumber } from "@shared/number-format";
import { SPAM_COUNT_DAYS } from "@shared/quote-request";
import type { DashboardSummary } from "@shared/schemas/analytics";
import { Eye, ImageOff, Inbox, Languages, Mail, MailWarning, MessagesSquare, Package, ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { StatCard } from "~/components/admin/stat-card";
import { TRANSLATION_TEXTS } from "~/i18n/admin/translation";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { DASHBOARD_TEXTS } from "./texts";

/** A link of a card's detail line (e.g. to the inbox filtered on the conversations it counts). */
export const DETAIL_LINK = "font-semibold text-algae underline underline-offset-4 hover:no-underline";

/** One card of the dashboard's figures: nothing when its figure is not in the summary (a role that does not read it). */
type SummaryCard = (props: { summary: DashboardSummary }) => ReactNode;

const TotalVisits: SummaryCard = ({ summary }) => {
  const t = useTexts(DASHBOARD_TEXTS);
  if (summary.totalVisits === undefined) return null;
  return <StatCard label={t("totalVisits")} value={summary.totalVisits} icon={Eye} />;
};

/** "Messages reçus": the last 30 days' volume, with the all-time count; "Messages non lus" says the unread ones. */
const ReceivedMessages: SummaryCard = ({ summary }) => {
  const t = useTexts(DASHBOARD_TEXTS);
  const lang = useScreenLang();
  if (summary.receivedMessages === undefined || summary.totalMessages === undefined) return null;
  return (
    <StatCard
      label={t("totalMessages")}
      value={summary.receivedMessages}
      detail={t("receivedDetail", { days: LIMITS.statsWindowDays, total: formatNumber(summary.totalMessages, lang) })}
      icon={Inbox}
      tone="algae"
    />
  );
};

const UnreadMessages: SummaryCard = ({ summary }) => {
  const t = useTexts(DASHBOARD_TEXTS);
  if (summary.unreadMessages === undefined) return null;
  return (
    <StatCard
      label={t("unreadMessages")}
      value={summary.unreadMessages}
      detail={summary.unreadMessages > 0 ? <span className="font-semibold text-orange-800">{t("actionRequired")}</span> : t("upToDate")}
      icon={Mail}
      tone="actives"
    />
  );
};

/**
 * The conversations waiting for the team (decision 0115): new ones and those the buyer answered last, which the
 * inbox's "À traiter" filter lists (`?filter=waiting`).
 */
const WaitingForUs: SummaryCard = ({ summary }) => {
  const t = useTexts(DASHBOARD_TEXTS);
  if (summary.waitingForUs === undefined) return null;
  return (
    <StatCard
      label={t("waitingForUs")}
      value={summary.waitingForUs}
      detail={
        <Link to="/admin/contacts?filter=waiting" className={DETAIL_LINK}>
          {t("waitingLink")}
        </Link>
      }
      icon={MessagesSquare}
      tone="actives"
    />
  );
};

/** The buyers whose address bounced, linked to the inbox's "Non distribuables" filter (`?filter=undeliverable`). */
const Undeliverable: SummaryCard = ({ summary }) => {
  const t = useTexts(DASHBOARD_TEXTS);
  if (!summary.undeliverable) return null;
  return (
    <StatCard
      label={t("undeliverable")}
      value={summary.undeliverable}
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
};

const SpamMessages: SummaryCard = ({ summary }) => {
  const t = useTexts(DASHBOARD_TEXTS);
  if (summary.spamMessages === undefined) return null;
  return (
    <StatCard
      label={t("spamMessages")}
      value={summary.spamMessages}
      detail={t("spamDetail", { days: SPAM_COUNT_DAYS })}
      icon={ShieldAlert}
    />
  );
};

const ActiveProducts: SummaryCard = ({ summary }) => {
  const t = useTexts(DASHBOARD_TEXTS);
  if (summary.activeProducts === undefined) return null;
  return <StatCard label={t("activeProducts")} value={summary.activeProducts} detail={t("onlineCatalog")} icon={Package} tone="plants" />;
};

/** Products, categories and pages with a text written in one language only (decision 0121), each linked to its filtered list. */
const ToTranslate: SummaryCard = ({ summary }) => {
  const t = useTexts(TRANSLATION_TEXTS);
  const counts = summary.toTranslate;
  if (!counts) return null;
  const lists = [
    { count: counts.product, to: "/admin/products?translation=missing", label: "dashboard.products" },
    { count: counts.category, to: "/admin/categories?translation=missing", label: "dashboard.categories" },
    { count: counts.page, to: "/admin/pages?translation=missing", label: "dashboard.pages" },
  ] as const;
  const shown = lists.filter((list) => list.count !== undefined && list.count > 0);
  const total = shown.reduce((sum, list) => sum + (list.count ?? 0), 0);
  return (
    <StatCard
      label={t("dashboard.title")}
      value={total}
      detail={
        shown.length === 0 ? (
          t("dashboard.none")
        ) : (
          <span className="flex flex-wrap gap-x-3 gap-y-1">
            {shown.map((list) => (
              <Link key={list.to} to={list.to} className={DETAIL_LINK}>
                {t(list.label, { count: list.count ?? 0 })}
              </Link>
            ))}
          </span>
        )
      }
      icon={Languages}
    />
  );
};

/** The media library's images lacking alt text, linked to its "Sans texte alternatif" filter. */
const ImagesMissingAlt: SummaryCard = ({ summary }) => {
  const t = useTexts(DASHBOARD_TEXTS);
  if (summary.imagesMissingAlt === undefined) return null;
  return (
    <StatCard
      label={t("imagesMissingAlt")}
      value={summary.imagesMissingAlt}
      detail={
        <Link to="/admin/media?missingAlt=true" className={DETAIL_LINK}>
          {t("imagesMissingAltLink")}
        </Link>
      }
      icon={ImageOff}
    />
  );
};

/**
 * The dashboard's cards, in their order. A new card is a component here reading its figure from the summary (which the
 * server answers only to a role that reads it) and one entry in this list.
 */
export const SUMMARY_CARDS: { key: string; Card: SummaryCard }[] = [
  { key: "totalVisits", Card: TotalVisits },
  { key: "receivedMessages", Card: ReceivedMessages },
  { key: "unreadMessages", Card: UnreadMessages },
  { key: "waitingForUs", Card: WaitingForUs },
  { key: "undeliverable", Card: Undeliverable },
  { key: "spamMessages", Card: SpamMessages },
  { key: "activeProducts", Card: ActiveProducts },
  { key: "toTranslate", Card: ToTranslate },
  { key: "imagesMissingAlt", Card: ImagesMissingAlt },
];
