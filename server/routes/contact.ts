import { Readable } from "node:stream";
import { DOCUMENT_FILE_FIELD } from "@shared/documents";
import { MAIL_LIMITS } from "@shared/limits";
import { csvDownload, fileDownload, idParams, idSchema, noContentSchema } from "@shared/schemas/common";
import {
  contactInputSchema,
  contactSentSchema,
  contactSubmissionListSchema,
  contactSubmissionSchema,
  inboxQuerySchema,
  inboxSearchSchema,
  mailAttachmentSchema,
  mailboxStatusSchema,
  type ReplyResult,
  replyInputSchema,
  replyResultSchema,
  threadSchema,
  threadStateInputSchema,
} from "@shared/schemas/contact";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { csvChunks, sendCsv } from "../lib/csv";
import { safeFileName } from "../lib/file-name";
import { badRequest, HttpError, invalidField } from "../lib/http-error";
import { sendPage } from "../lib/keyset";
import { RATE_LIMITS } from "../lib/rate-limits";
import { publicRoute } from "../plugins/auth";
import { historyChanges, recorded } from "../plugins/security-log";
import { INBOX_CSV_HEADER, inboxCsvBatches } from "../services/inbox-csv";
import type { StoredDocument } from "../services/storage/types";
import { contentDisposition } from "./documents";

/** The public contact form and the admin inbox. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { inbox, threads } = app.services;

  app.post(
    "/contact",
    {
      schema: { body: contactInputSchema, response: { 201: contactSentSchema } },
      config: { ...publicRoute, rateLimit: RATE_LIMITS.contact },
    },
    async (request, reply) => {
      const submission = await inbox.submit(request.body);
      // Links this request's id to the notification mail's log lines, which carry the submission id.
      request.log.info({ submissionId: submission._id, event: "contact.received" }, "contact message stored");
      return reply.code(201).send({ ...submission, confirmation: inbox.confirmationToken(submission._id) });
    },
  );

  app.get(
    "/contact/submissions",
    { schema: { querystring: inboxQuerySchema, response: { 200: contactSubmissionListSchema } } },
    async (request, reply) => sendPage(request, reply, await inbox.list(request.query)),
  );

  app.get(
    "/contact/submissions.csv",
    { schema: { querystring: inboxSearchSchema, response: { 200: csvDownload } } },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      const csv = Readable.from(csvChunks(INBOX_CSV_HEADER, inboxCsvBatches(inbox.each(request.query))));
      return sendCsv(reply, `messages-${day}.csv`, csv);
    },
  );

  app.patch(
    "/contact/:id/read",
    { schema: { params: idParams, response: { 200: contactSubmissionSchema } }, config: recorded("message", "mark-read") },
    async (request) => inbox.markRead(request.params.id, historyChanges(request)),
  );

  app.patch(
    "/contact/:id/unread",
    { schema: { params: idParams, response: { 200: contactSubmissionSchema } }, config: recorded("message", "mark-unread") },
    async (request) => inbox.markUnread(request.params.id, historyChanges(request)),
  );

  // "Pas un spam": back to the inbox, and the company is notified now (decision 0108).
  app.post(
    "/contact/:id/not-spam",
    { schema: { params: idParams, response: { 200: contactSubmissionSchema } }, config: recorded("message", "not-spam") },
    async (request) => inbox.markNotSpam(request.params.id, historyChanges(request)),
  );

  app.delete(
    "/contact/:id",
    { schema: { params: idParams, response: { 204: noContentSchema } }, config: recorded("message", "delete") },
    async (request, reply) => {
      await inbox.remove(request.params.id);
      return reply.code(204).send();
    },
  );

  // The body is checked here rather than by a route schema so the answer's `error` is the field's message alone (no
  // "replyMessage: " before it), in both languages, with its `messageCode` in `details`.
  app.post(
    "/contact/:id/reply",
    { schema: { params: idParams, response: { 200: replyResultSchema } }, config: recorded("message", "reply") },
    async (request) => {
      const parsed = replyInputSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw invalidField(issue?.path.join(".") || "replyMessage", issue?.message ?? "Invalid reply");
      }
      const result: ReplyResult = {
        data: await inbox.reply(
          request.params.id,
          parsed.data,
          request.session ? { userId: request.session.user._id, email: request.session.user.email } : undefined,
        ),
      };
      return result;
    },
  );

  // The conversation after the first message: our replies and the mails imported from the mailbox (decision 0115).
  app.get("/contact/:id/thread", { schema: { params: idParams, response: { 200: threadSchema } } }, async (request) =>
    threads.thread(request.params.id, (ids) => app.services.outbox.states(ids)),
  );

  app.patch(
    "/contact/:id/state",
    {
      schema: { params: idParams, body: threadStateInputSchema, response: { 200: contactSubmissionSchema } },
      config: recorded("message", "state"),
    },
    async (request) => {
      await threads.setState(request.params.id, request.body.state, historyChanges(request));
      return inbox.get(request.params.id);
    },
  );

  // A file uploaded for the next reply, taken back before it is sent.
  app.delete(
    "/contact/:id/files/:attachmentId",
    { schema: { params: attachmentParams, response: { 204: noContentSchema } }, config: recorded("message", "attach") },
    async (request, reply) => {
      await threads.dropDraft(request.params.id, request.params.attachmentId);
      return reply.code(204).send();
    },
  );

  // A file for the next reply: a PDF passing the document checks or an image, within the reply's size cap.
  app.post(
    "/contact/:id/files",
    { schema: { params: idParams, response: { 201: mailAttachmentSchema } }, config: recorded("message", "attach") },
    async (request, reply) => {
      const file = await readReplyFile(app, request);
      return reply.code(201).send(await threads.addFile(request.params.id, file.bytes, safeFileName(file.fileName)));
    },
  );

  // A file of the thread, for accounts that read the inbox: always downloaded, never sniffed nor run.
  app.get(
    "/contact/:id/attachments/:attachmentId",
    { schema: { params: attachmentParams, response: { 200: fileDownload } } },
    async (request, reply) => sendAttachment(reply, await threads.openAttachment(request.params.id, request.params.attachmentId)),
  );

  app.get("/contact/mailbox", { schema: { response: { 200: mailboxStatusSchema } } }, async () => threads.mailboxStatus());
};

const attachmentParams = z.object({ id: idSchema, attachmentId: idSchema });

/** A file of a conversation as a download: streamed as stored, never sniffed, run or kept by a cache. */
function sendAttachment(reply: FastifyReply, file: StoredDocument & { fileName: string; contentType: string }): FastifyReply {
  return reply
    .header("content-type", file.contentType)
    .header("content-disposition", contentDisposition(file.fileName))
    .header("content-length", String(file.size))
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "sandbox")
    .header("cache-control", "private, no-store")
    .send(file.stream);
}

/** The multipart file `file` of a reply, read up to the reply's cap (never more is buffered). */
async function readReplyFile(app: FastifyInstance, request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  const tooLarge = () =>
    new HttpError(413, { code: "reply.files_too_large", params: { maxMb: MAIL_LIMITS.replyAttachmentsMaxBytes / 1024 / 1024 } });
  if (!request.isMultipart()) throw badRequest({ code: "document.no_file" });
  try {
    for await (const part of request.parts({ limits: { fileSize: MAIL_LIMITS.replyAttachmentsMaxBytes, files: 1, fields: 4 } })) {
      if (part.type !== "file") continue;
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      if (part.fieldname === DOCUMENT_FILE_FIELD && bytes.length > 0) return { bytes, fileName: part.filename };
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
    throw error;
  }
  throw badRequest({ code: "document.no_file" });
}
