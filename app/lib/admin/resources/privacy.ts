import { type PrivacyEraseInput, type PrivacyExportFormat, privacyEraseResultSchema, privacySummarySchema } from "@shared/schemas/privacy";
import { useQuery } from "@tanstack/react-query";
import { PRIVACY_TEXTS } from "~/i18n/admin/privacy";
import { api } from "../api";
import { downloadFile, queryString } from "../download";
import { useAdminMutation } from "../mutation";
import { privacyKeys, queryKeys, securityKeys } from "../query-keys";

/** What is stored about `email` (nothing asked while it is empty), one page of its messages at a time. */
export const usePrivacySummary = (email: string, page: number) =>
  useQuery({
    queryKey: privacyKeys.summary(email, page),
    queryFn: ({ signal }) => api.get(`/privacy/summary${queryString({ email, page })}`, privacySummarySchema, signal),
    enabled: email !== "",
    // Another page of the same address keeps the current one on screen while it loads; another address does not.
    placeholderData: (previous) => (previous?.email === email ? previous : undefined),
  });

export const useExportPersonalData = () =>
  useAdminMutation({
    mutationFn: ({ email, format }: { email: string; format: PrivacyExportFormat }) =>
      downloadFile(`/privacy/export${queryString({ email, format })}`, `donnees-personnelles.${format}`),
    invalidates: [],
    success: PRIVACY_TEXTS.exportDone,
    error: PRIVACY_TEXTS.exportError,
  });

/** Erases the address (`confirm`: as the admin typed it again, checked by the server too); the inbox, the dashboard and the history are read again (they showed what is gone). */
export const useErasePersonalData = (onSuccess: () => void) =>
  useAdminMutation({
    mutationFn: (input: PrivacyEraseInput) => api.post("/privacy/erase", input, privacyEraseResultSchema),
    invalidates: [privacyKeys.all, queryKeys.submissions, queryKeys.summary, queryKeys.stats, securityKeys.historyAll],
    success: (result) => PRIVACY_TEXTS.erased(result.erased.messages),
    error: PRIVACY_TEXTS.eraseError,
    onSuccess,
  });
