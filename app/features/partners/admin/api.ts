import type { Partner, PartnerData } from "@shared/schemas/partner";
import { useQuery } from "@tanstack/react-query";
import { PARTNER_TEXTS } from "~/features/partners/admin/texts";
import { api, isEditConflict } from "~/lib/admin/api";
import { type Notify, useActiveSwitch, useAdminMutation } from "~/lib/admin/mutation";
import { queryKeys } from "~/lib/admin/query-keys";

export const usePartners = () =>
  useQuery({ queryKey: queryKeys.partners, queryFn: ({ signal }) => api.get<Partner[]>("/partners", signal) });

/**
 * Creates or updates (with the version the form loaded) a partner. docs/product.md, "Partenaires": the screen's alerts say only
 * "Failed to save partner" (details logged); a version conflict is shown by the form instead.
 */
export function useSavePartner(notify: Notify, onSaved: () => void) {
  return useAdminMutation({
    mutationFn: ({ data, partner }: { data: PartnerData; partner: Partner | null }) =>
      partner ? api.put<Partner>(`/partners/${partner._id}`, data) : api.post<Partner>("/partners", data),
    invalidates: [queryKeys.partners],
    success: (_saved, { partner }) => (partner ? PARTNER_TEXTS.updated : PARTNER_TEXTS.created),
    error: (error) => (isEditConflict(error) ? null : PARTNER_TEXTS.saveError),
    notify,
    onSuccess: onSaved,
  });
}

/** The list's active switch (`PATCH { isActive }`, optimistic); a refusal is the screen's save alert. */
export const useSetPartnerActive = (notify: Notify) =>
  useActiveSwitch<Partner>("/partners", queryKeys.partners, {
    invalidates: [queryKeys.partners],
    error: () => PARTNER_TEXTS.saveError,
    notify,
  });

export function useDeletePartner(notify: Notify) {
  return useAdminMutation({
    mutationFn: (partner: Partner) => api.delete(`/partners/${partner._id}`),
    invalidates: [queryKeys.partners],
    success: PARTNER_TEXTS.deleted,
    error: () => PARTNER_TEXTS.deleteError,
    notify,
  });
}
