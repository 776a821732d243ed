import { DOCUMENT_KIND_NAMES, DOCUMENT_LANGUAGE_NAMES, humanSize, type ProductDocument } from "@shared/documents";
import { LIMITS, MAIL_LIMITS, TIMINGS } from "@shared/limits";
import { type ContactSubmission, type MailAttachment, type MailDelivery, replyInputSchema } from "@shared/schemas/contact";
import { FileText, Send, X } from "lucide-react";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Checkbox, describedBy, Field, Input, Textarea } from "~/components/ui/field";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { useCanRead } from "~/lib/admin/access";
import { ApiError, errorMessage } from "~/lib/admin/api";
import { fieldError, useZodForm } from "~/lib/admin/form";
import { cn } from "~/lib/cn";
import { removeReplyFile, uploadReplyFile, useProductDocuments } from "./api";
import { ReplyBanner, type ReplyNotice } from "./reply-banner";
import { INBOX_TEXTS } from "./texts";
import { attachmentsTotal, type PendingAttachment, refusalOfAttachment } from "./thread";

/** The reply box's id: the inbox focuses it when a message is opened to be answered (the dashboard's "Répondre"). */
export const REPLY_BOX_ID = "reply-message";
const MAX_MB = MAIL_LIMITS.replyAttachmentsMaxBytes / 1024 / 1024;
/** What the server takes for a reply (POST /contact/:id/files): a PDF or a JPEG, PNG or WebP image. */
const ACCEPTED_FILES = "application/pdf,.pdf,image/jpeg,image/png,image/webp";

type ReplyFormProps = {
  message: ContactSubmission;
  /** The conversation already holds a reply of ours: the box is then "Nouvelle réponse". */
  hasReplies: boolean;
  /** Records the reply; resolves with its e-mail's delivery (sent at once, queued or refused), rejects with the message to show. */
  onReply: (text: string, attachments: PendingAttachment[]) => Promise<MailDelivery>;
};

/**
 * The reply: its text, the product's documents to attach (when the message is about a product and the role lists its
 * documents), files uploaded for it (kept as drafts by the server until the reply takes them; "Retirer" drops one
 * from the reply and deletes the draft), their total against MAIL_LIMITS, and the banner saying how it went (docs/product.md, "Messages").
 */
