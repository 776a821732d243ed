import { TIMINGS } from "@shared/limits";
import type { ContactSubmission, InboxFilter, MailDelivery, ReplyResult } from "@shared/schemas/contact";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { INBOX_TOOLS_TEXTS } from "~/i18n/admin/inbox";
import { CONTACT_TEXTS } from "~/i18n/admin/texts";
import { api, errorMessage } from "../api";
import { downloadFile, queryString } from "../download";
import { type Notify, useAdminMutation } from "../mutation";
import { queryKeys } from "../query-keys";

/** The inbox queries and mutations: list (searched and filtered), mark read or unread, delete, CSV export. */
export type InboxSearch = { q?: string; filter?: InboxFilter };

const searchQuery = (search: InboxSearch) => queryString({ q: search.q?.trim(), filter: search.filter });

const hasQueuedReply = (list: ContactSubmission[] | undefined) =>
  list?.some((m) => m.replies.some((r) => r.delivery.status === "pending")) ?? false;

/**
 * The inbox, all of it without `search` (the whole list). While a reply's e-mail waits for a retry, it is read again
 * now and then so its state changes on screen.
 */
export const useSubmissions = (search: InboxSearch = {}) => {
  const query = searchQuery(search);
  return useQuery({
    queryKey: query ? [...queryKeys.submissions, query] : queryKeys.submissions,
    queryFn: ({ signal }) => api.get<ContactSubmission[]>(`/contact/submissions${query}`, signal),
    refetchInterval: (q) => (hasQueuedReply(q.state.data) ? TIMINGS.queuedReplyRefresh : false),
    placeholderData: (previous) => previous,
  });
};

/** Puts `updated` in every cached inbox list (searched or not) that shows it. */
export function useCacheSubmission() {
  const client = useQueryClient();
  return (updated: ContactSubmission) =>
    client.setQueriesData<ContactSubmission[]>({ queryKey: queryKeys.submissions }, (list) =>
      list?.map((s) => (s._id === updated._id ? updated : s)),
    );
}

const AFTER_STATUS = [queryKeys.submissions, queryKeys.summary, queryKeys.stats];

/**
 * Marks a message read, at once in every cached list (rolled back if the server refuses); silent on success (opening
 * it is the action). The dashboard and the inbox say a failure their own way.
 */
export function useMarkRead({ error = CONTACT_TEXTS.markReadError, notify }: { error?: string; notify?: Notify } = {}) {
  const client = useQueryClient();
  const cache = useCacheSubmission();
  return useAdminMutation({
    mutationFn: (id: string) => api.patch<ContactSubmission>(`/contact/${id}/read`),
    invalidates: AFTER_STATUS,
    error,
    notify,
    optimistic: {
      apply: (id) => {
        const previous = client.getQueriesData<ContactSubmission[]>({ queryKey: queryKeys.submissions });
        client.setQueriesData<ContactSubmission[]>({ queryKey: queryKeys.submissions }, (list) =>
          list?.map((s) => (s._id === id ? { ...s, isRead: true } : s)),
        );
        return previous;
      },
      rollback: (previous) => {
        for (const [queryKey, data] of previous) client.setQueryData(queryKey, data);
      },
    },
    onSuccess: (updated) => void cache(updated),
  });
}

export function useMarkUnread(onDone?: () => void) {
  const cache = useCacheSubmission();
  return useAdminMutation({
    mutationFn: (id: string) => api.patch<ContactSubmission>(`/contact/${id}/unread`),
    invalidates: AFTER_STATUS,
    success: INBOX_TOOLS_TEXTS.markedUnread,
    error: INBOX_TOOLS_TEXTS.markUnreadError,
    onSuccess: (updated) => {
      cache(updated);
      onDone?.();
    },
  });
}

export const useDeleteSubmission = (onDone: () => void) =>
  useAdminMutation({
    mutationFn: (message: ContactSubmission) => api.delete(`/contact/${message._id}`),
    invalidates: AFTER_STATUS,
    success: CONTACT_TEXTS.deleted,
    error: CONTACT_TEXTS.deleteError,
    onSuccess: () => onDone(),
  });

/** Downloads the listed messages (same search and filter) as CSV. */
export const useExportInbox = () =>
  useAdminMutation({
    mutationFn: (search: InboxSearch) => downloadFile(`/contact/submissions.csv${searchQuery(search)}`, "messages.csv"),
    invalidates: [],
    success: INBOX_TOOLS_TEXTS.exportDone,
    error: INBOX_TOOLS_TEXTS.exportError,
  });

/**
 * Sends a reply; resolves with its e-mail's delivery, rejects with the message the ticket shows. Not a toast
 * mutation: the ticket shows its own banners (docs/product.md, "Messages").
 */
export function useSendReply() {
  const client = useQueryClient();
  const cache = useCacheSubmission();
  return async (id: string, text: string): Promise<MailDelivery> => {
    try {
      const answer = await api.post<Partial<ReplyResult> | undefined>(`/contact/${id}/reply`, { replyMessage: text });
      const submission = answer?.data?.submission;
      if (submission) cache(submission);
      // docs/product.md, "Messages": without the updated submission, everything is read again and the ticket stays selected.
      else await client.refetchQueries({ queryKey: queryKeys.submissions });
      for (const queryKey of AFTER_STATUS) void client.invalidateQueries({ queryKey });
      return answer?.data?.delivery ?? { status: "sent" };
    } catch (error) {
      console.error(error);
      throw new Error(errorMessage(error, CONTACT_TEXTS.replyError, "fr"));
    }
  };
}
