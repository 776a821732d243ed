import { imageHashOf, type MediaPatch, mediaDetailSchema, mediaReplacedSchema, mediaSchema } from "@shared/schemas/media";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTexts } from "~/i18n/screen-lang";
import { api, apiErrorOf, isEditConflict } from "~/lib/admin/api";
import { feedback } from "~/lib/admin/feedback";
import { useAdminMutation } from "~/lib/admin/mutation";
import { mediaKeys } from "~/lib/admin/query-keys";
import { storedToken } from "~/lib/admin/session";
import { uploadImage } from "~/lib/admin/upload";
import { MEDIA_TEXTS } from "./texts";

/** One image with the list of places it is used. */
export const useMediaDetail = (id: string | null) =>
  useQuery({
    queryKey: mediaKeys.detail(id ?? ""),
    queryFn: ({ signal }) => api.get(`/media/${id}`, mediaDetailSchema, signal),
    enabled: id !== null,
  });

export function useSaveMedia() {
  const t = useTexts(MEDIA_TEXTS);
  return useAdminMutation({
    mutationFn: ({ id, patch }: { id: string; patch: MediaPatch }) => api.patch(`/media/${id}`, patch, mediaSchema),
    invalidates: [mediaKeys.all],
    success: t("saved"),
    // An edit conflict is shown by the form (ConflictNotice), not as a toast.
    error: (error) => (isEditConflict(error) ? null : t("saveError")),
  });
}

export function useDeleteMedia(onDeleted: () => void) {
  const t = useTexts(MEDIA_TEXTS);
  return useAdminMutation({
    mutationFn: (id: string) => api.delete(`/media/${id}`),
    invalidates: [mediaKeys.all],
    success: t("deleted"),
    error: t("deleteError"),
    onSuccess: onDeleted,
  });
}

/** Sends a new file for the image `id` (multipart, like an upload): every place showing it shows the new one. */
async function replaceFile(id: string, file: File) {
  const form = new FormData();
  form.append("image", file);
  const response = await fetch(`/api/media/${id}/replace`, {
    method: "POST",
    body: form,
    headers: { Authorization: `Bearer ${storedToken()}`, Accept: "application/json" },
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiErrorOf(response.status, body);
  return mediaReplacedSchema.parse(body);
}

export function useReplaceMedia(onReplaced: (newId: string) => void) {
  const t = useTexts(MEDIA_TEXTS);
  return useAdminMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => replaceFile(id, file),
    invalidates: [mediaKeys.all],
    success: t("replaced"),
    error: t("replaceError"),
    onSuccess: (replaced) => onReplaced(replaced.media._id),
  });
}

/**
 * "Importer des images": the chosen files one after the other through the upload of every image field
 * (`POST /api/upload/image`, its checks and limits), the progress and the outcome in the one feedback; the library is
 * read again after. `onFirst` gets the id of the first image sent.
 */
export function useUploadImages(onFirst: (id: string) => void) {
  const t = useTexts(MEDIA_TEXTS);
  const client = useQueryClient();
  const [pending, setPending] = useState(false);

  async function send(files: File[]) {
    if (files.length === 0) return;
    setPending(true);
    const failures: string[] = [];
    let first: string | null = null;
    for (const [index, file] of files.entries()) {
      // Once per file: a status read out at every percent would drown the screen reader.
      feedback.progress(t("uploading", { index: index + 1, count: files.length, name: file.name }));
      try {
        const image = await uploadImage(file, { onProgress: () => undefined }).promise;
        first ??= imageHashOf(image.url);
      } catch (error) {
        failures.push(`${file.name} : ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    await client.invalidateQueries({ queryKey: mediaKeys.all });
    setPending(false);
    const sent = files.length - failures.length;
    if (failures.length > 0) feedback.error([t("uploadFailed", { count: failures.length }), ...failures].join("\n"));
    else feedback.success(t("uploaded", { count: sent }));
    if (first) onFirst(first);
  }

  return { send, pending };
}
