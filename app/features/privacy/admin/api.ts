import { type PrivacyEraseInput, type PrivacyExportFormat, privacyEraseResultSchema, privacySummarySchema } from "@shared/schemas/privacy";
import { useQuery } from "@tanstack/react-query";
import { useTexts } from "~/i18n/screen-lang";
import { api } from "~/lib/admin/api";
import { downloadFile, queryString } from "~/lib/admin/download";
import { useAdminMutation } from "~/lib/admin/mutation";
import { privacyKeys, queryKeys, securityKeys } from "~/lib/admin/query-keys";
import { PRIVACY_TEXTS } from "./texts";

/** What is stored about `email` (nothing asked while it is empty), one page of its messages at a time. */
export const usePrivacySummary = (email: string, page: number) =>
  useQuery({
    queryKey: privacyKeys.summary(email, page),
    queryFn: ({ signal }) => api.get(`/privacy/summary${queryString({ email, page })}`, privacySummarySchema, signal),
    enabled: email !== "",
    // Another page of the same address keeps the current one on screen while it loads; another address does not.
    placeholderData: (previous) => (previous?.email === email ? previous : undefined),
  });

export function useExportPersonalData() {
  const t = useTexts(PRIVACY_TEXTS);
  return useAdminMutation({
    mutationFn: ({ email, format }: { email: string; format: PrivacyExportFormat }) =>
      downloadFile(`/privacy/export${queryString({ email, format })}`, `donnees-personnelles.${format}`),
    invalidates: [],
    success: t("exportDone"),
    error: t("exportError"),
  });
}

/** Erases the address (`confirm`: as the admin typed it again, checked by the server too); the inbox, the dashboard and the history are read again (they showed what is gone). */
export function useErasePersonalData(onSuccess: () => void) {
  const t = useTexts(PRIVACY_TEXTS);
  return useAdminMutation({
    mutationFn: (input: PrivacyEraseInput) => api.post("/privacy/erase", input, privacyEraseResultSchema),
    invalidates: [privacyKeys.all, queryKeys.submissions, queryKeys.summary, queryKeys.stats, securityKeys.historyAll],
    success: (result) => t("erased", { count: result.erased.messages }),
    error: t("eraseError"),
    onSuccess,
  });
}
