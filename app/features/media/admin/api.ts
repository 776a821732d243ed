import { type MediaPatch, mediaDetailSchema, mediaReplacedSchema, mediaSchema } from "@shared/schemas/media";
import { useQuery } from "@tanstack/react-query";
import { useTexts } from "~/i18n/screen-lang";
import { api, apiErrorOf, isEditConflict } from "~/lib/admin/api";
import { useAdminMutation } from "~/lib/admin/mutation";
import { mediaKeys } from "~/lib/admin/query-keys";
import { storedToken } from "~/lib/admin/session";
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
