import { type AdminAccount, type AdminSession, adminSessionListSchema, endedSessionsSchema } from "@shared/schemas/admin-security";
import { useQuery } from "@tanstack/react-query";
import { useTexts } from "~/i18n/screen-lang";
import { api } from "~/lib/admin/api";
import { useAdminMutation } from "~/lib/admin/mutation";
import { securityKeys } from "~/lib/admin/query-keys";
import { ADMINISTRATORS_TEXTS } from "./texts";

/** The signed-in account's sessions, most recently active first; `current` is this browser's. */
export const useMySessions = () =>
  useQuery({ queryKey: securityKeys.sessions, queryFn: ({ signal }) => api.get("/auth/sessions", adminSessionListSchema, signal) });

export function useEndSession(onSuccess?: () => void) {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  return useAdminMutation({
    mutationFn: (session: AdminSession) => api.delete(`/auth/sessions/${session._id}`),
    invalidates: [securityKeys.sessions, securityKeys.historyAll],
    success: t("sessions.ended"),
    error: t("sessions.endFailed"),
    onSuccess,
  });
}

export function useEndOtherSessions() {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  return useAdminMutation({
    mutationFn: () => api.post("/auth/sessions/end-others", undefined, endedSessionsSchema),
    invalidates: [securityKeys.sessions, securityKeys.historyAll],
    success: ({ ended }) => (ended === 0 ? t("sessions.noOthersEnded") : t("sessions.othersEnded", { count: ended })),
    error: t("sessions.endOthersFailed"),
  });
}

/** Ends every session of another administrator (the Administrateurs screen). */
export function useEndAdminSessions() {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  return useAdminMutation({
    mutationFn: (admin: AdminAccount) => api.delete(`/users/${admin._id}/sessions`),
    invalidates: [securityKeys.historyAll],
    success: (_data, admin) => t("users.sessionsEnded", { email: admin.email }),
    error: t("users.endSessionsFailed"),
  });
}
