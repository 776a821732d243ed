import { createHash } from "node:crypto";
import { MAIL_LIMITS } from "@shared/limits";
import type { MailAttachment, MailboxStatus, MailDelivery, Thread, ThreadEntry } from "@shared/schemas/contact";
import type { ThreadState } from "@shared/thread-states";
import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { contactSubmissions, inboundMails, mailAttachments, productDocuments } from "../db/schema/index";
import { dailyJob } from "../lib/daily-job";
import { type ChangeSink, fieldChanges } from "../lib/history-changes";
import { HttpError, notFound } from "../lib/http-error";
import { hashLock } from "./documents";
import type { MailboxPoller } from "./mail/inbound/poller";
import type { OutboxAttachment } from "./mail/outbox";
import { loadSharp } from "./storage/sharp";
import type { ImageStorage, StoredDocument } from "./storage/types";

type AttachmentRow = typeof mailAttachments.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const toAttachment = (row: AttachmentRow): MailAttachment => ({
  _id: row._id,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  stored: row.contentHash !== null,
  productId: row.productId,
  documentId: row.documentId,
});

const maxMb = MAIL_LIMITS.replyAttachmentsMaxBytes / 1024 / 1024;
const tooLarge = () => new HttpError(413, { code: "reply.files_too_large", params: { maxMb } });

/** The type of a file attached to a reply, from its content: a PDF passing the document checks, or a raster image. */
async function fileType(bytes: Buffer): Promise<string> {
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") {
    const { checkPdf } = await import("./pdf-check");
    await checkPdf(bytes);
    return "application/pdf";
  }
  const sharp = await loadSharp();
  const format = await sharp(bytes, { limitInputPixels: 50_000_000 })
    .metadata()
    .then((m) => m.format)
    .catch(() => undefined);
  const types: Record<string, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };
  const type = format ? types[format] : undefined;
  if (!type) throw new HttpError(415, { code: "reply.file_type" });
  return type;
}

/** Files a reply carries: what its outbox row sends, and what the thread lists. */
export type ReplyFiles = { outbox: OutboxAttachment[]; names: string[]; documents: { documentId: string; productId: string }[] };

/**
 * A conversation after the buyer's first message (decision 0115): the timeline of our replies and the mails imported
 * from the mailbox, its state, its files (served only to accounts that read the inbox), the files a reply carries,
 * and the mailbox poll's health.
 */
