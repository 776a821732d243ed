import {
  type AdminAccount,
  adminListSchema,
  type ChangeEmailInput,
  type CreateAdminInput,
  type CreateAdminResponse,
  createAdminResponseSchema,
  historyPageSchema,
  type PendingInvitation,
  type TotpEnableInput,
  totpEnableResponseSchema,
  totpSetupSchema,
  totpStatusSchema,
} from "@shared/schemas/admin-security";
import { meSchema, userAnswerSchema } from "@shared/schemas/auth";
import { noContentSchema } from "@shared/schemas/common";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useTexts } from "~/i18n/screen-lang";
import { api } from "~/lib/admin/api";
import { useAdminMutation } from "~/lib/admin/mutation";
import { securityKeys } from "~/lib/admin/query-keys";
import { ADMINISTRATORS_TEXTS } from "./texts";

export const useAdmins = () =>
  useQuery({ queryKey: securityKeys.users, queryFn: ({ signal }) => api.get("/users", adminListSchema, signal) });

export const useMe = () =>
  useQuery({
    queryKey: securityKeys.me,
    queryFn: ({ signal }) => api.get("/auth/me", meSchema, signal),
  });

export function useAddAdmin(onSuccess: (created: CreateAdminResponse) => void) {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  return useAdminMutation({
    mutationFn: (input: CreateAdminInput) => api.post("/users", input, createAdminResponseSchema),
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
  useQuery({ queryKey: securityKeys.totp, queryFn: ({ signal }) => api.get("/auth/totp", totpStatusSchema, signal) });

export const totpApi = {
  setup: () => api.post("/auth/totp/setup", undefined, totpSetupSchema),
  enable: (input: TotpEnableInput) => api.post("/auth/totp/enable", input, totpEnableResponseSchema),
  disable: (password: string) => api.post("/auth/totp/disable", { password }, noContentSchema),
  newRecoveryCodes: (password: string) => api.post("/auth/totp/recovery-codes", { password }, totpEnableResponseSchema),
};

/** Changes the signed-in admin's e-mail (the password is asked again); the stored user follows. */
export const changeEmail = (input: ChangeEmailInput) => api.post("/auth/email", input, userAnswerSchema);

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
      return api.get(`/history${query ? `?${query}` : ""}`, historyPageSchema, signal);
    },
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}