export function ReplyForm({ message, hasReplies, onReply }: ReplyFormProps) {
  const t = useTexts(INBOX_TEXTS);
  const lang = useScreenLang();
  const id = useId();
  const form = useZodForm(replyInputSchema, { defaultValues: { replyMessage: "" } });
  const reply = form.watch("replyMessage");
  const sending = form.formState.isSubmitting;
  const [notice, setNotice] = useState<ReplyNotice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A role that does not list the product's documents (decision 0114) attaches files only.
  const listsDocuments = useCanRead("document");
  const documents = useProductDocuments(message.productId, listsDocuments);
  const [chosen, setChosen] = useState<string[]>([]);
  const [files, setFiles] = useState<MailAttachment[]>([]);
  const [uploading, setUploading] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  useEffect(() => () => clearTimeout(timer.current), []);

  function show(next: ReplyNotice, duration: number) {
    clearTimeout(timer.current);
    setNotice(next);
    timer.current = setTimeout(() => setNotice(null), duration);
  }

  const productDocuments = documents.data ?? [];
  const pending: PendingAttachment[] = [
    ...productDocuments.filter((d) => chosen.includes(d._id)).map((d) => ({ kind: "document" as const, id: d._id, size: d.sizeBytes })),
    ...files.map((f) => ({ kind: "file" as const, id: f._id, size: f.size })),
  ];
  const total = attachmentsTotal(pending);

  /** Says why `name` cannot go with the reply, or returns true when it can. */
  function mayAdd(kind: PendingAttachment["kind"], size: number, name: string): boolean {
    const refusal = refusalOfAttachment(pending, { kind, size });
    if (refusal === null) return true;
    const text =
      refusal === "tooLarge"
        ? t("attach.tooLarge", { maxMb: MAX_MB, name })
        : t("attach.tooMany", { max: MAIL_LIMITS.replyAttachmentsMax });
    show({ kind: "error", message: text }, TIMINGS.replyError);
    return false;
  }

  function toggleDocument(document: ProductDocument, on: boolean) {
    if (!on) setChosen((ids) => ids.filter((documentId) => documentId !== document._id));
    else if (mayAdd("document", document.sizeBytes, document.fileName)) setChosen((ids) => [...ids, document._id]);
  }

  async function addFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    if (!file || !mayAdd("file", file.size, file.name)) return;
    setUploading(file.name);
    try {
      const uploaded = await uploadReplyFile(message._id, file);
      setFiles((kept) => [...kept, uploaded]);
    } catch (error) {
      console.error(error);
      show({ kind: "error", message: errorMessage(error, t("attach.uploadError"), lang) }, TIMINGS.replyError);
    } finally {
      setUploading(null);
    }
  }

  /** Deletes an uploaded draft, then drops it from the reply; a draft the server no longer has (404) is dropped too. */
  async function removeFile(file: MailAttachment) {
    setRemoving(file._id);
    try {
      await removeReplyFile(message._id, file._id);
      setFiles((kept) => kept.filter((f) => f._id !== file._id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setFiles((kept) => kept.filter((f) => f._id !== file._id));
      else {
        console.error(error);
        show({ kind: "error", message: errorMessage(error, t("attach.removeError", { name: file.fileName }), lang) }, TIMINGS.replyError);
      }
    } finally {
      setRemoving(null);
    }
  }

  // docs/product.md, "Messages": an empty reply is not a field error but the 3 s banner; the schema decides what is empty (after trim).
  const send = form.handleSubmit(
    async ({ replyMessage }) => {
      try {
        const delivery = await onReply(replyMessage, pending);
        form.reset({ replyMessage: "" });
        setChosen([]);
        setFiles([]);
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

  const documentName = (document: ProductDocument) =>
    `${DOCUMENT_KIND_NAMES[document.kind][lang]} (${DOCUMENT_LANGUAGE_NAMES[document.language][lang]})`;

  return (
    <form onSubmit={send} className="space-y-4 border-t border-slate-200 pt-5" noValidate data-testid="reply-form">
      <Field label={hasReplies ? t("newReply") : t("yourReply")} htmlFor={REPLY_BOX_ID}>
        <Textarea
          id={REPLY_BOX_ID}
          rows={6}
          maxLength={LIMITS.replyMessageMax}
          placeholder={t("replyPlaceholder")}
          aria-describedby={describedBy(REPLY_BOX_ID, {})}
          {...form.register("replyMessage")}
        />
      </Field>

      {message.productId && listsDocuments && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-navy">{t("attach.documents")}</legend>
          {documents.isPending ? (
            <p className="text-sm text-slate-600">{t("attach.documentsLoading")}</p>
          ) : documents.isError ? (
            <p className="text-sm text-red-700">{t("attach.documentsError")}</p>
          ) : productDocuments.length === 0 ? (
            <p className="text-sm text-slate-600">{t("attach.noDocuments")}</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
              {productDocuments.map((document) => (
                <li key={document._id} className="px-3 py-2">
                  <Checkbox
                    id={`${id}-document-${document._id}`}
                    className="w-full"
                    checked={chosen.includes(document._id)}
                    onChange={(event) => toggleDocument(document, event.currentTarget.checked)}
                    label={
                      <span className="min-w-0 flex-1">
                        <span className="block font-medium wrap-anywhere">{documentName(document)}</span>
                        <span className="block text-xs wrap-anywhere text-slate-600">
                          {document.fileName} · {humanSize(document.sizeBytes, lang)}
                          {document.visibility === "on_request" && ` · ${t("attach.onRequest")}`}
                        </span>
                      </span>
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      )}

      <Field label={t("attach.file")} htmlFor={`${id}-file`} hint={t("attach.fileHint", { maxMb: MAX_MB })}>
        <Input
          id={`${id}-file`}
          type="file"
          accept={ACCEPTED_FILES}
          className="py-2"
          disabled={uploading !== null}
          aria-describedby={describedBy(`${id}-file`, { hint: true })}
          onChange={(event) => void addFile(event)}
        />
      </Field>

      {(files.length > 0 || uploading) && (
        <div>
          <h4 className="text-sm font-medium text-navy">{t("attach.files")}</h4>
          <ul className="mt-2 flex flex-wrap gap-2">
            {files.map((file) => (
              <li
                key={file._id}
                className="inline-flex min-h-9 max-w-full items-center gap-1.5 rounded-full bg-teal/10 py-0.5 pr-0.5 pl-3 text-sm text-navy"
              >
                <FileText className="size-4 shrink-0 text-teal" aria-hidden="true" />
                <span className="truncate" title={file.fileName}>
                  {file.fileName}
                </span>
                <span className="shrink-0 text-slate-600">{humanSize(file.size, lang)}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  className="size-8 shrink-0 px-0"
                  aria-label={t("attach.remove", { name: file.fileName })}
                  loading={removing === file._id}
                  disabled={removing !== null || sending}
                  onClick={() => void removeFile(file)}
                >
                  {removing !== file._id && <X className="size-4" aria-hidden="true" />}
                </Button>
              </li>
            ))}
            {uploading && (
              <li className="inline-flex min-h-9 max-w-full items-center rounded-full border border-dashed border-slate-300 px-3 text-sm text-slate-700">
                <span className="truncate">{t("attach.uploading", { name: uploading })}</span>
              </li>
            )}
          </ul>
        </div>
      )}

      {notice && <ReplyBanner notice={notice} onClose={() => setNotice(null)} />}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p
          aria-live="polite"
          className={cn("text-sm text-slate-600", total > MAIL_LIMITS.replyAttachmentsMaxBytes && "font-semibold text-red-700")}
          data-testid="reply-attachments-total"
        >
          {pending.length > 0 &&
            t("attach.total", {
              count: pending.length,
              size: humanSize(total, lang),
              max: humanSize(MAIL_LIMITS.replyAttachmentsMaxBytes, lang),
            })}
        </p>
        <Button
          type="submit"
          className="ml-auto"
          disabled={reply.length === 0 || uploading !== null || removing !== null}
          loading={sending}
        >
          <Send className="size-4" aria-hidden="true" />
          {sending ? t("sending") : t("send")}
        </Button>
      </div>
    </form>
  );
}
