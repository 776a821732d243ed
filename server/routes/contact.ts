import { Readable } from "node:stream";
import { csvDownload, idParams, noContentSchema } from "@shared/schemas/common";
import {
  contactInputSchema,
  contactSubmissionListSchema,
  contactSubmissionSchema,
  inboxQuerySchema,
  inboxSearchSchema,
  type ReplyResult,
  replyInputSchema,
  replyResultSchema,
} from "@shared/schemas/contact";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { csvChunks, sendCsv } from "../lib/csv";
import { invalidField } from "../lib/http-error";
import { sendPage } from "../lib/keyset";
import { RATE_LIMITS } from "../lib/rate-limits";
import { publicRoute } from "../plugins/auth";
import { historyChanges, recorded } from "../plugins/security-log";
import { INBOX_CSV_HEADER, inboxCsvBatches } from "../services/inbox-csv";

/** The public contact form and the admin inbox. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { inbox } = app.services;

  app.post(
    "/contact",
    {
      schema: { body: contactInputSchema, response: { 201: contactSubmissionSchema } },
      config: { ...publicRoute, rateLimit: RATE_LIMITS.contact },
    },
    async (request, reply) => {
      const submission = await inbox.submit(request.body);
      // Links this request's id to the notification mail's log lines, which carry the submission id.
      request.log.info({ submissionId: submission._id, event: "contact.received" }, "contact message stored");
      return reply.code(201).send(submission);
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
      const result: ReplyResult = { data: await inbox.reply(request.params.id, parsed.data.replyMessage) };
      return result;
    },
  );
};
