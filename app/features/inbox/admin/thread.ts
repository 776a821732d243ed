import { MAIL_LIMITS } from "@shared/limits";
import type { ContactReply, ThreadEntry } from "@shared/schemas/contact";

/**
 * The logic of a conversation on screen (decision 0115): the timeline as the screen shows it, and what the next reply
 * may carry (product documents and uploaded files, `MAIL_LIMITS`), checked before asking the server.
 */

/** A file the next reply carries: a product document (`documentIds`) or an uploaded draft (`fileIds`). */
export type PendingAttachment = { kind: "document" | "file"; id: string; size: number };

/** What the next reply carries, in bytes. */
export function attachmentsTotal(attachments: readonly PendingAttachment[]): number {
  return attachments.reduce((sum, attachment) => sum + attachment.size, 0);
}

/**
 * Why one more attachment of `size` bytes may not go with the reply (`tooLarge`: all together over
 * `replyAttachmentsMaxBytes`; `tooMany`: more than `replyAttachmentsMax` of its kind), or null when it may.
 */
export function refusalOfAttachment(
  attachments: readonly PendingAttachment[],
  next: { kind: PendingAttachment["kind"]; size: number },
): "tooLarge" | "tooMany" | null {
  if (attachments.filter((a) => a.kind === next.kind).length >= MAIL_LIMITS.replyAttachmentsMax) return "tooMany";
  if (attachmentsTotal(attachments) + next.size > MAIL_LIMITS.replyAttachmentsMaxBytes) return "tooLarge";
  return null;
}

/** The body of POST /contact/:id/reply: the text and the ids of what it carries, by kind. */
export function replyBody(replyMessage: string, attachments: readonly PendingAttachment[]) {
  return {
    replyMessage,
    documentIds: attachments.filter((a) => a.kind === "document").map((a) => a.id),
    fileIds: attachments.filter((a) => a.kind === "file").map((a) => a.id),
  };
}

export type OutEntry = Extract<ThreadEntry, { direction: "out" }>;
export type InEntry = Extract<ThreadEntry, { direction: "in" }>;

/**
 * The timeline shown: the thread as last read, with our replies as the message now lists them. The i-th reply of the
 * message is the i-th "out" entry (both in the order written): its delivery is the message's, which the inbox reads
 * again while an e-mail waits, and a reply the thread does not hold yet (just sent, the thread is being read again)
 * is added at the end, without its author and files until the thread comes back. Without a thread yet, the replies alone.
 */
export function timeline(entries: readonly ThreadEntry[] | undefined, replies: readonly ContactReply[]): ThreadEntry[] {
  let index = 0;
  const shown = (entries ?? []).map((entry): ThreadEntry => {
    if (entry.direction === "in") return entry;
    const reply = replies[index];
    index += 1;
    return reply ? { ...entry, delivery: reply.delivery } : entry;
  });
  const missing = replies.slice(index).map(
    (reply): OutEntry => ({
      direction: "out",
      at: reply.sentAt,
      message: reply.message,
      author: null,
      delivery: reply.delivery,
      attachments: [],
    }),
  );
  return [...shown, ...missing];
}

/** The number of each of our replies in the timeline ("Réponse #1"…), by its place in it. */
export function replyNumbers(entries: readonly ThreadEntry[]): Map<number, number> {
  const numbers = new Map<number, number>();
  entries.forEach((entry, place) => {
    if (entry.direction === "out") numbers.set(place, numbers.size + 1);
  });
  return numbers;
}

/** Whether the whole mail says more than its new text (then "Voir le message complet" shows it). */
export const hasMoreText = (entry: InEntry): boolean => entry.fullText.trim() !== "" && entry.fullText.trim() !== entry.text.trim();
