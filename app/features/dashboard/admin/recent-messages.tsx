import { LIMITS } from "@shared/limits";
import { REQUEST_TYPE_NAMES } from "@shared/quote-request";
import { Mail, MailOpen } from "lucide-react";
import { Link } from "react-router";
import { LoadError, Loading } from "~/components/admin/load-error";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { useLatestSubmissions, useMarkRead } from "~/features/inbox/admin/api";
import { StateBadge } from "~/features/inbox/admin/thread-state";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { useCan } from "~/lib/admin/access";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import { cn } from "~/lib/cn";
import { DASHBOARD_TEXTS } from "./texts";

/**
 * The latest few messages (`?limit=5`, never the whole inbox): who, where the conversation stands, the subject (two
 * lines at most), the request type and product, the date; "Répondre" opens the message in the inbox at its reply box,
 * and an unread one has "Marquer comme lu" beside it, each for a role that may.
 */
export function RecentMessages({ className }: { className?: string }) {
  const t = useTexts(DASHBOARD_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const lang = useScreenLang();
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
          {recent.map((message) => {
            const request = [message.requestType && REQUEST_TYPE_NAMES[message.requestType][lang], message.productName].filter(Boolean);
            return (
              <li
                key={message._id}
                data-testid="recent-message"
                className={cn("flex flex-wrap items-start gap-x-3 gap-y-2 px-5 py-4", !message.isRead && "bg-sky-50/60")}
              >
                <span
                  className={cn(
                    "mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full",
                    message.isRead ? "bg-slate-100 text-slate-500" : "bg-algae/10 text-algae",
                  )}
                >
                  {message.isRead ? <MailOpen className="size-4" aria-hidden="true" /> : <Mail className="size-4" aria-hidden="true" />}
                </span>
                <div className="min-w-0 flex-1 basis-48">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold break-words text-navy">{message.fullName}</span>
                    {!message.isRead && <Badge tone="info">{t("newMarker")}</Badge>}
                    {message.state !== "new" && <StateBadge state={message.state} />}
                  </p>
                  <p className="line-clamp-2 text-sm break-words text-navy">{message.subject}</p>
                  {request.length > 0 && <p className="text-xs font-medium break-words text-teal-800">{request.join(" · ")}</p>}
                  <p className="text-xs text-slate-600">
                    <time dateTime={message.createdAt}>{formatFrenchDateTime(message.createdAt)}</time>
                  </p>
                </div>
                <div className="flex flex-wrap gap-2 max-sm:basis-full max-sm:pl-12">
                  {may("reply") && (
                    <ButtonLink
                      to={`/admin/contacts?message=${encodeURIComponent(message._id)}`}
                      size="sm"
                      aria-label={`${t("reply")} : ${message.fullName}`}
                    >
                      {t("reply")}
                    </ButtonLink>
                  )}
                  {!message.isRead && may("switch") && (
                    <Button
                      variant="ghost"
                      size="sm"
                      loading={markRead.isPending && markRead.variables === message._id}
                      aria-label={`${t("markAsRead")} : ${message.fullName}`}
                      onClick={() => markRead.mutate(message._id)}
                    >
                      {t("markAsRead")}
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
