import { DEFAULT_UPLOAD_FOLDER, UPLOAD_FOLDERS } from "@shared/limits";
import { uploadedImageSchema } from "@shared/schemas/upload";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { UPLOAD_MAX_MB } from "../lib/error-texts";
import { badRequest, HttpError } from "../lib/http-error";
import { storageFailure } from "../lib/unavailable";
import { recorded } from "../plugins/security-log";

const tooLarge = () => new HttpError(413, { code: "upload.too_large", params: { maxMb: UPLOAD_MAX_MB } });
const noFile = () => badRequest({ code: "upload.no_file" });

const uploadQuery = z.object({
  folder: z.enum(UPLOAD_FOLDERS, { error: "Dossier d'upload non autorisé / Upload folder not allowed" }).default(DEFAULT_UPLOAD_FOLDER),
});

/** Admin image upload: multipart field `image`, at most LIMITS.uploadMaxBytes, checked and re-encoded by the storage. */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage, images } = app.services;

  app.post(
    "/upload/image",
    { schema: { querystring: uploadQuery, response: { 201: uploadedImageSchema } }, config: recorded("image", "create") },
    async (request, reply) => {
      if (!request.isMultipart()) throw noFile();
      const file = await request.file();
      if (file?.fieldname !== "image") throw noFile();
      let bytes: Buffer;
      try {
        // Multipart stops reading at the size limit (registered in app.ts) and throws: never more is buffered.
        bytes = await file.toBuffer();
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
        throw error;
      }
      if (file.file.truncated) throw tooLarge();
      if (bytes.length === 0) throw noFile();
      try {
        const image = await storage.saveImage(bytes, request.query.folder);
        // Content-hashed: this may be an image the sweep was about to delete; it is wanted again.
        await images.unmark(image.url);
        return reply.code(201).send(image);
      } catch (error) {
        const failure = storageFailure(error);
        if (!failure) throw error;
        request.log.error({ err: error }, "upload: storage failed");
        throw new HttpError(failure.status, { code: failure.code });
      }
    },
  );
};
