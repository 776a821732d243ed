import { formatNumber } from "@shared/number-format";
import { APPLICATION_NAMES, countryName, REQUEST_TYPE_NAMES, UNIT_NAMES } from "@shared/quote-request";
import type { ContactSubmission, MailDelivery } from "@shared/schemas/contact";
import type { ThreadState } from "@shared/thread-states";
import { CircleCheckBig, Filter, Inbox, Mail, MailWarning, MailX, Phone, RotateCcw, ShieldAlert, Trash2 } from "lucide-react";
import { forwardRef } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { useCan } from "~/lib/admin/access";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import { PackRequest } from "./pack-request";
import { ReplyForm } from "./reply-form";
import { INBOX_TEXTS } from "./texts";
import type { PendingAttachment } from "./thread";
import { StateBadge } from "./thread-state";
import { ThreadTimeline } from "./thread-timeline";

type TicketViewProps = {
  message: ContactSubmission;
  /** Records the reply; resolves with its e-mail's delivery (sent at once, queued or refused), rejects with the message to show. */
  onReply: (text: string, attachments: PendingAttachment[]) => Promise<MailDelivery>;
  /** Closes the conversation ("Répondu") or opens it again (decision 0115). */
  onSetState?: (state: ThreadState) => void;
  settingState?: boolean;
  onDelete: () => void;
  /** Shown for a read message: puts it back among the unread ones. */
  onMarkUnread?: () => void;
  markingUnread?: boolean;
  /** Shown for a message in the Spam folder: back to the inbox, with its notification. */
  onNotSpam?: () => void;
  movingOutOfSpam?: boolean;
  /** Shown for a message about a product: lists the messages about it. */
  onSameProduct?: (() => void) | undefined;
};

