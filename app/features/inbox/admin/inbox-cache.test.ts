import type { ContactSubmission } from "@shared/schemas/contact";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { applyInboxChange, changePage, changePages, inboxKeys, type ListCriteria, type LoadedPages, restoreInbox } from "./inbox-cache";
import { testMessage } from "./test-message";

const message = testMessage;

const all: ListCriteria = { filter: null, state: null };
const only = (filter: ListCriteria["filter"], state: ListCriteria["state"] = null): ListCriteria => ({ filter, state });

/** Two loaded pages of 2 rows, 5 matching in all. */
const loaded = (rows: ContactSubmission[]): LoadedPages => ({
  pages: [
    { items: rows.slice(0, 2), next: "/contact/submissions?cursor=b", total: 5 },
    { items: rows.slice(2), next: "/contact/submissions?cursor=d", total: 5 },
  ],
  pageParams: ["/contact/submissions", "/contact/submissions?cursor=b"],
});

describe("changePages: a change to one message in the loaded pages of the inbox", () => {
  const rows = ["a", "b", "c", "d"].map((id) => message(id));

  it("replaces the message where it is, keeping every page, its place and the total", () => {
    const { data, stale } = changePages(loaded(rows), all, { updated: message("c", { isRead: true }) });
    expect(stale).toBe(false);
    expect(data.pages.map((page) => page.items.map((m) => m._id))).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(data.pages[1]?.items[0]?.isRead).toBe(true);
    expect(data.pages[0]?.total).toBe(5);
    expect(data.pageParams).toEqual(["/contact/submissions", "/contact/submissions?cursor=b"]);
  });

  it("takes a read message out of the 'Non lus' list and lowers its total", () => {
    const { data, stale } = changePages(loaded(rows), only("unread"), { updated: message("b", { isRead: true }) });
    expect(stale).toBe(false);
    expect(data.pages.map((page) => page.items.map((m) => m._id))).toEqual([["a"], ["c", "d"]]);
    expect(data.pages.map((page) => page.total)).toEqual([4, 4]);
  });

  it("takes a deleted message out of every page it is in", () => {
    const { data } = changePages(loaded(rows), all, { deleted: "d" });
    expect(data.pages.flatMap((page) => page.items.map((m) => m._id))).toEqual(["a", "b", "c"]);
    expect(data.pages[0]?.total).toBe(4);
  });

  it("asks for a new read of a filtered list the message now belongs to but does not hold", () => {
    const unreadAgain = changePages(loaded(rows), only("unread"), { updated: message("z") });
    expect(unreadAgain.stale).toBe(true);
    const replied = message("y", {
      isRead: true,
      replies: [{ message: "Merci", sentAt: "2026-11-24T11:00:00.000Z", delivery: { status: "pending" } }],
    });
    expect(changePages(loaded(rows), only("pending"), { updated: replied }).stale).toBe(true);
    expect(changePages(loaded(rows), only("replied"), { updated: replied }).stale).toBe(true);
  });

  it("takes a message out of a state's list when its state changes, and asks the new state's list to be read again", () => {
    const waiting = loaded(rows.map((m) => ({ ...m, state: "waiting_us" as const })));
    const answered = message("b", { state: "answered" });
    const { data, stale } = changePages(waiting, only(null, "waiting_us"), { updated: answered });
    expect(stale).toBe(false);
    expect(data.pages.map((page) => page.items.map((m) => m._id))).toEqual([["a"], ["c", "d"]]);
    expect(data.pages.map((page) => page.total)).toEqual([4, 4]);
    expect(changePages(loaded([]), only(null, "answered"), { updated: answered }).stale).toBe(true);
    // Filter and state together: both must match.
    expect(changePages(loaded([]), only("unread", "answered"), { updated: { ...answered, isRead: true } }).stale).toBe(false);
  });

  it("keeps in 'À traiter' the new conversations and those waiting for us, and in 'Non distribuables' the bounced ones", () => {
    const waiting = loaded(rows.map((m, i) => ({ ...m, state: i % 2 === 0 ? ("new" as const) : ("waiting_us" as const) })));
    const { data } = changePages(waiting, only("waiting"), { updated: message("a", { state: "waiting_customer" }) });
    expect(data.pages.map((page) => page.items.map((m) => m._id))).toEqual([["b"], ["c", "d"]]);
    expect(changePages(waiting, only("waiting"), { updated: message("b", { state: "new" }) }).data.pages[0]?.items).toHaveLength(2);
    expect(changePages(loaded([]), only("undeliverable"), { updated: message("z", { undeliverable: true }) }).stale).toBe(true);
    expect(changePages(loaded([]), only("undeliverable"), { updated: message("z") }).stale).toBe(false);
  });

  it("leaves alone a list the message is not loaded in and does not belong to", () => {
    const before = loaded(rows);
    expect(changePages(before, all, { updated: message("z", { isRead: true }) })).toEqual({ data: before, stale: false });
    expect(changePages(before, only("unread"), { updated: message("z", { isRead: true }) })).toEqual({ data: before, stale: false });
  });
});

