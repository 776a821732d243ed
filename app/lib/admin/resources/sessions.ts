import { type AdminAccount, type AdminSession, adminSessionListSchema, endedSessionsSchema } from "@shared/schemas/admin-security";
import { useQuery } from "@tanstack/react-query";
import { SESSIONS_TEXTS, USERS_TEXTS } from "~/i18n/admin/security";
import { api } from "../api";
import { useAdminMutation } from "../mutation";
import { securityKeys } from "../query-keys";

/** The signed-in account's sessions, most recently active first; `current` is this browser's. */
export const useMySessions = () =>
  useQuery({ queryKey: securityKeys.sessions, queryFn: ({ signal }) => api.get("/auth/sessions", adminSessionListSchema, signal) });

export const useEndSession = (onSuccess?: () => void) =>
  useAdminMutation({
    mutationFn: (session: AdminSession) => api.delete(`/auth/sessions/${session._id}`),
    invalidates: [securityKeys.sessions, securityKeys.historyAll],
    success: SESSIONS_TEXTS.ended,
    error: SESSIONS_TEXTS.endFailed,
    onSuccess,
  });

export const useEndOtherSessions = () =>
  useAdminMutation({
    mutationFn: () => api.post("/auth/sessions/end-others", undefined, endedSessionsSchema),
    invalidates: [securityKeys.sessions, securityKeys.historyAll],
    success: (data) => SESSIONS_TEXTS.othersEnded(data.ended),
    error: SESSIONS_TEXTS.endOthersFailed,
  });

/** Ends every session of another administrator (the Administrateurs screen). */
export const useEndAdminSessions = () =>
  useAdminMutation({
    mutationFn: (admin: AdminAccount) => api.delete(`/users/${admin._id}/sessions`),
    invalidates: [securityKeys.historyAll],
    success: (_data, admin) => USERS_TEXTS.sessionsEnded(admin.email),
    error: USERS_TEXTS.endSessionsFailed,
  });
