import type {
  AdminAccount,
  AdminList,
  ChangeEmailInput,
  CreateAdminInput,
  CreateAdminResponse,
  HistoryPage,
  PendingInvitation,
  TotpEnableInput,
  TotpEnableResponse,
  TotpSetup,
  TotpStatus,
} from "@shared/schemas/admin-security";
import type { User } from "@shared/schemas/auth";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useTexts } from "~/i18n/screen-lang";
import { api } from "~/lib/admin/api";
import { useAdminMutation } from "~/lib/admin/mutation";
import { securityKeys } from "~/lib/admin/query-keys";
import { ADMINISTRATORS_TEXTS } from "./texts";

export const useAdmins = () => useQuery({ queryKey: securityKeys.users, queryFn: ({ signal }) => api.get<AdminList>("/users", signal) });

export const useMe = () =>
  useQuery({
    queryKey: securityKeys.me,
    queryFn: ({ signal }) => api.get<{ user: User; mustChangePassword?: true }>("/auth/me", signal),
  });

export function useAddAdmin(onSuccess: (created: CreateAdminResponse) => void) {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  return useAdminMutation({
    mutationFn: (input: CreateAdminInput) => api.post<CreateAdminResponse>("/users", input),
    invalidates: [securityKeys.users, securityKeys.historyAll],
    success: (created) => (created.mode === "password" ? t("users.added") : t("users.invited", { email: created.invitation.email })),
    error: t("users.addFailed"),
    onSuccess,
  });
}

export function useRemoveAdmin() {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  return useAdminMutation({
    mutationFn: (admin: AdminAccount) => api.delete(`/users/${admin._id}`),
    invalidates: [securityKeys.users, securityKeys.historyAll],
    success: t("users.removed"),
    error: t("users.removeFailed"),
  });
}

export function useCancelInvitation() {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  return useAdminMutation({
    mutationFn: (invitation: PendingInvitation) => api.delete(`/users/invitations/${invitation._id}`),
    invalidates: [securityKeys.users, securityKeys.historyAll],
    success: t("users.invitationCancelled"),
    error: t("users.invitationCancelFailed"),
  });
}

export const useTotpStatus = () =>
  useQuery({ queryKey: securityKeys.totp, queryFn: ({ signal }) => api.get<TotpStatus>("/auth/totp", signal) });

export const totpApi = {
  setup: () => api.post<TotpSetup>("/auth/totp/setup"),
  enable: (input: TotpEnableInput) => api.post<TotpEnableResponse>("/auth/totp/enable", input),
  disable: (password: string) => api.post<void>("/auth/totp/disable", { password }),
  newRecoveryCodes: (password: string) => api.post<TotpEnableResponse>("/auth/totp/recovery-codes", { password }),
};

/** Changes the signed-in admin's e-mail (the password is asked again); the stored user follows. */
export const changeEmail = (input: ChangeEmailInput) => api.post<{ user: User }>("/auth/email", input);

/** The history, newest first, one page after another (`before` = the previous page's `nextBefore`). */
export function useHistory(filters: { userId: string; type: string }) {
  return useInfiniteQuery({
    queryKey: securityKeys.history(filters),
    initialPageParam: "",
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (filters.userId) params.set("userId", filters.userId);
      if (filters.type) params.set("type", filters.type);
      if (pageParam) params.set("before", pageParam);
      const query = params.toString();
      return api.get<HistoryPage>(`/history${query ? `?${query}` : ""}`, signal);
    },
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}
