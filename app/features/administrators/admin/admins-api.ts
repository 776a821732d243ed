import { LIMITS } from "@shared/limits";
import { ROLE_LABELS, type Role } from "@shared/roles";
import {
  type AdminAccount,
  adminAccountSchema,
  adminListSchema,
  type ChangeEmailInput,
  type CreateAdminInput,
  type CreateAdminResponse,
  createAdminResponseSchema,
  type PendingInvitation,
  pendingInvitationSchema,
  type TotpEnableInput,
  totpEnableResponseSchema,
  totpSetupSchema,
  totpStatusSchema,
} from "@shared/schemas/admin-security";
import { meSchema, userAnswerSchema } from "@shared/schemas/auth";
import { noContentSchema } from "@shared/schemas/common";
import { historyEntrySchema } from "@shared/schemas/history";
import { type Signature, signatureSchema } from "@shared/schemas/signature";
import { useQuery } from "@tanstack/react-query";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { api } from "~/lib/admin/api";
import { useAdminMutation } from "~/lib/admin/mutation";
import { usePagedList } from "~/lib/admin/paged";
import { securityKeys } from "~/lib/admin/query-keys";
import { refreshUser } from "~/lib/admin/session";
import { ADMINISTRATORS_TEXTS } from "./texts";

/** The administrators, oldest first, page after page (decision 0092); under `securityKeys.users`, so writes refresh it. */
export const useAdmins = () => usePagedList([...securityKeys.users, "accounts"], "/users", adminAccountSchema);

/** The pending invitations, oldest first, page after page. */
export const useInvitations = () => usePagedList([...securityKeys.users, "invitations"], "/users/invitations", pendingInvitationSchema);

/**
 * The administrators a filter offers (the history's): one page of the most the API gives. A site has a handful of
 * administrators; past `LIMITS.pageMax` the filter would miss the newest ones.
 */
export const useAdminChoices = (enabled = true) =>
  useQuery({
    queryKey: [...securityKeys.users, "choices"],
    queryFn: ({ signal }) => api.get(`/users?limit=${LIMITS.pageMax}`, adminListSchema, signal),
    enabled,
  });

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

/**
 * `PUT /api/users/:id/role`: gives an account another role. The server refuses to leave no administrator (409
 * `admin.cannot_demote_last`, said by the error toast). One's own change is applied to this back office at once.
 */
export function useChangeRole(myId: string | undefined) {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  const lang = useScreenLang();
  return useAdminMutation({
    mutationFn: ({ admin, role }: { admin: AdminAccount; role: Role }) => api.put(`/users/${admin._id}/role`, { role }, adminAccountSchema),
    invalidates: [securityKeys.users, securityKeys.historyAll],
    success: (updated) => t("users.roleChanged", { email: updated.email, role: ROLE_LABELS[updated.role][lang] }),
    error: t("users.roleChangeFailed"),
    onSuccess: async (updated) => {
      if (updated._id === myId) await refreshUser();
    },
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

/** The history, newest first, page after page (decision 0092); the filters are kept in each page's `Link`. */
export function useHistory(filters: { userId: string; type: string; role: string }) {
  const params = new URLSearchParams();
  if (filters.userId) params.set("userId", filters.userId);
  if (filters.type) params.set("type", filters.type);
  if (filters.role) params.set("role", filters.role);
  const query = params.toString();
  return usePagedList(securityKeys.history(filters), `/history${query ? `?${query}` : ""}`, historyEntrySchema);
}

/** The signature of one's replies to buyers (Mon compte, decision 0115). */
const signatureKey = ["admin", "signature"] as const;

export const useSignature = () =>
  useQuery({
    queryKey: signatureKey,
    queryFn: ({ signal }) => api.get("/auth/signature", signatureSchema, signal),
  });

export function useSaveSignature() {
  const t = useTexts(ADMINISTRATORS_TEXTS);
  return useAdminMutation({
    mutationFn: (signature: Signature) => api.put("/auth/signature", signature, signatureSchema),
    invalidates: [signatureKey, securityKeys.historyAll],
    success: t("signature.saved"),
    error: t("signature.failed"),
  });
}
