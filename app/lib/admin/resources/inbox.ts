import { TIMINGS } from "@shared/limits";
import type { ContactSubmission } from "@shared/schemas/contact";
import { useQuery } from "@tanstack/react-query";
import { CONTACT_TEXTS } from "~/i18n/admin/texts";
import { api } from "../api";
import { type Notify, useAdminMutation, useListPatch } from "../mutation";
import { queryKeys } from "../query-keys";

const hasQueuedReply = (list: ContactSubmission[] | undefined) =>
  list?.some((m) => m.replies.some((r) => r.delivery.status === "pending")) ?? false;

/** While a reply's e-mail waits for a retry, the inbox is read again now and then so its state changes on screen. */
export const useSubmissions = () =>
  useQuery({
    queryKey: queryKeys.submissions,
    queryFn: ({ signal }) => api.get<ContactSubmission[]>("/contact/submissions", signal),
    refetchInterval: (query) => (hasQueuedReply(query.state.data) ? TIMINGS.queuedReplyRefresh : false),
  });

/** Marks a message read (the cached lists show it at once); the dashboard toasts a failure, the inbox alerts it. */
export function useMarkRead(notify?: Notify) {
  const patch = useListPatch<ContactSubmission>(queryKeys.submissions);
  return useAdminMutation({
    mutationFn: (id: string) => api.patch<ContactSubmission>(`/contact/${id}/read`),
    invalidates: [queryKeys.submissions, queryKeys.summary, queryKeys.stats],
    error: CONTACT_TEXTS.markReadError,
    notify,
    optimistic: { apply: (id) => patch.apply(id, { isRead: true }), rollback: patch.rollback },
  });
}
