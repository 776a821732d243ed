import { REQUEST_TYPE_NAMES } from "@shared/quote-request";
import type { ContactSubmission } from "@shared/schemas/contact";
import { useEffect, useRef, useState } from "react";
import { Loading } from "~/components/admin/load-error";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import type { TextKey, TextParams } from "~/i18n/texts";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import { cn } from "~/lib/cn";
import { INBOX_TEXTS } from "./texts";
import { StateBadge, UndeliverableBadge } from "./thread-state";

/** "50 messages affichés sur 62" while more can be loaded, "62 messages affichés" once all are. */
export function shownText(
  t: (key: TextKey<typeof INBOX_TEXTS>, params?: TextParams) => string,
  shown: number,
  total: number | null,
): string {
  return total !== null && shown < total ? t("tools.shownOf", { count: shown, total }) : t("tools.shown", { count: shown });
}

/**
 * The loaded messages (one button each, one rendering at every width, with the conversation's state beside the name
 * and a bounced address), how many are shown of how many match (a polite live region), and "Charger plus" for the next page: after
 * it, focus moves to the first message it brought.
 */
export function InboxList({
  messages,
  loading = false,
  total = null,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
  selectedId,
  onSelect,
  emptyText,
}: {
  messages: ContactSubmission[];
  /** The first page is not there yet. */
  loading?: boolean;
  /** How many messages the search and filter match (`X-Total-Count`). */
  total?: number | null;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => Promise<unknown>;
  selectedId: string | null;
  onSelect: (message: ContactSubmission) => void;
  /** What an empty list says: "Aucun message pour le moment", or "nothing matches" while searching or filtering. */
  emptyText?: string;
}) {
  const t = useTexts(INBOX_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const lang = useScreenLang();
  const read = messages.filter((m) => m.isRead).length;
  const listRef = useRef<HTMLUListElement>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);

  useEffect(() => {
    // The page it brought may render after the request ends: wait for its rows.
    if (focusIndex === null || focusIndex >= messages.length) return;
    const target = listRef.current?.querySelectorAll<HTMLButtonElement>(":scope > li > button")[focusIndex];
    if (!target) return;
    target.focus();
    setFocusIndex(null);
  }, [focusIndex, messages.length]);

  async function loadMore() {
    if (!onLoadMore || loadingMore) return;
    const before = messages.length;
    await onLoadMore();
    setFocusIndex(before);
  }

  return (
    <Card className="overflow-hidden">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 className="text-base font-semibold text-navy">{t("inbox")}</h2>
        <span className="text-xs font-medium text-slate-600">{t("read", { count: read })}</span>
      </div>
      {loading ? (
        <Loading label={common("loading")} />
      ) : messages.length === 0 ? (
        <p className="px-4 py-10 text-center text-sm text-slate-600">{emptyText ?? t("empty")}</p>
      ) : (
        <ul ref={listRef} className="max-h-[70vh] divide-y divide-slate-200 overflow-y-auto">
          {messages.map((message) => {
            const selected = message._id === selectedId;
            return (
              <li key={message._id}>
                <button
                  type="button"
                  aria-current={selected ? "true" : undefined}
                  onClick={() => onSelect(message)}
                  className={cn(
                    "block w-full border-l-4 px-4 py-3 text-left transition focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal",
                    selected ? "border-teal bg-teal/5" : "border-transparent hover:bg-slate-50",
                    !message.isRead && !selected && "bg-sky-50/60",
                  )}
                >
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span
                      className={cn("min-w-0 flex-1 basis-32 truncate text-sm text-navy", message.isRead ? "font-medium" : "font-bold")}
                    >
                      {message.fullName}
                    </span>
                    {!message.isRead && <Badge tone="info">{t("newBadge")}</Badge>}
                    {/* Where the conversation stands once it moved on: a new one is said by the unread badge alone, and its
                        "Nouveau" goes once the message is read (the spec's badge). */}
                    {message.state !== "new" && <StateBadge state={message.state} />}
                    {message.replies.some((r) => r.delivery.status === "failed") ? (
                      <Badge tone="danger">{t("listFailed")}</Badge>
                    ) : (
                      message.replies.some((r) => r.delivery.status === "pending") && <Badge tone="warning">{t("listPending")}</Badge>
                    )}
                  </span>
                  <span className="mt-0.5 line-clamp-2 text-sm break-words text-navy">{message.subject}</span>
                  {(message.requestType || message.productName) && (
                    <span className="mt-0.5 block truncate text-xs font-medium text-teal-800">
                      {[message.requestType && REQUEST_TYPE_NAMES[message.requestType][lang], message.productName]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  )}
                  <span className="mt-0.5 line-clamp-2 text-xs text-slate-600">{message.message}</span>
                  <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
                    <time dateTime={message.createdAt} className="text-xs text-slate-600">
                      {formatFrenchDateTime(message.createdAt)}
                    </time>
                    {message.undeliverable && <UndeliverableBadge />}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3">
        <p role="status" aria-live="polite" className="text-sm text-slate-600" data-testid="inbox-shown">
          {loading ? "" : shownText(t, messages.length, total)}
        </p>
        {hasMore && (
          <Button
            variant="outline"
            size="sm"
            aria-disabled={loadingMore || undefined}
            aria-busy={loadingMore || undefined}
            onClick={() => void loadMore()}
          >
            {loadingMore ? t("tools.loadingMore") : t("tools.loadMore")}
          </Button>
        )}
      </div>
    </Card>
  );
}
