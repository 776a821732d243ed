import { createHash } from "node:crypto";
import { MAIL_LIMITS } from "@shared/limits";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { contactSubmissions, inboundMails, mailAttachments, mailboxCursor, mailOutbox, mailThreadIds } from "../../../db/schema/index";
import { hashLock } from "../../documents";
import type { ImageStorage } from "../../storage/types";
import type { InboundMail } from "./parse";

/**
 * Where a mail stands once looked at: joined its thread, was there already, is one of ours, answers nothing of ours, or
 * its thread already holds MAIL_LIMITS.threadMailsMax mails.
 */
export type ImportOutcome = "imported" | "duplicate" | "ours" | "unmatched" | "full";

/** The poll's place in the mailbox, written in the same transaction as each import (at most once, never skipped). */
export type CursorStep = { mailbox: string; holder: string; uidValidity: number; uid: number };

/** The lease moved to another instance (this one was paused past it): what it fetched is left to the new holder. */
export class LostLease extends Error {
  constructor() {
    super("mailbox poll lease lost");
  }
}

type Thread = { submissionId: string; email: string };

/** The text a bounce leaves on the reply it failed, in the delivery state the thread shows. */
export const bounceReason = (status: string, recipient: string) =>
  `Non distribué : le serveur du destinataire a refusé l'adresse${recipient ? ` ${recipient}` : ""}${status ? ` (${status})` : ""}`;

/**
 * Joins incoming mails to their thread (decision 0115): by `In-Reply-To`, then `References`, through the Message-IDs of
 * every mail of every thread (ours and the buyer's); then by the thread number in the subject, from the buyer's own
 * address only. A mail from another address than the thread's buyer joins it marked so. Each import and the cursor's step are
 * one transaction, and the Message-ID is unique: a mail is imported once, whatever crashes or instances come between.
 */
