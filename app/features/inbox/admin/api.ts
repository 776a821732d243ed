import { TIMINGS } from "@shared/limits";
import {
  type ContactSubmission,
  contactSubmissionListSchema,
  contactSubmissionSchema,
  type InboxFilter,
  type MailDelivery,
  replyResultSchema,
} from "@shared/schemas/contact";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { api, errorMessage, UnexpectedAnswerError } from "~/lib/admin/api";
import { downloadFile, queryString } from "~/lib/admin/download";
import { type Notify, useAdminMutation } from "~/lib/admin/mutation";
import { queryKeys } from "~/lib/admin/query-keys";
import { INBOX_TEXTS } from "./texts";

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
    queryFn: ({ signal }) => api.get(`/contact/submissions${query}`, contactSubmissionListSchema, signal),
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
export function useMarkRead({ error, notify }: { error?: string; notify?: Notify } = {}) {
  const t = useTexts(INBOX_TEXTS);
  const client = useQueryClient();
  const cache = useCacheSubmission();
  return useAdminMutation({
    mutationFn: (id: string) => api.patch(`/contact/${id}/read`, undefined, contactSubmissionSchema),
    invalidates: AFTER_STATUS,
    error: error ?? t("markReadError"),
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
  const t = useTexts(INBOX_TEXTS);
  const cache = useCacheSubmission();
  return useAdminMutation({
    mutationFn: (id: string) => api.patch(`/contact/${id}/unread`, undefined, contactSubmissionSchema),
    invalidates: AFTER_STATUS,
    success: t("tools.markedUnread"),
    error: t("tools.markUnreadError"),
    onSuccess: (updated) => {
      cache(updated);
      onDone?.();
    },
  });
}

export function useDeleteSubmission(onDone: () => void) {
  const t = useTexts(INBOX_TEXTS);
  return useAdminMutation({
    mutationFn: (message: ContactSubmission) => api.delete(`/contact/${message._id}`),
    invalidates: AFTER_STATUS,
    success: t("deleted"),
    error: t("deleteError"),
    onSuccess: () => onDone(),
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
 * Sends a reply; resolves with its e-mail's delivery, rejects with the message the ticket shows. Not a toast
 * mutation: the ticket shows its own banners (docs/product.md, "Messages").
 */
export function useSendReply() {
  const t = useTexts(INBOX_TEXTS);
  const lang = useScreenLang();
  const client = useQueryClient();
  const cache = useCacheSubmission();
  return async (id: string, text: string): Promise<MailDelivery> => {
    try {
      const { data } = await api.post(`/contact/${id}/reply`, { replyMessage: text }, replyResultSchema);
      cache(data.submission);
      for (const queryKey of AFTER_STATUS) void client.invalidateQueries({ queryKey });
      return data.delivery;
    } catch (error) {
      console.error(error);
      // docs/product.md, "Messages": the reply was recorded but its answer is not understood: the inbox is read again.
      if (error instanceof UnexpectedAnswerError) await client.refetchQueries({ queryKey: queryKeys.submissions });
      throw new Error(errorMessage(error, t("replyError"), lang));
    }
  };
}
