import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Inbox, Mail } from "lucide-react";
import { type RefObject, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { InboxList } from "~/components/admin/inbox-list";
import { LoadError, Loading } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { TicketView } from "~/components/admin/ticket-view";
import { Card } from "~/components/ui/card";
import { ItemConfirmDialog, useAlert } from "~/components/ui/dialog";
import { COMMON_TEXTS, PAGE_TITLES, CONTACT_TEXTS as T } from "~/i18n/admin/texts";
import { ApiError, api } from "~/lib/admin/api";
import { queryKeys } from "~/lib/admin/query-keys";
import { useMarkRead, useSubmissions } from "~/lib/admin/resources/inbox";
import { COMPANY } from "../../../shared/company";
import { SIDEBAR_BREAKPOINT_PX, TIMINGS } from "../../../shared/limits";
import type { ContactSubmission, MailDelivery, ReplyResult } from "../../../shared/schemas/contact";

export const meta = () => adminMeta(PAGE_TITLES.contacts);
export const handle: AdminHandle = { title: PAGE_TITLES.contacts };

/** SPEC §2: after 100 ms; under 1024 px the page scrolls so the ticket sits 80 px below the top. */
function scrollToDetail(ref: RefObject<HTMLElement | null>) {
  setTimeout(() => {
    const element = ref.current;
    if (!element) return;
    if (window.innerWidth < SIDEBAR_BREAKPOINT_PX) {
      window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - TIMINGS.scrollOffsetSmall, behavior: "smooth" });
    } else {
      element.scrollIntoView({ behavior: "smooth", block: "nearest" });
    }
  }, TIMINGS.scrollDelay);
}

export default function ContactMessages() {
  const client = useQueryClient();
  const submissions = useSubmissions();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ContactSubmission | null>(null);
  const detailRef = useRef<HTMLElement>(null);
  const { alert, element: alertElement } = useAlert(COMMON_TEXTS.errorTitle);
  const markRead = useMarkRead((_kind, message) => alert(message));
  const messages = submissions.data ?? [];
  const selected = messages.find((m) => m._id === selectedId) ?? null;
  const unread = messages.filter((m) => !m.isRead).length;

  useEffect(() => {
    if (submissions.error) console.error(submissions.error);
  }, [submissions.error]);

  const setCached = (updated: ContactSubmission) =>
    client.setQueryData<ContactSubmission[]>(queryKeys.submissions, (list) => list?.map((m) => (m._id === updated._id ? updated : m)));

  function select(message: ContactSubmission) {
    setSelectedId(message._id);
    if (!message.isRead) {
      markRead.mutate(message._id);
    }
    scrollToDetail(detailRef);
  }

  async function reply(id: string, text: string): Promise<MailDelivery> {
    try {
      const answer = await api.post<Partial<ReplyResult> | undefined>(`/contact/${id}/reply`, { replyMessage: text });
      const submission = answer?.data?.submission;
      if (submission) setCached(submission);
      // SPEC §7: without the updated submission, everything is read again and the ticket stays selected.
      else await client.refetchQueries({ queryKey: queryKeys.submissions });
      void client.invalidateQueries({ queryKey: queryKeys.summary });
      void client.invalidateQueries({ queryKey: queryKeys.stats });
      return answer?.data?.delivery ?? { status: "sent" };
    } catch (error) {
      console.error(error);
      throw new Error(error instanceof ApiError && !error.message.startsWith("HTTP ") ? error.message : T.replyError);
    }
  }

  const remove = useMutation({
    mutationFn: (message: ContactSubmission) => api.delete(`/contact/${message._id}`),
    onSuccess: (_void, message) => {
      setToDelete(null);
      setSelectedId(null);
      client.setQueryData<ContactSubmission[]>(queryKeys.submissions, (list) => list?.filter((m) => m._id !== message._id));
      void client.invalidateQueries({ queryKey: queryKeys.summary });
      toast.success(T.deleted);
    },
    onError: (error) => {
      console.error(error);
      setToDelete(null);
      alert(T.deleteError);
    },
  });

  if (submissions.isPending) return <Loading label={COMMON_TEXTS.loading} />;
  if (submissions.isError) return <LoadError message={T.loadError} />;

  return (
    <div className="space-y-6">
      <Card className="flex flex-wrap items-center gap-x-6 gap-y-2 px-5 py-4 text-sm">
        <p className="inline-flex items-center gap-2 font-semibold text-navy">
          <Inbox className="size-4 text-teal" aria-hidden="true" />
          {T.total(messages.length)}
        </p>
        <p className="inline-flex items-center gap-2 font-semibold text-orange-800">
          <span className="size-2 rounded-full bg-actives" aria-hidden="true" />
          {T.pending(unread)}
        </p>
        <p className="inline-flex items-center gap-2 text-slate-600">
          <Mail className="size-4" aria-hidden="true" />
          {T.mailbox(COMPANY.email)}
        </p>
      </Card>

      <div className="grid gap-6 lg:grid-cols-[minmax(18rem,24rem)_1fr] lg:items-start">
        <InboxList messages={messages} selectedId={selectedId} onSelect={select} />
        {selected ? (
          <TicketView
            key={selected._id}
            ref={detailRef}
            message={selected}
            onReply={(text) => reply(selected._id, text)}
            onDelete={() => setToDelete(selected)}
          />
        ) : (
          <section ref={detailRef} aria-label={T.prompt}>
            <Card className="flex min-h-64 flex-col items-center justify-center gap-3 p-8 text-center text-sm text-slate-600">
              <Mail className="size-8 text-slate-400" aria-hidden="true" />
              <p>{T.prompt}</p>
            </Card>
          </section>
        )}
      </div>

      <ItemConfirmDialog
        item={toDelete}
        onClose={() => setToDelete(null)}
        title={T.deleteTitle}
        description={(item) => T.deleteDescription(item.fullName)}
        confirmLabel={T.delete}
        cancelLabel={T.cancel}
        busy={remove.isPending}
        onConfirm={(item) => remove.mutate(item)}
      />
      {alertElement}
    </div>
  );
}
