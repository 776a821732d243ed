import { SIDEBAR_BREAKPOINT_PX, TIMINGS } from "@shared/limits";
import type { RequestType } from "@shared/quote-request";
import type { ContactSubmission, InboxFolder } from "@shared/schemas/contact";
import { useQueryClient } from "@tanstack/react-query";
import { CircleAlert, Inbox, Info, Mail } from "lucide-react";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { AdminHandle } from "~/components/admin/admin-shell";
import { LoadError, Loading } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { Card } from "~/components/ui/card";
import { ItemConfirmDialog } from "~/components/ui/dialog";
import { useSummary } from "~/features/analytics/admin/api";
import { useSettings } from "~/features/settings/admin/api";
import { COMMON_TEXTS } from "~/i18n/admin/common";
import { BACK_OFFICE_LANG, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { useCan, useCanRead } from "~/lib/admin/access";
import { formatFrenchDateTime } from "~/lib/admin/format-date";
import {
  hasQueuedReply,
  type InboxSearch,
  useDeleteSubmission,
  useExportInbox,
  useInboxPages,
  useMailboxStatus,
  useMarkNotSpam,
  useMarkRead,
  useMarkUnread,
  useSendReply,
  useSetThreadState,
} from "./api";
import { cachedMessage, inboxKeys } from "./inbox-cache";
import { InboxList } from "./inbox-list";
import { type FilterChoice, InboxToolbar, isInboxFilter, isThreadState, type StateChoice } from "./inbox-toolbar";
import { TicketView } from "./message-view";
import { REPLY_BOX_ID } from "./reply-form";
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

/**
 * The inbox reads itself again every 15 s while a reply's e-mail waits, and every minute while buyers' answers are
 * imported from the mailbox, so an answer shows without a reload (docs/product.md, "Messages"); never otherwise.
 */
function useRefreshEvery(intervalMs: number | null, refetch: () => unknown) {
  useEffect(() => {
    if (intervalMs === null) return;
    const timer = setInterval(() => void refetch(), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, refetch]);
}

/**
 * Whether buyers' answers reach the inbox (decision 0115): not imported at all without IMAP_URL; imported, but a mail
 * answering none of our conversations stays in the mailbox; and the last failed look at the mailbox, if any.
 */
function MailboxNote() {
  const t = useTexts(INBOX_TEXTS);
  const status = useMailboxStatus();
  useEffect(() => {
    if (status.error) console.error(status.error);
  }, [status.error]);
  if (!status.data) return null;
  const { enabled, lastError, lastErrorAt } = status.data;
  return (
    <div className="basis-full space-y-1 border-t border-slate-200 pt-2 text-xs" data-testid="inbox-mailbox">
      <p className={enabled ? "flex items-start gap-1.5 text-slate-600" : "flex items-start gap-1.5 font-medium text-amber-900"}>
        <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        {enabled ? t("mailbox.enabled") : t("mailbox.disabled")}
      </p>
      {enabled && lastError && (
        <p className="flex items-start gap-1.5 font-medium break-words text-red-800">
          <CircleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {t("mailbox.lastError", { date: lastErrorAt ? formatFrenchDateTime(lastErrorAt) : "", error: lastError })}
        </p>
      )}
    </div>
  );
}

export default function ContactMessages() {
  const t = useTexts(INBOX_TEXTS);
  const common = useTexts(COMMON_TEXTS);
  const [q, setQ] = useState("");
  // The filter chip and the state live in the address (`?filter=waiting`, `?state=answered`: the dashboard links to them).
  const [params, setParams] = useSearchParams();
  const linkedFilter = params.get("filter");
  const linkedState = params.get("state");
  const filter: FilterChoice = isInboxFilter(linkedFilter) ? linkedFilter : "all";
  const state: StateChoice = isThreadState(linkedState) ? linkedState : "";
  // `?message=<id>`: the dashboard's "Répondre" opens that message at its reply form.
  const linkedMessage = params.get("message");
  const setParam = (name: "filter" | "state" | "message", value: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (value) updated.set(name, value);
        else updated.delete(name);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  const [folder, setFolder] = useState<InboxFolder>("inbox");
  const [requestType, setRequestType] = useState<RequestType | "">("");
  const [product, setProduct] = useState<{ id: string; name: string } | null>(null);
  const search: InboxSearch = {
    ...(q ? { q } : {}),
    ...(filter !== "all" ? { filter } : {}),
    ...(state ? { state } : {}),
    ...(requestType ? { requestType } : {}),
    ...(product ? { productId: product.id } : {}),
    ...(folder === "spam" ? { folder } : {}),
  };
  const searching = Boolean(search.q || search.filter || search.state || search.requestType || search.productId);

  // The header counts the whole inbox (the dashboard summary's counts); the list reads, page by page, only what the
  // search and filter keep, and `X-Total-Count` says how many that is.
  const counts = useSummary();
  // The main e-mail address of the site settings (docs/product.md, "Paramètres du site").
  const mailbox = useSettings(useCanRead("settings")).data?.company.emails[0]?.email;
  const may = useCan("message");
  const listed = useInboxPages(search);
  // While a new search's first page loads, the previous list stays on screen (no empty flash at each key pause).
  const settled = useRef<{ items: ContactSubmission[]; total: number | null } | null>(null);
  if (!listed.isPending) settled.current = { items: listed.items, total: listed.total };
  const messages = listed.isPending ? (settled.current?.items ?? []) : listed.items;
  const total = listed.isPending ? (settled.current?.total ?? null) : listed.total;

  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The open message as last seen: it stays open when the filter no longer lists it (e.g. read while "Non lus" is on).
  const [pinned, setPinned] = useState<ContactSubmission | null>(null);
  const [toDelete, setToDelete] = useState<ContactSubmission | null>(null);
  const detailRef = useRef<HTMLElement>(null);
  const pin = useCallback((updated: ContactSubmission) => setPinned((open) => (open?._id === updated._id ? updated : open)), []);
  const markRead = useMarkRead({ onUpdated: pin });
  const markUnread = useMarkUnread((updated) => {
    pin(updated);
    setSelectedId(null);
  });
  const sendReply = useSendReply(pin);
  const setState = useSetThreadState(pin);
  const notSpam = useMarkNotSpam(() => setSelectedId(null));
  const exportCsv = useExportInbox();
  const remove = useDeleteSubmission(() => {
    setToDelete(null);
    setSelectedId(null);
  });

  const listedSelected = messages.find((m) => m._id === selectedId);
  const selected = listedSelected ?? (pinned?._id === selectedId ? pinned : null);
  useEffect(() => {
    if (listedSelected) setPinned(listedSelected);
  }, [listedSelected]);
  const importing = useMailboxStatus().data?.enabled === true;
  const client = useQueryClient();
  const refresh = useCallback(() => {
    void listed.refetch();
    if (selectedId) void client.invalidateQueries({ queryKey: inboxKeys.thread(selectedId) });
  }, [listed.refetch, client, selectedId]);
  useRefreshEvery(hasQueuedReply(messages) ? TIMINGS.queuedReplyRefresh : importing ? TIMINGS.inboundRefresh : null, refresh);
  const onSearch = useCallback((text: string) => setQ(text), []);

  useEffect(() => {
    if (counts.error) console.error(counts.error);
  }, [counts.error]);

  function select(message: ContactSubmission, scroll = true) {
    setSelectedId(message._id);
    // Opening a message marks it read, for a role that may.
    const marks = !message.isRead && may("switch");
    setPinned(marks ? { ...message, isRead: true } : message);
    if (marks) markRead.mutate(message._id);
    if (scroll) scrollToDetail(detailRef);
  }

  // The linked message, from the dashboard's cache or the list once loaded, is opened once; the reply box then takes
  // the focus (a message not found, e.g. deleted since, leaves the screen as it is).
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!linkedMessage || opened.current === linkedMessage) return;
    const found = messages.find((m) => m._id === linkedMessage) ?? cachedMessage(client, linkedMessage);
    if (!found && listed.isPending) return;
    opened.current = linkedMessage;
    setParam("message", "");
    if (!found) return;
    select(found, false);
    setReplyTo(found._id);
  });
  useEffect(() => {
    if (!replyTo || selected?._id !== replyTo) return;
    const box = document.getElementById(REPLY_BOX_ID);
    if (!box) return;
    setReplyTo(null);
    box.scrollIntoView({ block: "center" });
    box.focus({ preventScroll: true });
  });

  if (counts.isPending) return <Loading label={common("loading")} />;
  if (counts.isError) return <LoadError message={t("loadError")} />;

  return (
    <div className="space-y-6">
      <Card className="flex flex-wrap items-center gap-x-6 gap-y-2 px-5 py-4 text-sm">
        <p className="inline-flex items-center gap-2 font-semibold text-navy">
          <Inbox className="size-4 text-teal" aria-hidden="true" />
          {t("total", { count: counts.data.totalMessages ?? 0 })}
        </p>
        <p className="inline-flex items-center gap-2 font-semibold text-orange-800">
          <span className="size-2 rounded-full bg-actives" aria-hidden="true" />
          {t("unread", { count: counts.data.unreadMessages ?? 0 })}
        </p>
        <p className="inline-flex items-center gap-2 text-slate-600">
          <Mail className="size-4" aria-hidden="true" />
          {mailbox && t("mailbox", { email: mailbox })}
        </p>
        <MailboxNote />
      </Card>

      <InboxToolbar
        filter={filter}
        onFilter={(next) => setParam("filter", next === "all" ? "" : next)}
        state={state}
        onState={(next) => setParam("state", next)}
        onSearch={onSearch}
        onExport={may("export") ? () => exportCsv.mutate(search) : undefined}
        exporting={exportCsv.isPending}
        folder={folder}
        onFolder={(next) => {
          setFolder(next);
          setSelectedId(null);
        }}
        requestType={requestType}
        onRequestType={setRequestType}
        product={product}
        onClearProduct={() => setProduct(null)}
      />

      <div className="grid gap-6 lg:grid-cols-[minmax(18rem,24rem)_1fr] lg:items-start">
        {listed.isError ? (
          <LoadError message={t("loadError")} />
        ) : (
          <InboxList
            messages={messages}
            loading={listed.isPending && settled.current === null}
            total={total}
            hasMore={listed.hasNextPage}
            loadingMore={listed.isFetchingNextPage}
            onLoadMore={() => listed.fetchNextPage()}
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
            onReply={(text, attachments) => sendReply(selected._id, text, attachments)}
            onSetState={(state) => setState.mutate({ message: selected, state })}
            settingState={setState.isPending}
            onDelete={() => setToDelete(selected)}
            onMarkUnread={() => markUnread.mutate(selected._id)}
            markingUnread={markUnread.isPending}
            onNotSpam={() => notSpam.mutate(selected._id)}
            movingOutOfSpam={notSpam.isPending}
            onSameProduct={selected.productId ? () => setProduct({ id: selected.productId ?? "", name: selected.productName }) : undefined}
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
