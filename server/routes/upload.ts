import { DEFAULT_UPLOAD_FOLDER, UPLOAD_FOLDERS, type UploadFolder } from "@shared/limits";
import { uploadedImageSchema } from "@shared/schemas/upload";
import { msg } from "@shared/validation-messages";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { UPLOAD_MAX_MB } from "../lib/error-texts";
import { badRequest, HttpError } from "../lib/http-error";
import { storageFailure } from "../lib/unavailable";
import { recorded } from "../plugins/security-log";
import type { StoredImage } from "../services/storage/types";

const tooLarge = () => new HttpError(413, { code: "upload.too_large", params: { maxMb: UPLOAD_MAX_MB } });
const noFile = () => badRequest({ code: "upload.no_file" });

const uploadQuery = z.object({
  folder: z.enum(UPLOAD_FOLDERS, { error: msg("upload.folder") }).default(DEFAULT_UPLOAD_FOLDER),
});

/** Reads the multipart field `image` (at most LIMITS.uploadMaxBytes): its bytes and the file name it was sent with. */
export async function readUploadedImage(app: FastifyInstance, request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
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
  return { bytes, fileName: file.filename };
}

/** Checks, re-encodes and stores the bytes (storage failures answered with their code); the image is wanted again. */
export async function storeUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  bytes: Buffer,
  folder: UploadFolder,
): Promise<StoredImage> {
  const { storage, images } = app.services;
  try {
    const image = await storage.saveImage(bytes, folder);
    // Content-hashed: this may be an image the sweep was about to delete; it is wanted again.
    await images.unmark(image.url);
    return image;
  } catch (error) {
    const failure = storageFailure(error);
    if (!failure) throw error;
    request.log.error({ err: error }, "upload: storage failed");
    throw new HttpError(failure.status, { code: failure.code });
  }
}

/**
 * Admin image upload: multipart field `image`, at most LIMITS.uploadMaxBytes, checked and re-encoded by the storage.
 * The image is in the media library from then on (its file name kept for the search).
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/upload/image",
    { schema: { querystring: uploadQuery, response: { 201: uploadedImageSchema } }, config: recorded("image", "create") },
    async (request, reply) => {
      const upload = await readUploadedImage(app, request);
      const image = await storeUpload(app, request, upload.bytes, request.query.folder);
      await app.services.media.uploaded(image, upload.bytes.length, upload.fileName);
      return reply.code(201).send(image);
    },
  );
};