export function createThreadService(
  db: Db,
  storage: ImageStorage,
  mailbox: MailboxPoller | null,
  log: { error(obj: object, msg: string): void },
) {
  /** Files uploaded for a reply that was never sent, a day on (their bytes go with the next document sweep). */
  async function dropDrafts(): Promise<number> {
    const dropped = await db
      .delete(mailAttachments)
      .where(
        and(
          isNull(mailAttachments.replyMessageId),
          isNull(mailAttachments.inboundMailId),
          lt(mailAttachments.createdAt, sql`now() - interval '1 day'`),
        ),
      )
      .returning({ id: mailAttachments._id });
    return dropped.length;
  }

  async function submissionRow(id: string) {
    const [row] = await db
      .select({ _id: contactSubmissions._id, replies: contactSubmissions.replies, state: contactSubmissions.state })
      .from(contactSubmissions)
      .where(eq(contactSubmissions._id, id));
    if (!row) throw notFound("message");
    return row;
  }

  return {
    /** Our replies and the imported mails, oldest first, each with its files. */
    async thread(id: string, deliveries: (outboxIds: string[]) => Promise<Map<string, MailDelivery>>): Promise<Thread> {
      const row = await submissionRow(id);
      const [mails, files] = await Promise.all([
        db.select().from(inboundMails).where(eq(inboundMails.submissionId, id)).orderBy(asc(inboundMails.sentAt)),
        db.select().from(mailAttachments).where(eq(mailAttachments.submissionId, id)).orderBy(asc(mailAttachments.createdAt)),
      ]);
      const states = await deliveries(row.replies.flatMap((reply) => (reply.outboxId ? [reply.outboxId] : [])));
      const entries: ThreadEntry[] = [
        ...row.replies.map(
          (reply): ThreadEntry => ({
            direction: "out",
            at: new Date(reply.sentAt).toISOString(),
            message: reply.message,
            author: reply.author ?? null,
            delivery: (reply.outboxId && states.get(reply.outboxId)) || { status: "sent" },
            attachments: files.filter((f) => f.replyMessageId === reply.messageId).map(toAttachment),
          }),
        ),
        ...mails.map(
          (mail): ThreadEntry => ({
            direction: "in",
            _id: mail._id,
            at: new Date(mail.sentAt).toISOString(),
            kind: mail.kind,
            fromName: mail.fromName,
            fromAddress: mail.fromAddress,
            fromOtherAddress: mail.fromOtherAddress,
            subject: mail.subject,
            text: mail.text,
            fullText: mail.fullText,
            notice: mail.notice === "too_large" || mail.notice === "unreadable" ? mail.notice : "",
            attachments: files.filter((f) => f.inboundMailId === mail._id).map(toAttachment),
          }),
        ),
      ];
      return { entries: entries.sort((a, b) => a.at.localeCompare(b.at)) };
    },

    /** Moves the conversation to `state` (the team closes it, or opens it again); its history line names the change. */
    async setState(id: string, state: ThreadState, onChanges?: ChangeSink): Promise<void> {
      const before = await submissionRow(id);
      await db.update(contactSubmissions).set({ state }).where(eq(contactSubmissions._id, id));
      onChanges?.(fieldChanges({ state: before.state }, { state }, ["state"]));
    },

    /** One stored file of the thread, or 404 (another thread's, one not kept, or one still being uploaded elsewhere). */
    async openAttachment(submissionId: string, attachmentId: string): Promise<StoredDocument & { fileName: string; contentType: string }> {
      const [row] = await db
        .select()
        .from(mailAttachments)
        .where(and(eq(mailAttachments._id, attachmentId), eq(mailAttachments.submissionId, submissionId)));
      const file = row?.contentHash ? await storage.openDocument(row.contentHash) : null;
      if (!row || !file) throw notFound("attachment");
      return { ...file, fileName: row.fileName, contentType: row.contentType };
    },

    /**
     * Keeps a file uploaded for the next reply of this thread (a PDF passing the document checks, or an image), listed
     * with no reply yet; the reply that names it takes it. Drafts never sent are removed after a day (`dropDrafts`).
     */
    async addFile(submissionId: string, bytes: Buffer, fileName: string): Promise<MailAttachment> {
      await submissionRow(submissionId);
      if (bytes.length > MAIL_LIMITS.replyAttachmentsMaxBytes) throw tooLarge();
      const contentType = await fileType(bytes);
      const hash = createHash("sha256").update(bytes).digest("hex");
      const [row] = await db.transaction(async (tx) => {
        // File then row under the file's lock, as every writer of the document store (documents.ts).
        await tx.execute(hashLock(hash));
        await storage.saveDocument(hash, bytes);
        return tx
          .insert(mailAttachments)
          .values({ submissionId, contentHash: hash, fileName: fileName.slice(0, 200) || "piece-jointe", contentType, size: bytes.length })
          .returning();
      });
      if (!row) throw new Error("insert returned nothing");
      return toAttachment(row);
    },

    /**
     * Inside the reply's transaction: the product documents and uploaded drafts it carries, checked (each exists, the
     * drafts are this thread's and unsent, the whole within MAIL_LIMITS) and marked as the reply's.
     */
    async takeForReply(tx: Tx, submissionId: string, messageId: string, documentIds: string[], fileIds: string[]): Promise<ReplyFiles> {
      const documents =
        documentIds.length === 0
          ? []
          : await tx
              .select()
              .from(productDocuments)
              .where(inArray(productDocuments._id, [...new Set(documentIds)]));
      if (documents.length !== new Set(documentIds).size) throw notFound("document");
      const drafts =
        fileIds.length === 0
          ? []
          : await tx
              .select()
              .from(mailAttachments)
              .where(
                and(
                  inArray(mailAttachments._id, [...new Set(fileIds)]),
                  eq(mailAttachments.submissionId, submissionId),
                  isNull(mailAttachments.replyMessageId),
                  isNull(mailAttachments.inboundMailId),
                ),
              )
              .for("update");
      if (drafts.length !== new Set(fileIds).size) throw notFound("attachment");
      const total = documents.reduce((sum, d) => sum + d.sizeBytes, 0) + drafts.reduce((sum, d) => sum + d.size, 0);
      if (total > MAIL_LIMITS.replyAttachmentsMaxBytes) throw tooLarge();
      if (drafts.length > 0)
        await tx
          .update(mailAttachments)
          .set({ replyMessageId: messageId })
          .where(
            inArray(
              mailAttachments._id,
              drafts.map((d) => d._id),
            ),
          );
      if (documents.length > 0)
        await tx.insert(mailAttachments).values(
          documents.map((d) => ({
            submissionId,
            replyMessageId: messageId,
            documentId: d._id,
            productId: d.productId,
            contentHash: d.contentHash,
            fileName: d.fileName || `${d.kind}.pdf`,
            contentType: "application/pdf",
            size: d.sizeBytes,
          })),
        );
      const files = [
        ...documents.map((d) => ({ hash: d.contentHash, fileName: d.fileName || `${d.kind}.pdf`, contentType: "application/pdf" })),
        ...drafts.flatMap((d) => (d.contentHash ? [{ hash: d.contentHash, fileName: d.fileName, contentType: d.contentType }] : [])),
      ];
      return {
        outbox: files,
        names: files.map((f) => f.fileName),
        documents: documents.map((d) => ({ documentId: d._id, productId: d.productId })),
      };
    },

    dropDrafts,

    /** Takes back a file uploaded for the next reply of this thread (404 once sent, or for another thread's). */
    async dropDraft(submissionId: string, attachmentId: string): Promise<void> {
      const dropped = await db
        .delete(mailAttachments)
        .where(
          and(
            eq(mailAttachments._id, attachmentId),
            eq(mailAttachments.submissionId, submissionId),
            isNull(mailAttachments.replyMessageId),
            isNull(mailAttachments.inboundMailId),
          ),
        )
        .returning({ id: mailAttachments._id });
      if (dropped.length === 0) throw notFound("attachment");
    },
    /** Drops unsent drafts now and then once a day. */
    draftPruning: dailyJob("reply draft pruning", dropDrafts, log),

    /** Whether answers are imported, and how the last look at the mailbox went (shared by every instance). */
    async mailboxStatus(): Promise<MailboxStatus> {
      if (!mailbox) return { enabled: false, lastSuccessAt: null, lastError: null, lastErrorAt: null, imported: 0 };
      const row = await mailbox.state();
      const iso = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null);
      return {
        enabled: true,
        lastSuccessAt: iso(row?.lastSuccessAt),
        lastError: row?.lastError ?? null,
        lastErrorAt: iso(row?.lastErrorAt),
        imported: row?.imported ?? 0,
      };
    },
  };
}
export type ThreadService = ReturnType<typeof createThreadService>;
