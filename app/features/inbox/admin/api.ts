import { DOCUMENT_FILE_FIELD, productDocumentListSchema } from "@shared/documents";
import { LIMITS } from "@shared/limits";
import {
  type ContactSubmission,
  contactSubmissionSchema,
  type MailAttachment,
  type MailDelivery,
  mailAttachmentSchema,
  mailboxStatusSchema,
  replyResultSchema,
  threadSchema,
} from "@shared/schemas/contact";
import type { ThreadState } from "@shared/thread-states";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { api, apiErrorOf, apiPage, authHeader, errorMessage, UnexpectedAnswerError } from "~/lib/admin/api";
import { downloadFile, queryString } from "~/lib/admin/download";
import { type Notify, useAdminMutation } from "~/lib/admin/mutation";
import { usePagedList } from "~/lib/admin/paged";
import { queryKeys } from "~/lib/admin/query-keys";
import { signOut } from "~/lib/admin/session";
import { applyInboxChange, cachedMessage, type InboxSearch, type InboxSnapshot, inboxKeys, restoreInbox } from "./inbox-cache";
import { INBOX_TEXTS } from "./texts";
import { type PendingAttachment, replyBody } from "./thread";

/**
 * The inbox queries and mutations: list (searched and filtered, by pages), mark read or unread, delete, CSV export; a
 * conversation's timeline, state, files and replies (decision 0115).
 */
export type { InboxSearch } from "./inbox-cache";

const searchQuery = (search: InboxSearch) =>
  queryString({
    q: search.q?.trim(),
    filter: search.filter,
    requestType: search.requestType,
    productId: search.productId,
    folder: search.folder,
    state: search.state,
  });

export const hasQueuedReply = (list: ContactSubmission[]) => list.some((m) => m.replies.some((r) => r.delivery.status === "pending"));

/**
 * The inbox screen's list: the first page of the search and filter, the next ones on `fetchNextPage()` ("Charger
 * plus"); `total` is how many messages they match (`X-Total-Count`). A new search is a new query, which cancels the
 * request still running for the previous one.
 */
export const useInboxPages = (search: InboxSearch) =>
  usePagedList(
    inboxKeys.pages(search),
    `/contact/submissions${queryString({
      limit: LIMITS.pageDefault,
      q: search.q?.trim(),
      filter: search.filter,
      requestType: search.requestType,
      productId: search.productId,
      folder: search.folder,
      state: search.state,
    })}`,
    contactSubmissionSchema,
  );

/** The `limit` latest messages and how many there are in all: one page, never the whole inbox. */
export const useLatestSubmissions = (limit: number) =>
  useQuery({
    queryKey: inboxKeys.latest(limit),
    queryFn: ({ signal }) => apiPage(`/contact/submissions?limit=${limit}`, contactSubmissionSchema, signal),
  });

/** Puts `updated` in every cached inbox list that shows it (or takes it out of a filtered list it no longer matches). */
export function useCacheSubmission() {
  const client = useQueryClient();
  return (updated: ContactSubmission) => void applyInboxChange(client, { updated });
}

/** The counts (dashboard summary, statistics) change with a message's status; the loaded lists are updated in place. */
const AFTER_STATUS = [queryKeys.summary, queryKeys.stats];

/**
 * Marks a message read, at once in every cached list (rolled back if the server refuses); silent on success (opening
 * it is the action). No list is read again: opening a message keeps the reader's place. The dashboard and the inbox
 * say a failure their own way.
 */
