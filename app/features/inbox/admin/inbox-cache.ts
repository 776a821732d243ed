import type { RequestType } from "@shared/quote-request";
import type { ContactSubmission, InboxFilter, InboxFolder } from "@shared/schemas/contact";
import { type ThreadState, WAITING_FOR_US } from "@shared/thread-states";
import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";
import type { ApiPage } from "~/lib/admin/api";
import { queryKeys } from "~/lib/admin/query-keys";

/**
 * The cached inbox lists, all under `queryKeys.submissions`: the inbox screen's loaded pages of one search and filter
 * (an infinite query), and the latest few messages of the dashboard (one page). A change to one message (read,
 * unread, replied, state changed, deleted) is written into every loaded list here, so the reader keeps their place and
 * nothing is read again but the lists the message may now belong to. The open conversation's timeline lives under the
 * same root (`inboxKeys.thread`), so reading the whole inbox again reads it again too.
 */
export type InboxSearch = {
  q?: string;
  filter?: InboxFilter;
  /** The request filters and the folder (decision 0108). */
  requestType?: RequestType;
  productId?: string;
  folder?: InboxFolder;
  /** Conversations in one state (decision 0115). */
  state?: ThreadState;
};
/** What decides whether a message belongs in a list: its filter and its conversation state. */
export type ListCriteria = { filter: InboxFilter | null; state: ThreadState | null };
export type LoadedPages = InfiniteData<ApiPage<ContactSubmission>, string>;
export type InboxChange = { updated: ContactSubmission } | { deleted: string };

export const inboxKeys = {
  /** The inbox screen's pages for one search and filter. */
  pages: (search: InboxSearch) =>
    [
      ...queryKeys.submissions,
      "pages",
      {
        q: search.q ?? "",
        filter: search.filter ?? null,
        requestType: search.requestType ?? null,
        productId: search.productId ?? null,
        folder: search.folder ?? "inbox",
        state: search.state ?? null,
      },
    ] as const,
  /** The `limit` latest messages (the dashboard's). */
  latest: (limit: number) => [...queryKeys.submissions, "latest", limit] as const,
  /** The conversation of one message after its first message (GET /contact/:id/thread). */
  thread: (id: string) => [...queryKeys.submissions, "thread", id] as const,
  /** Whether buyers' answers are imported from the mailbox, and how the last look went. */
  mailbox: ["admin", "mailbox"] as const,
};

/** Whether a message belongs in a list shown with `criteria`, as the server decides it (server/services/inbox.ts). */
export function matchesFilter(message: ContactSubmission, { filter, state }: ListCriteria): boolean {
  if (state !== null && message.state !== state) return false;
  if (filter === "unread") return !message.isRead;
  if (filter === "replied") return message.replies.length > 0;
  if (filter === "pending") return message.replies.some((reply) => reply.delivery.status !== "sent");
  if (filter === "waiting") return WAITING_FOR_US.includes(message.state);
  if (filter === "undeliverable") return message.undeliverable;
  return true;
}

const changedId = (change: InboxChange) => ("updated" in change ? change.updated._id : change.deleted);

const ALL: ListCriteria = { filter: null, state: null };

/**
 * One change applied to the loaded pages of a list shown with `criteria`: the message is replaced where it is, or taken
 * out (and the total lowered) when deleted or no longer matching the filter or state. `stale` says the list should be
 * read again: the message now matches a filtered list whose loaded pages do not hold it.
 */
export function changePages(data: LoadedPages, criteria: ListCriteria, change: InboxChange): { data: LoadedPages; stale: boolean } {
  const id = changedId(change);
  const keep = "updated" in change && matchesFilter(change.updated, criteria);
  const found = data.pages.some((page) => page.items.some((item) => item._id === id));
  if (!found) return { data, stale: keep && (criteria.filter !== null || criteria.state !== null) };
  const pages = data.pages.map((page) => {
    const items =
      keep && "updated" in change
        ? page.items.map((item) => (item._id === id ? change.updated : item))
        : page.items.filter((item) => item._id !== id);
    const total = !keep && page.total !== null ? Math.max(0, page.total - 1) : page.total;
    return { ...page, items, total };
  });
  return { data: { ...data, pages }, stale: false };
}

/** One change applied to a single page (the dashboard's latest messages); a deleted message leaves a gap to refill. */
export function changePage(data: ApiPage<ContactSubmission>, change: InboxChange): { data: ApiPage<ContactSubmission>; stale: boolean } {
  const id = changedId(change);
  if (!data.items.some((item) => item._id === id)) return { data, stale: false };
  if ("deleted" in change) {
    const total = data.total === null ? null : Math.max(0, data.total - 1);
    return { data: { ...data, items: data.items.filter((item) => item._id !== id), total }, stale: true };
  }
  return { data: { ...data, items: data.items.map((item) => (item._id === id ? change.updated : item)) }, stale: false };
}

function criteriaOfKey(key: QueryKey): ListCriteria {
  const search = key[3];
  if (typeof search !== "object" || search === null) return ALL;
  const { filter, state } = search as { filter?: InboxFilter | null; state?: ThreadState | null };
  return { filter: filter ?? null, state: state ?? null };
}

const isLoadedPages = (data: unknown): data is LoadedPages => typeof data === "object" && data !== null && "pages" in data;
const isPage = (data: unknown): data is ApiPage<ContactSubmission> => typeof data === "object" && data !== null && "items" in data;

/** Every cached inbox list with its data, to put back if the server refuses an optimistic change. */
export type InboxSnapshot = [QueryKey, unknown][];

/**
 * Writes a change into every cached inbox list and marks stale only those that may now hold the message without
 * having it loaded (read again at once when on screen). Returns what the cache held before.
 */
export function applyInboxChange(client: QueryClient, change: InboxChange): InboxSnapshot {
  const snapshot: InboxSnapshot = [];
  for (const query of client.getQueryCache().findAll({ queryKey: queryKeys.submissions })) {
    const { queryKey } = query;
    const before = query.state.data;
    snapshot.push([queryKey, before]);
    const result = isLoadedPages(before)
      ? changePages(before, criteriaOfKey(queryKey), change)
      : isPage(before)
        ? changePage(before, change)
        : undefined;
    if (!result) continue;
    if (result.data !== before) client.setQueryData(queryKey, result.data);
    if (result.stale) void client.invalidateQueries({ queryKey, exact: true });
  }
  return snapshot;
}

export function restoreInbox(client: QueryClient, snapshot: InboxSnapshot): void {
  for (const [queryKey, data] of snapshot) client.setQueryData(queryKey, data);
}

/** The message as the cache holds it now, if a loaded list has it. */
export function cachedMessage(client: QueryClient, id: string): ContactSubmission | undefined {
  for (const query of client.getQueryCache().findAll({ queryKey: queryKeys.submissions })) {
    const data = query.state.data;
    const items = isLoadedPages(data) ? data.pages.flatMap((page) => page.items) : isPage(data) ? data.items : [];
    const found = items.find((item) => item._id === id);
    if (found) return found;
  }
  return undefined;
}