export function createInboundImporter(db: Db, storage: ImageStorage) {
  async function threadOfIds(idsInOrder: string[]): Promise<(Thread & { ours: boolean; messageId: string })[]> {
    if (idsInOrder.length === 0) return [];
    const rows = await db
      .select({
        messageId: mailThreadIds.messageId,
        submissionId: mailThreadIds.submissionId,
        ours: mailThreadIds.ours,
        email: contactSubmissions.email,
      })
      .from(mailThreadIds)
      .innerJoin(contactSubmissions, eq(contactSubmissions._id, mailThreadIds.submissionId))
      .where(sql`${mailThreadIds.messageId} = any(${sql.param(idsInOrder)}::text[])`);
    return idsInOrder.flatMap((id) => rows.filter((row) => row.messageId === id));
  }

  /**
   * The newest thread of the sender with one of these numbers. Only the buyer's own address counts here: a number is
   * short enough to guess, so a stranger spraying numbers must not land in anybody's thread (the Message-IDs of the
   * headers, random UUIDs, are not guessable).
   */
  async function threadOfRefs(refs: string[], from: string): Promise<Thread | undefined> {
    if (refs.length === 0 || !from) return undefined;
    const [row] = await db
      .select({ submissionId: contactSubmissions._id, email: contactSubmissions.email })
      .from(contactSubmissions)
      .where(and(sql`${contactSubmissions.ref} = any(${sql.param(refs)}::text[])`, sql`lower(${contactSubmissions.email}) = ${from}`))
      .orderBy(desc(contactSubmissions.createdAt))
      .limit(1);
    return row;
  }

  /** The thread a mail belongs to, or why it has none. */
  async function threadOf(mail: InboundMail): Promise<Thread | "ours" | null> {
    const [own] = await threadOfIds([mail.key]);
    if (own?.ours) return "ours";
    if (mail.bounce) {
      const [bounced] = (await threadOfIds(mail.bounce.messageIds)).filter((t) => t.ours);
      return bounced ?? null;
    }
    // In-Reply-To first, then References from the newest (last) to the oldest.
    const [byHeader] = await threadOfIds([...mail.inReplyTo, ...[...mail.references].reverse()]);
    return byHeader ?? (await threadOfRefs(mail.refs, mail.from.address)) ?? null;
  }

  /**
   * Keeps each file's bytes in the document store under their SHA-256, inside the import's transaction and under the
   * file's lock (documents.ts), so the sweep cannot remove a file between its write and its row.
   */
  async function storeFiles(tx: Db, mail: InboundMail) {
    const stored = [];
    for (const file of mail.files) {
      if (!file.content) {
        stored.push({ ...file, hash: null });
        continue;
      }
      const hash = createHash("sha256").update(file.content).digest("hex");
      await tx.execute(hashLock(hash));
      await storage.saveDocument(hash, file.content);
      stored.push({ ...file, hash });
    }
    return stored;
  }

  async function advance(tx: Db, step: CursorStep, imported: number): Promise<void> {
    const moved = await tx
      .update(mailboxCursor)
      .set({
        lastUid: sql`greatest(${mailboxCursor.lastUid}, ${step.uid})`,
        imported: sql`${mailboxCursor.imported} + ${imported}`,
      })
      .where(
        and(
          eq(mailboxCursor.mailbox, step.mailbox),
          eq(mailboxCursor.holder, step.holder),
          eq(mailboxCursor.uidValidity, step.uidValidity),
        ),
      )
      .returning({ mailbox: mailboxCursor.mailbox });
    if (moved.length === 0) throw new LostLease();
  }

  return {
    threadOf,

    /** Steps the cursor over a mail that is not to be imported (ours, or answering none of our threads). */
    skip: (step: CursorStep) => db.transaction((tx) => advance(tx, step, 0)),

    /**
     * Imports one mail (or only moves the cursor past it) in one transaction. `known` is the thread already found from
     * the mail's headers, so it is not looked up twice.
     */
    async importMail(mail: InboundMail, step: CursorStep, sentAtFallback: string, known?: Thread): Promise<ImportOutcome> {
      const thread = known ?? (await threadOf(mail));
      if (thread === null || thread === "ours") {
        await db.transaction((tx) => advance(tx, step, 0));
        return thread === "ours" ? "ours" : "unmatched";
      }
      // A thread holds so many mails only if something loops or floods it: the rest stay in the mailbox.
      if ((await db.$count(inboundMails, eq(inboundMails.submissionId, thread.submissionId))) >= MAIL_LIMITS.threadMailsMax) {
        await db.transaction((tx) => advance(tx, step, 0));
        return "full";
      }
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(inboundMails)
          .values({
            submissionId: thread.submissionId,
            messageId: mail.key,
            kind: mail.kind,
            fromAddress: mail.from.address,
            fromName: mail.from.name,
            fromOtherAddress: mail.kind !== "bounce" && mail.from.address !== thread.email.trim().toLowerCase(),
            subject: mail.subject,
            text: mail.text,
            fullText: mail.fullText,
            sentAt: mail.date ?? sentAtFallback,
            bouncedMessageId: mail.bounce?.messageIds[0] ?? null,
            notice: mail.notice,
          })
          .onConflictDoNothing({ target: inboundMails.messageId })
          .returning({ _id: inboundMails._id });
        await advance(tx, step, inserted ? 1 : 0);
        if (!inserted) return "duplicate";
        const files = await storeFiles(tx, mail);
        if (mail.key.startsWith("<"))
          await tx
            .insert(mailThreadIds)
            .values({ messageId: mail.key, submissionId: thread.submissionId, ours: false })
            .onConflictDoNothing();
        if (files.length > 0)
          await tx.insert(mailAttachments).values(
            files.map((file) => ({
              submissionId: thread.submissionId,
              inboundMailId: inserted._id,
              contentHash: file.hash,
              fileName: file.fileName,
              contentType: file.contentType,
              size: file.size,
            })),
          );
        if (mail.kind === "reply") {
          await tx
            .update(contactSubmissions)
            .set({ state: "waiting_us", isRead: false })
            .where(eq(contactSubmissions._id, thread.submissionId));
        } else if (mail.bounce) {
          const recipient = mail.bounce.recipient;
          if (!recipient || recipient === thread.email.trim().toLowerCase())
            await tx.update(contactSubmissions).set({ undeliverable: true }).where(eq(contactSubmissions._id, thread.submissionId));
          await tx
            .update(mailOutbox)
            .set({ status: "failed", lastError: bounceReason(mail.bounce.status, recipient) })
            .where(sql`${mailOutbox.messageId} = any(${sql.param(mail.bounce.messageIds)}::text[])`);
        }
        return "imported";
      });
    },
  };
}
export type InboundImporter = ReturnType<typeof createInboundImporter>;
