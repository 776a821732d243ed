import { LIMITS } from "@shared/limits";
import { Mail, MailOpen } from "lucide-react";
import { Link } from "react-router";
import { LoadError, Loading } from "~/components/admin/load-error";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { useLatestSubmissions, useMarkRead } from "~/features/inbox/admin/api";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useTexts } from "~/i18n/screen-lang";
import { useCan } from "~/lib/admin/access";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import { cn } from "~/lib/cn";
import { DASHBOARD_TEXTS } from "./texts";

/** The latest few messages (`?limit=5`, never the whole inbox), each unread one with "Marquer comme lu" when the role may. */
export function RecentMessages({ className }: { className?: string }) {
  const t = useTexts(DASHBOARD_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const may = useCan("message");
  const submissions = useLatestSubmissions(LIMITS.dashboardRecentMessages);
  const markRead = useMarkRead();
  const recent = submissions.data?.items ?? [];

  return (
    <Card className={className}>
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
              {!message.isRead && may("switch") && (
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
  );
}
