import { parseUploadUrl } from "@shared/images";
import { DEFAULT_UPLOAD_FOLDER, UPLOAD_FOLDERS } from "@shared/limits";
import { noContentSchema } from "@shared/schemas/common";
import {
  mediaDetailSchema,
  mediaListSchema,
  mediaParams,
  mediaPatchSchema,
  mediaQuerySchema,
  mediaReplacedSchema,
  mediaSchema,
} from "@shared/schemas/media";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendPage } from "../lib/keyset";
import { recorded, setHistoryLabel } from "../plugins/security-log";
import { readUploadedImage, storeUpload } from "./upload";

/**
 * The media library (`/admin/media`, docs/decisions/0105-media-library.md): every stored image once, searched and
 * filtered to the unused ones; alt texts, decorative mark and focal point; where each is used; deleted only when unused;
 * a file replaced everywhere at once. Admin-only; paged (decision 0092).
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { media, storage } = app.services;

  app.get("/media", { schema: { querystring: mediaQuerySchema, response: { 200: mediaListSchema } } }, async (request, reply) =>
    sendPage(request, reply, await media.list(request.query)),
  );

  app.get("/media/:id", { schema: { params: mediaParams, response: { 200: mediaDetailSchema } } }, async (request) =>
    media.get(request.params.id),
  );

  app.patch(
    "/media/:id",
    { schema: { params: mediaParams, body: mediaPatchSchema, response: { 200: mediaSchema } }, config: recorded("media", "update") },
    async (request) => {
      const updated = await media.update(request.params.id, request.body);
      setHistoryLabel(request, updated.fileName || updated.url);
      return updated;
    },
  );

  app.delete(
    "/media/:id",
    { schema: { params: mediaParams, response: { 204: noContentSchema } }, config: recorded("media", "delete") },
    async (request, reply) => {
      const removed = await media.remove(request.params.id);
      // The row is gone and nothing names the image: its original and every variant go (the sweep's own call).
      await storage.deleteImage(removed.url);
      setHistoryLabel(request, removed.fileName || removed.url);
      return reply.code(204).send();
    },
  );

  app.post(
    "/media/:id/replace",
    { schema: { params: mediaParams, response: { 201: mediaReplacedSchema } }, config: recorded("media", "update") },
    async (request, reply) => {
      const old = await media.get(request.params.id);
      const upload = await readUploadedImage(app, request);
      // The new file goes in the old one's folder when that is an upload folder.
      const oldFolder = parseUploadUrl(old.url)?.folder;
      const folder = UPLOAD_FOLDERS.find((f) => f === oldFolder) ?? DEFAULT_UPLOAD_FOLDER;
      const image = await storeUpload(app, request, upload.bytes, folder);
      const replaced = await media.replace(request.params.id, image, upload.bytes.length, upload.fileName);
      setHistoryLabel(request, replaced.media.fileName || replaced.media.url);
      return reply.code(201).send(replaced);
    },
  );
};
