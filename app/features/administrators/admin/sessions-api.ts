import type { AdminAccount, AdminSession, EndedSessions } from "@shared/schemas/admin-security";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/admin/api";
import { useAdminMutation } from "~/lib/admin/mutation";
import { securityKeys } from "~/lib/admin/query-keys";
import { SESSIONS_TEXTS, USERS_TEXTS } from "./texts";

/** The signed-in account's sessions, most recently active first; `current` is this browser's. */
export const useMySessions = () =>
  useQuery({ queryKey: securityKeys.sessions, queryFn: ({ signal }) => api.get<AdminSession[]>("/auth/sessions", signal) });

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
    mutationFn: () => api.post<EndedSessions>("/auth/sessions/end-others"),
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
