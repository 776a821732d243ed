import { MAIL_LIMITS } from "@shared/limits";
import type { ContactReply, ThreadEntry } from "@shared/schemas/contact";
import { describe, expect, it } from "vitest";
import {
  attachmentsTotal,
  hasMoreText,
  type InEntry,
  type PendingAttachment,
  refusalOfAttachment,
  replyBody,
  replyNumbers,
  timeline,
} from "./thread";

const MB = 1024 * 1024;
const doc = (id: string, size: number): PendingAttachment => ({ kind: "document", id, size });
const file = (id: string, size: number): PendingAttachment => ({ kind: "file", id, size });

describe("what a reply carries", () => {
  it("adds up the sizes of the documents and files", () => {
    expect(attachmentsTotal([])).toBe(0);
    expect(attachmentsTotal([doc("a", 1200), file("b", 3 * MB), doc("c", 34)])).toBe(3 * MB + 1234);
  });

  it("refuses a file that would take the whole over the reply's cap, and accepts one that reaches it exactly", () => {
    const pending = [doc("a", 4 * MB), file("b", 5 * MB)];
    expect(refusalOfAttachment(pending, { kind: "file", size: MB })).toBeNull();
    expect(refusalOfAttachment(pending, { kind: "file", size: MB + 1 })).toBe("tooLarge");
    expect(refusalOfAttachment(pending, { kind: "document", size: 2 * MB })).toBe("tooLarge");
    expect(refusalOfAttachment([], { kind: "file", size: MAIL_LIMITS.replyAttachmentsMaxBytes + 1 })).toBe("tooLarge");
  });

  it("refuses more than the cap of attachments of one kind, and counts each kind apart", () => {
    const files = Array.from({ length: MAIL_LIMITS.replyAttachmentsMax }, (_, i) => file(`f${i}`, 10));
    expect(refusalOfAttachment(files, { kind: "file", size: 10 })).toBe("tooMany");
    expect(refusalOfAttachment(files, { kind: "document", size: 10 })).toBeNull();
  });

  it("sends the documents' and the files' ids apart", () => {
    expect(replyBody("Bonjour", [doc("d1", 1), file("f1", 2), doc("d2", 3)])).toEqual({
      replyMessage: "Bonjour",
      documentIds: ["d1", "d2"],
      fileIds: ["f1"],
    });
    expect(replyBody("Bonjour", [])).toEqual({ replyMessage: "Bonjour", documentIds: [], fileIds: [] });
  });
});

const reply = (message: string, sentAt: string, status: "sent" | "pending" | "failed" = "sent"): ContactReply => ({
  message,
  sentAt,
  delivery: { status },
});
const out = (message: string, at: string, status: "sent" | "pending" | "failed" = "sent", author: string | null = null): ThreadEntry => ({
  direction: "out",
  at,
  message,
  author,
  delivery: { status },
  attachments: [],
});
const answer = (id: string, at: string, patch: Partial<InEntry> = {}): InEntry => ({
  direction: "in",
  _id: id,
  at,
  kind: "reply",
  fromName: "Leila",
  fromAddress: "leila@example.com",
  fromOtherAddress: false,
  subject: "Re: Devis",
  text: "Merci",
  fullText: "Merci",
  notice: "",
  attachments: [],
  ...patch,
});

describe("the timeline shown", () => {
  it("is the message's replies alone until the thread is read", () => {
    const shown = timeline(undefined, [reply("Bonjour", "2026-11-24T10:00:00.000Z", "pending")]);
    expect(shown).toEqual([out("Bonjour", "2026-11-24T10:00:00.000Z", "pending")]);
  });

  it("keeps the thread's order and takes each reply's delivery from the message, read again more often", () => {
    const entries = [
      out("Première", "2026-11-24T10:00:00.000Z", "pending", "sami@example.com"),
      answer("m1", "2026-11-24T11:00:00.000Z"),
      out("Seconde", "2026-11-24T12:00:00.000Z"),
    ];
    const shown = timeline(entries, [
      reply("Première", "2026-11-24T10:00:00.000Z", "sent"),
      reply("Seconde", "2026-11-24T12:00:00.000Z", "failed"),
    ]);
    expect(shown.map((e) => (e.direction === "out" ? `${e.message}:${e.delivery.status}:${e.author}` : e._id))).toEqual([
      "Première:sent:sami@example.com",
      "m1",
      "Seconde:failed:null",
    ]);
  });

  it("adds at the end a reply just sent that the thread does not hold yet", () => {
    const shown = timeline([answer("m1", "2026-11-24T11:00:00.000Z")], [reply("Nouvelle", "2026-11-24T12:00:00.000Z")]);
    expect(shown.map((e) => e.direction)).toEqual(["in", "out"]);
  });

  it("numbers our replies by their place among our replies", () => {
    const entries = [
      answer("m0", "2026-11-24T09:00:00.000Z"),
      out("a", "2026-11-24T10:00:00.000Z"),
      answer("m1", "2026-11-24T11:00:00.000Z"),
      out("b", "2026-11-24T12:00:00.000Z"),
    ];
    expect([...replyNumbers(entries)]).toEqual([
      [1, 1],
      [3, 2],
    ]);
  });

  it("offers the whole mail only when it says more than its new text", () => {
    expect(hasMoreText(answer("m", "2026-11-24T11:00:00.000Z"))).toBe(false);
    expect(hasMoreText(answer("m", "2026-11-24T11:00:00.000Z", { fullText: "Merci\n\n> Le 24/11, vous avez écrit :" }))).toBe(true);
    expect(hasMoreText(answer("m", "2026-11-24T11:00:00.000Z", { fullText: "" }))).toBe(false);
  });
});
