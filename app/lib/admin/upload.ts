import type { Lang } from "@shared/company";
import { DEFAULT_UPLOAD_FOLDER, LIMITS, UPLOAD_PROGRESS, type UploadFolder } from "@shared/limits";
import { type UploadedImage, uploadedImageSchema } from "@shared/schemas/upload";
import { UPLOAD_MAX_MB, UPLOAD_MESSAGES } from "~/i18n/admin/texts";
import { type TextKey, type TextParams, translate } from "~/i18n/texts";
import { apiErrorOf, errorMessage } from "./api";
import { signOut, storedToken } from "./session";

export type { UploadedImage };

/** An upload that failed for a reason shown to the admin (wording in docs/product.md, "Images in forms"). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly cancelled = false,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

/**
 * The language of the upload field's own messages: English on every screen, as the specification words them ("Please
 * select an image file"…; docs/product.md, "Languages"). Their French texts are ready beside them; the server's
 * refusals are said in the screen's language.
 */
export const UPLOAD_MESSAGES_LANG: Lang = "en";

/** A message of the upload field. */
export const uploadText = (key: TextKey<typeof UPLOAD_MESSAGES>, params?: TextParams): string =>
  translate(UPLOAD_MESSAGES, UPLOAD_MESSAGES_LANG, key, params);

/**
 * docs/product.md, "Images in forms": the checks made before anything is sent. Returns the message to show, or null.
 */
export function checkImageFile(file: File, token: string | null): string | null {
  if (!file.type.startsWith("image/")) return uploadText("notAnImage");
  if (file.size > LIMITS.uploadMaxBytes) return uploadText("tooLarge", { maxMb: UPLOAD_MAX_MB });
  if (!token) return uploadText("noToken");
  return null;
}

/** Maps the bytes sent to the 20-80 band of the progress bar (docs/product.md, "Images in forms"). */
export function sendProgress(loaded: number, total: number): number {
  if (total <= 0) return UPLOAD_PROGRESS.sendFrom;
  const share = Math.min(1, Math.max(0, loaded / total));
  return Math.round(UPLOAD_PROGRESS.sendFrom + share * (UPLOAD_PROGRESS.sendTo - UPLOAD_PROGRESS.sendFrom));
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Sends one image with XMLHttpRequest (fetch has no upload progress): progress 5 when it starts,
 * 20 to 80 while the body is sent, 90 when the answer arrives, 100 once the answer is read.
 */
export function uploadImage(
  file: File,
  /** `lang`: the language of the screen, for the server's refusals (from their code). */
  options: { folder?: UploadFolder; lang?: Lang; onProgress: (percent: number) => void },
): { promise: Promise<UploadedImage>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const lang = options.lang ?? "fr";
  const promise = new Promise<UploadedImage>((resolve, reject) => {
    const token = storedToken();
    const problem = checkImageFile(file, token);
    if (problem) {
      reject(new UploadError(problem));
      return;
    }
    options.onProgress(UPLOAD_PROGRESS.start);
    const form = new FormData();
    form.append("image", file);
    xhr.open("POST", `/api/upload/image?folder=${encodeURIComponent(options.folder ?? DEFAULT_UPLOAD_FOLDER)}`);
    xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.addEventListener("loadstart", () => options.onProgress(UPLOAD_PROGRESS.sendFrom));
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) options.onProgress(sendProgress(event.loaded, event.total));
    });
    xhr.addEventListener("load", () => {
      options.onProgress(UPLOAD_PROGRESS.response);
      const parsed = parseJson(xhr.responseText);
      if (xhr.status === 401) signOut();
      if (xhr.status < 200 || xhr.status >= 300) {
        const refusal = apiErrorOf(xhr.status, parsed.ok ? parsed.value : undefined);
        reject(new UploadError(errorMessage(refusal, uploadText("failedWithStatus", { status: xhr.status }), lang)));
        return;
      }
      if (!parsed.ok) {
        reject(new UploadError(uploadText("invalidResponse")));
        return;
      }
      const image = uploadedImageSchema.safeParse(parsed.value);
      if (!image.success || !image.data.url) {
        reject(new UploadError(uploadText("failed")));
        return;
      }
      options.onProgress(UPLOAD_PROGRESS.done);
      resolve(image.data);
    });
    xhr.addEventListener("error", () => reject(new UploadError(uploadText("network"))));
    xhr.addEventListener("abort", () => reject(new UploadError(uploadText("cancelled"), true)));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
