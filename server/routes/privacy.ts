import { Readable } from "node:stream";
import { csvDownload } from "@shared/schemas/common";
import {
  type PrivacyEraseResult,
  privacyEraseInputSchema,
  privacyEraseResultSchema,
  privacyExportQuerySchema,
  privacyExportSchema,
  privacySummaryQuerySchema,
  privacySummarySchema,
} from "@shared/schemas/privacy";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { csvChunks, sendCsv } from "../lib/csv";
import { recorded, setHistoryLabel } from "../plugins/security-log";
import { erasureLabel, PRIVACY_CSV_HEADER } from "../services/privacy";

/**
 * The address is in the query string of these reads: their request lines stay out of the info-level access log, which
 * would otherwise keep an erased address.
 */
const QUIET = { logLevel: "warn" } as const;

/** The JSON export, streamed as the service writes it (a stream is never serialized: its schema only declares it). */
function sendJsonDownload(reply: FastifyReply, filename: string, json: Readable): FastifyReply {
  return reply
    .header("content-type", "application/json; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .send(json);
}

/** Personal data of one e-mail address (GDPR): summary, export, erasure. Admin-only. */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { privacy } = app.services;

  app.get(
    "/privacy/summary",
    { ...QUIET, schema: { querystring: privacySummaryQuerySchema, response: { 200: privacySummarySchema } } },
    async (request) => privacy.summary(request.query.email, request.query.page),
  );

  app.get(
    "/privacy/export",
    {
      ...QUIET,
      schema: {
        querystring: privacyExportQuerySchema,
        // Streamed as the service writes it: declared, never parsed (see csvDownload).
        response: { 200: { content: { "application/json": { schema: privacyExportSchema }, ...csvDownload.content } } },
      },
    },
    async (request, reply) => {
      const { email, format } = request.query;
      const name = `donnees-personnelles-${new Date().toISOString().slice(0, 10)}`;
      if (format === "csv") return sendCsv(reply, `${name}.csv`, Readable.from(csvChunks(PRIVACY_CSV_HEADER, privacy.csvBatches(email))));
      return sendJsonDownload(reply, `${name}.json`, Readable.from(privacy.exportJson(email)));
    },
  );

  app.post(
    "/privacy/erase",
    { schema: { body: privacyEraseInputSchema, response: { 200: privacyEraseResultSchema } }, config: recorded("privacy", "erase") },
    async (request) => {
      const erased = await privacy.erase(request.body.email);
      setHistoryLabel(request, erasureLabel(erased));
      const result: PrivacyEraseResult = { erased };
      return result;
    },
  );
};
