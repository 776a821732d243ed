import { DEFAULT_UPLOAD_FOLDER, LIMITS, UPLOAD_FOLDERS } from "@shared/limits";
import { uploadedImageSchema } from "@shared/schemas/upload";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, HttpError } from "../lib/http-error";
import { storageFailure } from "../lib/unavailable";
import { recorded } from "../plugins/security-log";

const MAX_MB = LIMITS.uploadMaxBytes / (1024 * 1024);
const TOO_LARGE = `L'image doit faire moins de ${MAX_MB} Mo / Image size must be less than ${MAX_MB}MB`;
const NO_FILE = "Aucune image reçue (champ « image ») / No image received (field 'image')";

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
      if (!request.isMultipart()) throw badRequest(NO_FILE);
      const file = await request.file();
      if (file?.fieldname !== "image") throw badRequest(NO_FILE);
      let bytes: Buffer;
      try {
        // Multipart stops reading at the size limit (registered in app.ts) and throws: never more is buffered.
        bytes = await file.toBuffer();
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw new HttpError(413, TOO_LARGE);
        throw error;
      }
      if (file.file.truncated) throw new HttpError(413, TOO_LARGE);
      if (bytes.length === 0) throw badRequest(NO_FILE);
      try {
        const image = await storage.saveImage(bytes, request.query.folder);
        // Content-hashed: this may be an image the sweep was about to delete; it is wanted again.
        await images.unmark(image.url);
        return reply.code(201).send(image);
      } catch (error) {
        const failure = storageFailure(error);
        if (!failure) throw error;
        request.log.error({ err: error }, "upload: storage failed");
        throw new HttpError(failure.status, failure.message);
      }
    },
  );
};