describe("changePage: a change to the dashboard's latest messages", () => {
  it("replaces the message, and asks to refill the page after a deletion", () => {
    const page = { items: [message("a"), message("b")], next: null, total: 2 };
    expect(changePage(page, { updated: message("a", { isRead: true }) }).data.items[0]?.isRead).toBe(true);
    const deleted = changePage(page, { deleted: "a" });
    expect(deleted).toEqual({ data: { items: [message("b")], next: null, total: 1 }, stale: true });
  });
});

describe("applyInboxChange: every cached inbox list at once", () => {
  it("updates the inbox pages and the dashboard page, marks stale only the list that must be read again, and can be undone", () => {
    const client = new QueryClient();
    const rows = ["a", "b", "c", "d"].map((id) => message(id));
    client.setQueryData(inboxKeys.pages({}), loaded(rows));
    client.setQueryData(inboxKeys.pages({ filter: "unread" }), loaded(rows));
    client.setQueryData(inboxKeys.pages({ filter: "replied" }), loaded([]));
    client.setQueryData(inboxKeys.latest(5), { items: rows, next: null, total: 4 });
    client.setQueryData(inboxKeys.pages({ state: "new" }), loaded(rows));
    const thread = { entries: [] };
    client.setQueryData(inboxKeys.thread("a"), thread);

    const snapshot = applyInboxChange(client, {
      updated: message("a", {
        isRead: true,
        replies: [{ message: "Merci", sentAt: "2026-11-24T11:00:00.000Z", delivery: { status: "sent" } }],
      }),
    });
    const all = client.getQueryData<LoadedPages>(inboxKeys.pages({}));
    expect(all?.pages[0]?.items[0]?.isRead).toBe(true);
    expect(client.getQueryData<LoadedPages>(inboxKeys.pages({ filter: "unread" }))?.pages[0]?.items.map((m) => m._id)).toEqual(["b"]);
    expect(client.getQueryState(inboxKeys.pages({}))?.isInvalidated).toBe(false);
    expect(client.getQueryState(inboxKeys.pages({ filter: "unread" }))?.isInvalidated).toBe(false);
    expect(client.getQueryState(inboxKeys.pages({ filter: "replied" }))?.isInvalidated).toBe(true);
    // Still "new": it stays in the state's list; a conversation's timeline is no list and is left as it is.
    expect(client.getQueryData<LoadedPages>(inboxKeys.pages({ state: "new" }))?.pages[0]?.items[0]?.isRead).toBe(true);
    expect(client.getQueryData(inboxKeys.thread("a"))).toBe(thread);

    restoreInbox(client, snapshot);
    expect(client.getQueryData<LoadedPages>(inboxKeys.pages({ filter: "unread" }))?.pages[0]?.items.map((m) => m._id)).toEqual(["a", "b"]);
  });
});
