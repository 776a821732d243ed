import { Readable } from "node:stream";
import {
  type PrivacyEraseResult,
  privacyEraseInputSchema,
  privacyExportQuerySchema,
  privacySummaryQuerySchema,
} from "@shared/schemas/privacy";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { csvChunks, sendCsv } from "../lib/csv";
import { recorded, setHistoryLabel } from "../plugins/security-log";
import { erasureLabel, PRIVACY_CSV_HEADER } from "../services/privacy";

/**
 * The address is in the query string of these reads: their request lines stay out of the info-level access log, which
 * would otherwise keep an erased address.
 */
const QUIET = { logLevel: "warn" } as const;

/** Personal data of one e-mail address (GDPR): summary, export, erasure. Admin-only. */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { privacy } = app.services;

  app.get("/privacy/summary", { ...QUIET, schema: { querystring: privacySummaryQuerySchema } }, async (request) =>
    privacy.summary(request.query.email, request.query.page),
  );

  app.get("/privacy/export", { ...QUIET, schema: { querystring: privacyExportQuerySchema } }, async (request, reply) => {
    const { email, format } = request.query;
    const name = `donnees-personnelles-${new Date().toISOString().slice(0, 10)}`;
    if (format === "csv") return sendCsv(reply, `${name}.csv`, Readable.from(csvChunks(PRIVACY_CSV_HEADER, privacy.csvBatches(email))));
    return reply
      .header("content-type", "application/json; charset=utf-8")
      .header("content-disposition", `attachment; filename="${name}.json"`)
      .send(Readable.from(privacy.exportJson(email)));
  });

  app.post("/privacy/erase", { schema: { body: privacyEraseInputSchema }, config: recorded("privacy", "erase") }, async (request) => {
    const erased = await privacy.erase(request.body.email);
    setHistoryLabel(request, erasureLabel(erased));
    const result: PrivacyEraseResult = { erased };
    return result;
  });
};
