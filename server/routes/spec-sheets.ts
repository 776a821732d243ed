import { LANGUAGES } from "@shared/company";
import { CATALOGUE_PDF_PATH } from "@shared/spec-sheets";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBody, HttpError } from "../lib/http-error";
import { RATE_LIMITS } from "../lib/rate-limits";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "../lib/unavailable";
import { BusyError, type PdfFile } from "../services/spec-sheets/index";

/** A sheet changes with its product: shared caches keep it as long as a product page may be stale, then revalidate. */
export const SPEC_SHEET_CACHE = "public, max-age=300, must-revalidate";

const langQuery = z.object({ lang: z.enum(LANGUAGES).default("fr") });
const NOT_FOUND = errorBody({ code: "not_found", params: { item: "product" } });

/** RFC 9110 13.1.2: `If-None-Match` is `*` or lists this entity tag (weak comparison). */
const matches = (ifNoneMatch: string | undefined, etag: string) =>
  Boolean(ifNoneMatch?.split(",").some((tag) => tag.trim() === "*" || tag.trim().replace(/^W\//, "") === etag));

/** Shown in the browser's PDF viewer (inline), saved under a readable name; never sniffed, sandboxed. */
async function sendPdf(request: FastifyRequest, reply: FastifyReply, file: PdfFile) {
  const etag = `"${file.etag}"`;
  reply.header("etag", etag).header("cache-control", SPEC_SHEET_CACHE).header("x-content-type-options", "nosniff");
  if (matches(request.headers["if-none-match"], etag)) return reply.code(304).send();
  let bytes: Buffer;
  try {
    bytes = await file.bytes();
  } catch (error) {
    if (!(error instanceof BusyError)) throw error;
    const retry = String(UNAVAILABLE_RETRY_AFTER_SECONDS);
    throw new HttpError(503, { code: "spec_sheet.busy" }, { headers: { "retry-after": retry } });
  }
  return reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `inline; filename="${file.fileName}"`)
    .header("content-security-policy", "sandbox")
    .send(bytes);
}

/**
 * `GET /product/:slug/spec-sheet.pdf` (a public product's sheet) and `GET /catalogue.pdf` (every public product), in
 * French or with `?lang=en` in English (decision 0126). Rate limited per address; made once per content and kept.
 */
export const specSheetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { specSheets } = app.services;
  app.get(
    "/product/:slug/spec-sheet.pdf",
    {
      schema: { params: z.object({ slug: z.string().max(200) }), querystring: langQuery },
      config: { rateLimit: RATE_LIMITS.specSheets },
    },
    async (request, reply) => {
      const file = await specSheets.sheet(request.params.slug, request.query.lang);
      if (!file) return reply.code(404).header("cache-control", "no-store").send(NOT_FOUND);
      return sendPdf(request, reply, file);
    },
  );
  app.get(
    CATALOGUE_PDF_PATH,
    { schema: { querystring: langQuery }, config: { rateLimit: RATE_LIMITS.specSheets } },
    async (request, reply) => sendPdf(request, reply, await specSheets.catalogue(request.query.lang)),
  );
};
