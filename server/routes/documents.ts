import {
  DOCUMENT_FILE_FIELD,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_MB,
  documentFieldsSchema,
  documentOrderSchema,
  documentPatchSchema,
  productDocumentListSchema,
  productDocumentSchema,
} from "@shared/documents";
import { idSchema } from "@shared/schemas/common";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, errorBody, HttpError, invalidField } from "../lib/http-error";
import { RATE_LIMITS } from "../lib/rate-limits";
import { storageFailure } from "../lib/unavailable";
import { recorded, setHistoryLabel } from "../plugins/security-log";
import { audienceHeadersOf, countsInAudience } from "../services/analytics-audience";

const productParams = z.object({ id: idSchema });
const documentParams = z.object({ id: idSchema, docId: idSchema });
const tooLarge = () => new HttpError(413, { code: "document.too_large", params: { maxMb: DOCUMENT_MAX_MB } });
const noFile = () => badRequest({ code: "document.no_file" });

/**
 * Reads `POST /api/products/:id/documents`: the multipart file `file` (at most DOCUMENT_MAX_BYTES: multipart stops
 * reading there, so never more is buffered) and the text fields, in any order.
 */
async function readDocumentUpload(app: FastifyInstance, request: FastifyRequest) {
  if (!request.isMultipart()) throw noFile();
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 12, fieldSize: 1024 } })) {
      if (part.type === "file") {
        if (part.fieldname !== DOCUMENT_FILE_FIELD) {
          part.file.resume();
          continue;
        }
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        file = { bytes, fileName: part.filename };
      } else if (typeof part.value === "string") fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
    throw error;
  }
  if (!file || file.bytes.length === 0) throw noFile();
  const parsed = documentFieldsSchema.safeParse({ ...fields, documentDate: fields.documentDate || null });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw issue ? invalidField(issue.path.join("."), issue.message) : badRequest({ code: "validation" });
  }
  return { ...file, fields: parsed.data };
}

/** Admin API of a product's documents (decision 0109): list, upload, edit, reorder, delete; every write in the history. */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { documents } = app.services;

  app.get("/products/:id/documents", { schema: { params: productParams, response: { 200: productDocumentListSchema } } }, async (request) =>
    documents.list(request.params.id),
  );

  app.post(
    "/products/:id/documents",
    { schema: { params: productParams, response: { 201: productDocumentSchema } }, config: recorded("document", "create") },
    async (request, reply) => {
      const upload = await readDocumentUpload(app, request);
      try {
        const document = await documents.create(request.params.id, upload.bytes, upload.fileName, upload.fields);
        setHistoryLabel(request, `${document.kind} ${document.fileName}`);
        return reply.code(201).send(document);
      } catch (error) {
        const failure = storageFailure(error);
        if (!failure) throw error;
        request.log.error({ err: error }, "document upload: storage failed");
        throw new HttpError(failure.status, { code: failure.code });
      }
    },
  );

  app.put(
    "/products/:id/documents/order",
    {
      schema: { params: productParams, body: documentOrderSchema, response: { 200: productDocumentListSchema } },
      config: recorded("document", "reorder"),
    },
    async (request) => documents.reorder(request.params.id, request.body.ids),
  );

  app.patch(
    "/products/:id/documents/:docId",
    {
      schema: { params: documentParams, body: documentPatchSchema, response: { 200: productDocumentSchema } },
      config: recorded("document", "update"),
    },
    async (request) => {
      const document = await documents.update(request.params.id, request.params.docId, request.body);
      setHistoryLabel(request, `${document.kind} ${document.fileName}`);
      return document;
    },
  );

  app.delete(
    "/products/:id/documents/:docId",
    { schema: { params: documentParams, response: { 204: z.null() } }, config: recorded("document", "delete") },
    async (request, reply) => {
      const document = await documents.remove(request.params.id, request.params.docId);
      setHistoryLabel(request, `${document.kind} ${document.fileName}`);
      return reply.code(204).send(null);
    },
  );
};

const NOT_FOUND = errorBody({ code: "not_found", params: { item: "document" } });

/**
 * A public document can be withdrawn (made on request, its product switched off or unpublished): shared caches keep it
 * 5 minutes at most, the horizon of a cached product page still listing it, then ask again (decision 0109). Never
 * immutable, though the hash is in the address.
 */
export const DOCUMENT_CACHE_SECONDS = 300;
const DOCUMENT_CACHE = `public, max-age=${DOCUMENT_CACHE_SECONDS}, must-revalidate`;

/** RFC 9110 13.1.2: `If-None-Match` is `*` or lists this entity tag (weak comparison). */
function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
  });
}

/** RFC 6266 / 5987: an ASCII fallback and the UTF-8 name (our names are ASCII already; kept safe for any). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * `GET /documents/<sha-256>/<name>.pdf`: a public document of a publicly visible product, as an attachment, sandboxed
 * and never sniffed; cached briefly and revalidated by its hash as entity tag, so a withdrawn one answers 404 within
 * `DOCUMENT_CACHE_SECONDS` and a cache that still holds it is answered 304 without the bytes. Each GET by a browser
 * (not HEAD, not a Range request, and counted by the audience rule: no robot, no prefetch) adds one to the document's count of the day.
 */
export const publicDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/documents/:hash/:name",
    {
      schema: { params: z.object({ hash: z.string().max(64), name: z.string().max(200) }) },
      config: { rateLimit: RATE_LIMITS.documents },
    },
    async (request, reply) => {
      const { hash, name } = request.params;
      const file = await app.services.documents.openPublic(hash, name);
      if (!file) return reply.code(404).header("cache-control", "no-store").send(NOT_FOUND);
      const etag = `"${hash}"`;
      reply.header("etag", etag).header("cache-control", DOCUMENT_CACHE);
      if (request.method === "GET" && !request.headers.range && countsInAudience(audienceHeadersOf(request.headers)))
        await app.services.documents.countDownload(file.documentId, file.productId).catch((error: unknown) => {
          request.log.error({ err: error }, "document download: count failed");
        });
      if (matchesEntityTag(request.headers["if-none-match"], etag)) {
        file.stream.destroy();
        return reply.code(304).send();
      }
      reply
        .header("content-type", "application/pdf")
        .header("content-disposition", contentDisposition(file.fileName))
        .header("content-length", String(file.size))
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "sandbox")
        .header("accept-ranges", "none");
      if (request.method === "HEAD") {
        file.stream.destroy();
        return reply.send();
      }
      return reply.send(file.stream);
    },
  );
};
