import type { ContactSubmission } from "@shared/schemas/contact";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { useTexts } from "~/i18n/screen-lang";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import { cn } from "~/lib/cn";
import { INBOX_TEXTS } from "./texts";

export function InboxList({
  messages,
  selectedId,
  onSelect,
  emptyText,
}: {
  messages: ContactSubmission[];
  selectedId: string | null;
  onSelect: (message: ContactSubmission) => void;
  /** What an empty list says: "Aucun message pour le moment", or "nothing matches" while searching or filtering. */
  emptyText?: string;
}) {
  const t = useTexts(INBOX_TEXTS);
  const read = messages.filter((m) => m.isRead).length;
  return (
    <Card className="overflow-hidden">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 className="text-base font-semibold text-navy">{t("inbox")}</h2>
        <span className="text-xs font-medium text-slate-600">{t("read", { count: read })}</span>
      </div>
      {messages.length === 0 ? (
        <p className="px-4 py-10 text-center text-sm text-slate-600">{emptyText ?? t("empty")}</p>
      ) : (
        <ul className="max-h-[70vh] divide-y divide-slate-200 overflow-y-auto">
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
                  <span className="flex items-center gap-2">
                    <span className={cn("min-w-0 flex-1 truncate text-sm text-navy", message.isRead ? "font-medium" : "font-bold")}>
                      {message.fullName}
                    </span>
                    {!message.isRead && <Badge tone="info">{t("newBadge")}</Badge>}
                    {message.replies.some((r) => r.delivery.status === "failed") ? (
                      <Badge tone="danger">{t("listFailed")}</Badge>
                    ) : (
                      message.replies.some((r) => r.delivery.status === "pending") && <Badge tone="warning">{t("listPending")}</Badge>
                    )}
                  </span>
                  <span className="mt-0.5 block truncate text-sm text-navy">{message.subject}</span>
                  <span className="mt-0.5 line-clamp-2 text-xs text-slate-600">{message.message}</span>
                  <time dateTime={message.createdAt} className="mt-1 block text-xs text-slate-600">
                    {formatFrenchDateTime(message.createdAt)}
                  </time>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
