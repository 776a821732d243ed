import { type Settings, type SettingsPayload, settingsSchema } from "@shared/schemas/settings";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTexts } from "~/i18n/screen-lang";
import { api, errorMessage, isEditConflict } from "~/lib/admin/api";
import { useAdminMutation } from "~/lib/admin/mutation";
import { queryKeys } from "~/lib/admin/query-keys";
import { SETTINGS_TEXTS } from "./texts";

/** The stored site settings (an admin's read: never the public cache); `enabled: false` for a role that may not read them. */
export const useSettings = (enabled = true) =>
  useQuery({ queryKey: queryKeys.settings, queryFn: ({ signal }) => api.get("/settings", settingsSchema, signal), enabled });

/**
 * `PUT /api/settings` with the version the form loaded; a version conflict is shown by the form, not toasted.
 * `onSaved` gets the stored settings (with their new version) for the form to continue from.
 */
export function useSaveSettings(onSaved: (saved: Settings) => void) {
  const t = useTexts(SETTINGS_TEXTS);
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: (data: SettingsPayload) => api.put("/settings", data, settingsSchema),
    // Not read again after a save: the answer is the stored settings, and a refused save must keep what was typed.
    invalidates: [],
    success: t("success"),
    error: (error) => (isEditConflict(error) ? null : t("saveError", { detail: errorMessage(error, t("unknownError"), "fr") })),
    onSuccess: (saved) => {
      client.setQueryData<Settings>(queryKeys.settings, saved);
      onSaved(saved);
    },
  });
}
