import { z } from "zod";

/** `POST /api/upload/image` (201): the re-encoded image's public URL, e.g. `/uploads/algues/<hash>.jpg`, and its size. */
export const uploadedImageSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });
export type UploadedImage = z.output<typeof uploadedImageSchema>;