export function useMarkRead({
  error,
  notify,
  onUpdated,
}: {
  error?: string;
  notify?: Notify;
  onUpdated?: (updated: ContactSubmission) => void;
} = {}) {
  const t = useTexts(INBOX_TEXTS);
  const client = useQueryClient();
  const cache = useCacheSubmission();
  return useAdminMutation<ContactSubmission, string, InboxSnapshot>({
    mutationFn: (id: string) => api.patch(`/contact/${id}/read`, undefined, contactSubmissionSchema),
    invalidates: AFTER_STATUS,
    error: error ?? t("markReadError"),
    notify,
    optimistic: {
      apply: (id) => {
        const message = cachedMessage(client, id);
        return message ? applyInboxChange(client, { updated: { ...message, isRead: true } }) : [];
      },
      rollback: (snapshot) => restoreInbox(client, snapshot),
    },
    onSuccess: (updated) => {
      cache(updated);
      onUpdated?.(updated);
    },
  });
}

export function useMarkUnread(onDone?: (updated: ContactSubmission) => void) {
  const t = useTexts(INBOX_TEXTS);
  const cache = useCacheSubmission();
  return useAdminMutation({
    mutationFn: (id: string) => api.patch(`/contact/${id}/unread`, undefined, contactSubmissionSchema),
    invalidates: AFTER_STATUS,
    success: t("tools.markedUnread"),
    error: t("tools.markUnreadError"),
    onSuccess: (updated) => {
      cache(updated);
      onDone?.(updated);
    },
  });
}

/** "Pas un spam": the message goes back to the inbox (and the company is notified); both folders are read again. */
export function useMarkNotSpam(onDone?: (updated: ContactSubmission) => void) {
  const t = useTexts(INBOX_TEXTS);
  return useAdminMutation({
    mutationFn: (id: string) => api.post(`/contact/${id}/not-spam`, undefined, contactSubmissionSchema),
    invalidates: [queryKeys.submissions, ...AFTER_STATUS],
    success: t("spam.moved"),
    error: t("spam.moveError"),
    onSuccess: (updated) => onDone?.(updated),
  });
}

export function useDeleteSubmission(onDone: () => void) {
  const t = useTexts(INBOX_TEXTS);
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: (message: ContactSubmission) => api.delete(`/contact/${message._id}`),
    invalidates: AFTER_STATUS,
    success: t("deleted"),
    error: t("deleteError"),
    onSuccess: (_, message) => {
      applyInboxChange(client, { deleted: message._id });
      onDone();
    },
  });
}

/** Downloads the listed messages (same search and filter) as CSV. */
export function useExportInbox() {
  const t = useTexts(INBOX_TEXTS);
  return useAdminMutation({
    mutationFn: (search: InboxSearch) => downloadFile(`/contact/submissions.csv${searchQuery(search)}`, "messages.csv"),
    invalidates: [],
    success: t("tools.exportDone"),
    error: t("tools.exportError"),
  });
}

/**
 * Sends a reply with what it carries (product documents, uploaded files); resolves with its e-mail's delivery, rejects
 * with the message the ticket shows. Not a toast mutation: the ticket shows its own banners (docs/product.md,
 * "Messages"). The conversation is read again (its new entry, with its files).
 */
export function useSendReply(onSaved?: (updated: ContactSubmission) => void) {
  const t = useTexts(INBOX_TEXTS);
  const lang = useScreenLang();
  const client = useQueryClient();
  const cache = useCacheSubmission();
  return async (id: string, text: string, attachments: readonly PendingAttachment[] = []): Promise<MailDelivery> => {
    try {
      const { data } = await api.post(`/contact/${id}/reply`, replyBody(text, attachments), replyResultSchema);
      cache(data.submission);
      onSaved?.(data.submission);
      for (const queryKey of [...AFTER_STATUS, inboxKeys.thread(id)]) void client.invalidateQueries({ queryKey });
      return data.delivery;
    } catch (error) {
      console.error(error);
      // docs/product.md, "Messages": the reply was recorded but its answer is not understood: the inbox is read again.
      if (error instanceof UnexpectedAnswerError) await client.refetchQueries({ queryKey: queryKeys.submissions });
      throw new Error(errorMessage(error, t("replyError"), lang));
    }
  };
}

