import { COMPANY } from "@shared/company";
import { SIDEBAR_BREAKPOINT_PX, TIMINGS } from "@shared/limits";
import type { ContactSubmission } from "@shared/schemas/contact";
import { Inbox, Mail } from "lucide-react";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { LoadError, Loading } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { Card } from "~/components/ui/card";
import { ItemConfirmDialog } from "~/components/ui/dialog";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { type InboxSearch, useDeleteSubmission, useExportInbox, useMarkRead, useMarkUnread, useSendReply, useSubmissions } from "./api";
import { InboxList } from "./inbox-list";
import { type FilterChoice, InboxToolbar } from "./inbox-toolbar";
import { TicketView } from "./message-view";
import { INBOX_TEXTS } from "./texts";

export const meta = () => adminMeta(translate(INBOX_TEXTS, BACK_OFFICE_LANG, "title"));
export const handle: AdminHandle = { title: translate(INBOX_TEXTS, BACK_OFFICE_LANG, "title") };

/** docs/product.md, "Messages": after 100 ms; under 1024 px the page scrolls so the ticket sits 80 px below the top. */
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
  const t = useTexts(INBOX_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const [q, setQ] = useState("");
  const [filter, setFilter] = useState<FilterChoice>("all");
  const search: InboxSearch = { ...(q ? { q } : {}), ...(filter !== "all" ? { filter } : {}) };
  const searching = Boolean(search.q || search.filter);

  // The header counts the whole inbox; the list shows what the search and filter keep (the same query without them).
  const all = useSubmissions();
  const listed = useSubmissions(search);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ContactSubmission | null>(null);
  const detailRef = useRef<HTMLElement>(null);
  const markRead = useMarkRead();
  const markUnread = useMarkUnread(() => setSelectedId(null));
  const sendReply = useSendReply();
  const exportCsv = useExportInbox();
  const remove = useDeleteSubmission(() => {
    setToDelete(null);
    setSelectedId(null);
  });

  const everything = all.data ?? [];
  const messages = listed.data ?? [];
  // A message stays open when the filter no longer lists it (e.g. read while "Non lus" is on).
  const selected = messages.find((m) => m._id === selectedId) ?? everything.find((m) => m._id === selectedId) ?? null;
  const unread = everything.filter((m) => !m.isRead).length;
  const onSearch = useCallback((text: string) => setQ(text), []);

  useEffect(() => {
    if (all.error) console.error(all.error);
  }, [all.error]);

  function select(message: ContactSubmission) {
    setSelectedId(message._id);
    if (!message.isRead) markRead.mutate(message._id);
    scrollToDetail(detailRef);
  }

  if (all.isPending) return <Loading label={common("loading")} />;
  if (all.isError) return <LoadError message={t("loadError")} />;

  return (
    <div className="space-y-6">
      <Card className="flex flex-wrap items-center gap-x-6 gap-y-2 px-5 py-4 text-sm">
        <p className="inline-flex items-center gap-2 font-semibold text-navy">
          <Inbox className="size-4 text-teal" aria-hidden="true" />
          {t("total", { count: everything.length })}
        </p>
        <p className="inline-flex items-center gap-2 font-semibold text-orange-800">
          <span className="size-2 rounded-full bg-actives" aria-hidden="true" />
          {t("unread", { count: unread })}
        </p>
        <p className="inline-flex items-center gap-2 text-slate-600">
          <Mail className="size-4" aria-hidden="true" />
          {t("mailbox", { email: COMPANY.email })}
        </p>
      </Card>

      <InboxToolbar
        filter={filter}
        onFilter={setFilter}
        onSearch={onSearch}
        shown={searching ? listed.data?.length : undefined}
        onExport={() => exportCsv.mutate(search)}
        exporting={exportCsv.isPending}
      />

      <div className="grid gap-6 lg:grid-cols-[minmax(18rem,24rem)_1fr] lg:items-start">
        {listed.isError ? (
          <LoadError message={t("loadError")} />
        ) : (
          <InboxList
            messages={messages}
            selectedId={selectedId}
            onSelect={select}
            emptyText={searching ? t("tools.noMatch") : t("empty")}
          />
        )}
        {selected ? (
          <TicketView
            key={selected._id}
            ref={detailRef}
            message={selected}
            onReply={(text) => sendReply(selected._id, text)}
            onDelete={() => setToDelete(selected)}
            onMarkUnread={() => markUnread.mutate(selected._id)}
            markingUnread={markUnread.isPending}
          />
        ) : (
          <section ref={detailRef} aria-label={t("prompt")}>
            <Card className="flex min-h-64 flex-col items-center justify-center gap-3 p-8 text-center text-sm text-slate-600">
              <Mail className="size-8 text-slate-400" aria-hidden="true" />
              <p>{t("prompt")}</p>
            </Card>
          </section>
        )}
      </div>

      <ItemConfirmDialog
        item={toDelete}
        onClose={() => setToDelete(null)}
        title={t("deleteTitle")}
        description={(item) => t("deleteDescription", { name: item.fullName })}
        confirmLabel={t("delete")}
        cancelLabel={common("cancel")}
        busy={remove.isPending}
        onConfirm={(item) => remove.mutate(item)}
      />
    </div>
  );
}