/** The sample or quote request of a message (decision 0108), nothing when it carries none. */
function RequestDetails({ message, onSameProduct }: { message: ContactSubmission; onSameProduct?: (() => void) | undefined }) {
  const t = useTexts(INBOX_TEXTS);
  const lang = useScreenLang();
  const rows: { label: string; value: string }[] = [];
  if (message.productName)
    rows.push({
      label: t("request.product"),
      value: message.productId ? message.productName : t("request.productDeleted", { name: message.productName }),
    });
  if (message.requestType) rows.push({ label: t("request.type"), value: REQUEST_TYPE_NAMES[message.requestType][lang] });
  if (message.application) rows.push({ label: t("request.application"), value: APPLICATION_NAMES[message.application][lang] });
  if (message.quantity !== null) {
    const unit = message.quantityUnit ? ` ${UNIT_NAMES[message.quantityUnit][lang]}` : "";
    rows.push({ label: t("request.quantity"), value: `${formatNumber(message.quantity, lang)}${unit}` });
  }
  if (message.country) rows.push({ label: t("request.country"), value: countryName(message.country, lang) });
  if (message.company) rows.push({ label: t("request.company"), value: message.company });
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="ticket-request-title" className="rounded-xl border border-teal/20 bg-teal/5 p-4" data-testid="ticket-request">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="ticket-request-title" className="text-sm font-semibold text-navy">
          {t("request.title")}
        </h3>
        {onSameProduct && (
          <Button variant="ghost" size="sm" onClick={onSameProduct}>
            <Filter className="size-4" aria-hidden="true" />
            {t("request.sameProduct")}
          </Button>
        )}
      </div>
      <dl className="mt-2 grid gap-3 text-sm sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="font-medium text-slate-600">{row.label}</dt>
            <dd className="mt-0.5 text-navy">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The selected message as a conversation (decision 0115): contact details, the buyer's first message, the timeline of
 * our replies and their mails, and the reply form as the main action; its state, with "Marquer comme répondu" or
 * "Rouvrir". Each button only for a role that may do it (decision 0114).
 */
export const TicketView = forwardRef<HTMLElement, TicketViewProps>(function TicketView(
  {
    message,
    onReply,
    onSetState,
    settingState = false,
    onDelete,
    onMarkUnread,
    markingUnread = false,
    onNotSpam,
    movingOutOfSpam = false,
    onSameProduct,
  },
  ref,
) {
  const t = useTexts(INBOX_TEXTS);
  const may = useCan("message");
  const phoneHref = `tel:${message.phone.replace(/[^+\d]/g, "")}`;
  const closed = message.state === "answered";

  return (
    <Card className="overflow-hidden">
      <section ref={ref} aria-labelledby="ticket-title">
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
          <div className="min-w-0 space-y-1">
            <h2 id="ticket-title" className="text-lg font-semibold text-navy">
              <span title={t("refHint")}>{t("ticket", { number: message.ref })}</span>
            </h2>
            <p className="text-sm text-slate-600">
              <time dateTime={message.createdAt}>{t("receivedOn", { date: formatFrenchDateTime(message.createdAt) })}</time>
            </p>
            <p className="flex flex-wrap items-center gap-1.5" data-testid="ticket-state">
              <span className="sr-only">{t("tools.stateLabel")} :</span>
              <StateBadge state={message.state} />
            </p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {onSetState && !message.spam && may("switch") && (
              <Button variant="outline" size="sm" onClick={() => onSetState(closed ? "waiting_us" : "answered")} loading={settingState}>
                {closed ? <RotateCcw className="size-4" aria-hidden="true" /> : <CircleCheckBig className="size-4" aria-hidden="true" />}
                {closed ? t("state.reopen") : t("state.markAnswered")}
              </Button>
            )}
            {onNotSpam && message.spam && may("switch") && (
              <Button variant="outline" size="sm" onClick={onNotSpam} loading={movingOutOfSpam}>
                <Inbox className="size-4" aria-hidden="true" />
                {t("spam.notSpam")}
              </Button>
            )}
            {onMarkUnread && message.isRead && may("switch") && (
              <Button variant="ghost" size="sm" onClick={onMarkUnread} loading={markingUnread}>
                <MailX className="size-4" aria-hidden="true" />
                {t("tools.markUnread")}
              </Button>
            )}
            {may("delete") && (
              <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={onDelete}>
                <Trash2 className="size-4" aria-hidden="true" />
                {t("delete")}
              </Button>
            )}
          </div>
        </div>

        <div className="space-y-6 px-5 py-5">
          {message.undeliverable && (
            <p
              className="flex items-start gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200"
              data-testid="ticket-undeliverable"
            >
              <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-words">
                <strong className="font-semibold">{t("undeliverable")}</strong> — {t("undeliverableNotice", { email: message.email })}
              </span>
            </p>
          )}
          {message.spam && (
            <p className="flex items-start gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
              <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {t("spam.notice", { reasons: message.spamReasons.join(", ") })}
            </p>
          )}
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-medium text-slate-600">{t("name")}</dt>
              <dd className="mt-0.5 text-navy">{message.fullName}</dd>
            </div>
            <div className="min-w-0">
              <dt className="font-medium text-slate-600">{t("email")}</dt>
              <dd className="mt-0.5">
                <a
                  href={`mailto:${message.email}`}
                  className="inline-flex max-w-full items-center gap-1.5 break-all text-algae underline underline-offset-4 hover:no-underline"
                >
                  <Mail className="size-4 shrink-0" aria-hidden="true" />
                  {message.email}
                </a>
              </dd>
            </div>
            {message.phone && (
              <div>
                <dt className="font-medium text-slate-600">{t("phone")}</dt>
                <dd className="mt-0.5">
                  <a
                    href={phoneHref}
                    className="inline-flex items-center gap-1.5 text-algae underline underline-offset-4 hover:no-underline"
                  >
                    <Phone className="size-4" aria-hidden="true" />
                    {message.phone}
                  </a>
                </dd>
              </div>
            )}
            <div className="sm:col-span-2">
              <dt className="font-medium text-slate-600">{t("subject")}</dt>
              <dd className="mt-0.5 font-semibold text-navy">{message.subject}</dd>
            </div>
          </dl>

          <RequestDetails message={message} onSameProduct={onSameProduct} />
          {message.requestType === "documents" && <PackRequest message={message} canDecide={may("reply")} />}

          <div>
            <h3 className="text-sm font-medium text-slate-600">{t("message")}</h3>
            <p className="mt-1.5 whitespace-pre-wrap break-words rounded-xl bg-slate-50 p-4 text-sm leading-relaxed text-navy">
              {message.message}
            </p>
          </div>

          <ThreadTimeline message={message} />

          {may("reply") && <ReplyForm message={message} hasReplies={message.replies.length > 0} onReply={onReply} />}
        </div>
      </section>
    </Card>
  );
});