/** The conversation after the buyer's first message: our replies and the mails imported from the mailbox, oldest first. */
export const useThread = (id: string) =>
  useQuery({
    queryKey: inboxKeys.thread(id),
    queryFn: ({ signal }) => api.get(`/contact/${id}/thread`, threadSchema, signal),
  });

/** Whether buyers' answers are imported (IMAP_URL), and how the last look at the mailbox went; read once a minute at most. */
export const useMailboxStatus = () =>
  useQuery({
    queryKey: inboxKeys.mailbox,
    queryFn: ({ signal }) => api.get("/contact/mailbox", mailboxStatusSchema, signal),
    staleTime: 60_000,
  });

/** The documents of a message's product, for the reply to carry; the product screen's own key, so both share them. */
export const useProductDocuments = (productId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: ["admin", "products", productId ?? "", "documents"] as const,
    queryFn: ({ signal }) => api.get(`/products/${productId}/documents`, productDocumentListSchema, signal),
    enabled: enabled && productId !== null,
  });

/**
 * Uploads one file for the next reply of a message (multipart field `file`): the server keeps it as a draft, checked
 * (a PDF passing the document checks, or a JPEG, PNG or WebP image) and answers its attachment. Errors are thrown as
 * `ApiError`, like every other call.
 */
export async function uploadReplyFile(id: string, file: File): Promise<MailAttachment> {
  const path = `/contact/${id}/files`;
  const data = new FormData();
  data.append(DOCUMENT_FILE_FIELD, file);
  const response = await fetch(`/api${path}`, { method: "POST", headers: { Accept: "application/json", ...authHeader() }, body: data });
  if (response.status === 401) signOut();
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiErrorOf(response.status, body);
  const parsed = mailAttachmentSchema.safeParse(body);
  if (!parsed.success) throw new UnexpectedAnswerError(response.status, path, parsed.error.issues);
  return parsed.data;
}

/**
 * Takes back a file uploaded for the next reply: the server deletes the draft (404 once sent or unknown). Errors are
 * thrown as `ApiError`, like every other call.
 */
export async function removeReplyFile(id: string, attachmentId: string): Promise<void> {
  await api.delete(`/contact/${id}/files/${attachmentId}`);
}

/** Downloads one file of a conversation (the bearer token is needed: a plain link cannot send it). */
export function useDownloadAttachment() {
  const t = useTexts(INBOX_TEXTS);
  return useAdminMutation({
    mutationFn: ({ messageId, attachment }: { messageId: string; attachment: MailAttachment }) =>
      downloadFile(`/contact/${messageId}/attachments/${attachment._id}`, attachment.fileName),
    invalidates: [],
    error: t("thread.downloadError"),
  });
}

/**
 * Closes a conversation ("Répondu") or opens it again (back to "En attente de notre réponse"): at once in every cached
 * list, rolled back if the server refuses, then the message as the server answers it; the counts of the dashboard follow.
 */
export function useSetThreadState(onUpdated?: (updated: ContactSubmission) => void) {
  const t = useTexts(INBOX_TEXTS);
  const client = useQueryClient();
  const cache = useCacheSubmission();
  return useAdminMutation<ContactSubmission, { message: ContactSubmission; state: ThreadState }, InboxSnapshot>({
    mutationFn: ({ message, state }) => api.patch(`/contact/${message._id}/state`, { state }, contactSubmissionSchema),
    invalidates: AFTER_STATUS,
    success: (_, { state }) => (state === "answered" ? t("state.closed") : t("state.reopened")),
    error: t("state.error"),
    optimistic: {
      apply: ({ message, state }) => applyInboxChange(client, { updated: { ...(cachedMessage(client, message._id) ?? message), state } }),
      rollback: (snapshot) => restoreInbox(client, snapshot),
    },
    onSuccess: (updated) => {
      cache(updated);
      onUpdated?.(updated);
      void client.invalidateQueries({ queryKey: inboxKeys.thread(updated._id) });
    },
  });
}
