import { LIMITS, TIMINGS } from "@shared/limits";
import { APPLICATION_NAMES, countryName, REQUEST_TYPE_NAMES, UNIT_NAMES } from "@shared/quote-request";
import { type ContactSubmission, type MailDelivery, replyInputSchema } from "@shared/schemas/contact";
import { Filter, Inbox, Mail, MailX, Phone, Send, ShieldAlert, Trash2 } from "lucide-react";
import { forwardRef, useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { describedBy, Field, Textarea } from "~/components/ui/field";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { useCan } from "~/lib/admin/access";
import { fieldError, useZodForm } from "~/lib/admin/form";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import { DeliveryStatus } from "./delivery-status";
import { ReplyBanner, type ReplyNotice } from "./reply-banner";
import { INBOX_TEXTS } from "./texts";

export function ticketNumber(id: string): string {
  return id.slice(-LIMITS.ticketIdChars).toUpperCase();
}

type TicketViewProps = {
  message: ContactSubmission;
  /** Records the reply; resolves with its e-mail's delivery (sent at once, queued or refused), rejects with the message to show. */
  onReply: (text: string) => Promise<MailDelivery>;
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
    rows.push({ label: t("request.quantity"), value: `${message.quantity.toLocaleString(lang === "fr" ? "fr-FR" : "en-GB")}${unit}` });
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
 * The selected message: contact details, the message, replies sent, and the reply form; each button only for a role
 * that may do it (decision 0114).
 */
export const TicketView = forwardRef<HTMLElement, TicketViewProps>(function TicketView(
  { message, onReply, onDelete, onMarkUnread, markingUnread = false, onNotSpam, movingOutOfSpam = false, onSameProduct },
  ref,
) {
  const t = useTexts(INBOX_TEXTS);
  const may = useCan("message");
  const form = useZodForm(replyInputSchema, { defaultValues: { replyMessage: "" } });
  const reply = form.watch("replyMessage");
  const sending = form.formState.isSubmitting;
  const [notice, setNotice] = useState<ReplyNotice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function show(next: ReplyNotice, duration: number) {
    clearTimeout(timer.current);
    setNotice(next);
    timer.current = setTimeout(() => setNotice(null), duration);
  }

  // docs/product.md, "Messages": an empty reply is not a field error but the 3 s banner; the schema decides what is empty (after trim).
  const send = form.handleSubmit(
    async ({ replyMessage }) => {
      try {
        const delivery = await onReply(replyMessage);
        form.reset({ replyMessage: "" });
        if (delivery.status === "sent")
          show({ kind: "success", title: t("successTitle"), message: t("successMessage") }, TIMINGS.replySuccess);
        else if (delivery.status === "pending")
          show({ kind: "info", title: t("queuedTitle"), message: t("queuedMessage") }, TIMINGS.replyQueued);
        else show({ kind: "error", message: t("refusedAfterSave", { reason: delivery.error ?? "" }) }, TIMINGS.replyError);
      } catch (error) {
        show({ kind: "error", message: error instanceof Error && error.message ? error.message : t("replyError") }, TIMINGS.replyError);
      }
    },
    (errors) => show({ kind: "error", message: fieldError(errors, "replyMessage") ?? t("replyEmpty") }, TIMINGS.replyEmpty),
  );

  const hasReplies = message.replies.length > 0;
  const phoneHref = `tel:${message.phone.replace(/[^+\d]/g, "")}`;

  return (
    <Card className="overflow-hidden">
      <section ref={ref} aria-labelledby="ticket-title">
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
          <div>
            <h2 id="ticket-title" className="text-lg font-semibold text-navy">
              {t("ticket", { number: ticketNumber(message._id) })}
            </h2>
            <p className="text-sm text-slate-600">
              <time dateTime={message.createdAt}>{t("receivedOn", { date: formatFrenchDateTime(message.createdAt) })}</time>
            </p>
          </div>
          <div className="flex flex-wrap gap-1.5">
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

          <div>
            <h3 className="text-sm font-medium text-slate-600">{t("message")}</h3>
            <p className="mt-1.5 whitespace-pre-wrap break-words rounded-xl bg-slate-50 p-4 text-sm leading-relaxed text-navy">
              {message.message}
            </p>
          </div>

          {hasReplies && (
            <div>
              <h3 className="text-sm font-medium text-slate-600">{t("replies")}</h3>
              <ol className="mt-2 space-y-3">
                {message.replies.map((entry, i) => (
                  <li key={entry.sentAt} className="rounded-xl border border-teal/20 bg-teal/5 p-4" data-testid="sent-reply">
                    <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                      <span className="font-semibold text-navy">{t("reply", { number: i + 1 })}</span>
                      <time dateTime={entry.sentAt} className="text-xs text-slate-600">
                        {t(entry.delivery.status === "sent" ? "sentOn" : "writtenOn", { date: formatFrenchDateTime(entry.sentAt) })}
                      </time>
                    </p>
                    <DeliveryStatus delivery={entry.delivery} />
                    <p className="mt-1.5 whitespace-pre-wrap break-words text-sm text-navy">{entry.message}</p>
                  </li>
                ))}
              </ol>
            </div>
          )}

          {may("reply") && (
            <form onSubmit={send} className="space-y-3 border-t border-slate-200 pt-5" noValidate>
              <Field label={hasReplies ? t("newReply") : t("yourReply")} htmlFor="reply-message">
                <Textarea
                  id="reply-message"
                  rows={6}
                  maxLength={LIMITS.replyMessageMax}
                  placeholder={t("replyPlaceholder")}
                  aria-describedby={describedBy("reply-message", {})}
                  {...form.register("replyMessage")}
                />
              </Field>
              {notice && <ReplyBanner notice={notice} onClose={() => setNotice(null)} />}
              <div className="flex justify-end">
                <Button type="submit" disabled={reply.length === 0} loading={sending}>
                  <Send className="size-4" aria-hidden="true" />
                  {sending ? t("sending") : t("send")}
                </Button>
              </div>
            </form>
          )}
        </div>
      </section>
    </Card>
  );
});
