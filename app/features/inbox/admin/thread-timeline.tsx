import { humanSize } from "@shared/documents";
import type { ContactSubmission, MailAttachment } from "@shared/schemas/contact";
import { Bot, Download, MailWarning, Paperclip, Reply, TriangleAlert } from "lucide-react";
import { useEffect, useId } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import { cn } from "~/lib/cn";
import { useDownloadAttachment, useThread } from "./api";
import { DeliveryStatus } from "./delivery-status";
import { INBOX_TEXTS } from "./texts";
import { hasMoreText, type InEntry, type OutEntry, replyNumbers, timeline } from "./thread";

type Downloader = ReturnType<typeof useDownloadAttachment>;

/** The files of one entry: a button each to download it (name and size), or its name alone when it was not kept. */
function Attachments({ messageId, attachments, download }: { messageId: string; attachments: MailAttachment[]; download: Downloader }) {
  const t = useTexts(INBOX_TEXTS);
  const lang = useScreenLang();
  if (attachments.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("thread.attachments")} data-testid="thread-attachments">
      {attachments.map((attachment) => {
        const size = humanSize(attachment.size, lang);
        return (
          <li key={attachment._id} className="max-w-full">
            {attachment.stored ? (
              <Button
                variant="outline"
                size="sm"
                className="max-w-full"
                title={attachment.fileName}
                aria-label={t("thread.download", { name: attachment.fileName, size })}
                loading={download.isPending && download.variables?.attachment._id === attachment._id}
                onClick={() => download.mutate({ messageId, attachment })}
              >
                <Download className="size-4 shrink-0" aria-hidden="true" />
                <span className="truncate">{attachment.fileName}</span>
                <span className="shrink-0 font-normal text-slate-600">{size}</span>
              </Button>
            ) : (
              <span className="inline-flex min-h-9 max-w-full items-start gap-1.5 rounded-2xl border border-dashed border-slate-300 px-3 py-1.5 text-sm text-slate-700">
                <Paperclip className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span className="min-w-0 wrap-anywhere">
                  <span className="font-medium">{attachment.fileName}</span> · {size} · {t("thread.notStored")}
                </span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** One of our replies: its number, who wrote it, when it was written or sent, where its e-mail stands, its text and files. */
function OurReply({ entry, number, messageId, download }: { entry: OutEntry; number: number; messageId: string; download: Downloader }) {
  const t = useTexts(INBOX_TEXTS);
  return (
    <li className="rounded-xl border border-teal/20 bg-teal/5 p-4 sm:ml-8" data-testid="sent-reply">
      <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="inline-flex items-center gap-1.5 font-semibold text-navy">
          <Reply className="size-4 text-teal" aria-hidden="true" />
          {t("reply", { number })}
        </span>
        <span className="min-w-0 text-xs text-slate-600">
          {entry.author && (
            <>
              <span className="wrap-anywhere" data-testid="reply-author">
                {t("thread.author", { email: entry.author })}
              </span>
              {" · "}
            </>
          )}
          <time dateTime={entry.at}>
            {t(entry.delivery.status === "sent" ? "sentOn" : "writtenOn", { date: formatFrenchDateTime(entry.at) })}
          </time>
        </span>
      </p>
      <DeliveryStatus delivery={entry.delivery} />
      <p className="mt-1.5 whitespace-pre-wrap break-words text-sm text-navy">{entry.message}</p>
      <Attachments messageId={messageId} attachments={entry.attachments} download={download} />
    </li>
  );
}

/**
 * A mail imported from the mailbox: the buyer's answer (its new text, the whole mail behind "Voir le message complet"),
 * or, quieter, an automatic reply or a delivery failure. Always text, never HTML.
 */
function TheirMail({ entry, messageId, download }: { entry: InEntry; messageId: string; download: Downloader }) {
  const t = useTexts(INBOX_TEXTS);
  const quiet = entry.kind !== "reply";
  const name = entry.fromName || entry.fromAddress;
  const Icon = entry.kind === "bounce" ? MailWarning : entry.kind === "auto_reply" ? Bot : Reply;
  return (
    <li
      className={cn(
        "rounded-xl border p-4 sm:mr-8",
        quiet ? "border-dashed border-slate-300 bg-slate-50" : "border-slate-200 bg-white shadow-sm",
      )}
      data-testid="thread-mail"
      data-kind={entry.kind}
    >
      <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className={cn("inline-flex min-w-0 flex-wrap items-center gap-1.5 font-semibold", quiet ? "text-slate-700" : "text-navy")}>
          <Icon className={cn("size-4 shrink-0", quiet ? "text-slate-500" : "scale-x-[-1] text-algae")} aria-hidden="true" />
          <span className="break-words">{quiet ? name : t("thread.answerFrom", { name })}</span>
          {entry.kind === "auto_reply" && <Badge>{t("thread.autoReply")}</Badge>}
          {entry.kind === "bounce" && <Badge tone="danger">{t("thread.bounce")}</Badge>}
        </span>
        <time dateTime={entry.at} className="text-xs text-slate-600">
          {t("thread.receivedOn", { date: formatFrenchDateTime(entry.at) })}
        </time>
      </p>
      {entry.fromOtherAddress && (
        <p className="mt-1 flex items-start gap-1.5 text-xs font-medium text-amber-900">
          <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span className="wrap-anywhere">{t("thread.otherAddress", { email: entry.fromAddress })}</span>
        </p>
      )}
      {entry.notice && (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-200" data-testid="thread-notice">
          {t(`thread.notice.${entry.notice}`)}
        </p>
      )}
      {(entry.text || !entry.notice) && (
        <p className={cn("mt-1.5 whitespace-pre-wrap break-words", quiet ? "text-xs text-slate-700" : "text-sm text-navy")}>
          {entry.text || t("thread.noText")}
        </p>
      )}
      {hasMoreText(entry) && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-medium text-algae underline underline-offset-4 hover:no-underline">
            {t("thread.showWhole")}
          </summary>
          <p className="mt-2 max-h-96 overflow-y-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-xs text-slate-800">
            {entry.fullText}
          </p>
        </details>
      )}
      <Attachments messageId={messageId} attachments={entry.attachments} download={download} />
    </li>
  );
}

/**
 * The conversation after the buyer's first message, oldest first: our replies and the mails imported from the mailbox.
 * Until the thread is read (or if it cannot be), the message's own replies stand in for it.
 */
export function ThreadTimeline({ message }: { message: ContactSubmission }) {
  const t = useTexts(INBOX_TEXTS);
  const id = useId();
  const thread = useThread(message._id);
  const download = useDownloadAttachment();
  const entries = timeline(thread.data?.entries, message.replies);
  const numbers = replyNumbers(entries);

  useEffect(() => {
    if (thread.error) console.error(thread.error);
  }, [thread.error]);

  if (entries.length === 0 && !thread.isError) return null;
  return (
    <section aria-labelledby={`${id}-title`} aria-busy={thread.isFetching || undefined} data-testid="thread">
      <h3 id={`${id}-title`} className="text-sm font-medium text-slate-600">
        {t("thread.title")}
      </h3>
      {thread.isError && (
        <p role="alert" className="mt-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {t("thread.loadError")}
        </p>
      )}
      {entries.length > 0 && (
        <ol className="mt-2 space-y-3">
          {entries.map((entry, place) =>
            entry.direction === "out" ? (
              <OurReply
                key={`out-${entry.at}`}
                entry={entry}
                number={numbers.get(place) ?? 0}
                messageId={message._id}
                download={download}
              />
            ) : (
              <TheirMail key={entry._id} entry={entry} messageId={message._id} download={download} />
            ),
          )}
        </ol>
      )}
    </section>
  );
}
