import { type Partner, type PartnerData, partnerListSchema, partnerSchema } from "@shared/schemas/partner";
import { useQuery } from "@tanstack/react-query";
import { PARTNER_TEXTS } from "~/i18n/admin/texts";
import { api, isEditConflict } from "../api";
import { type Notify, useActiveSwitch, useAdminMutation } from "../mutation";
import { queryKeys } from "../query-keys";

export const usePartners = () =>
  useQuery({ queryKey: queryKeys.partners, queryFn: ({ signal }) => api.get("/partners", partnerListSchema, signal) });

/**
 * Creates or updates (with the version the form loaded) a partner. docs/product.md, "Partenaires": the screen's alerts say only
 * "Failed to save partner" (details logged); a version conflict is shown by the form instead.
 */
export function useSavePartner(notify: Notify, onSaved: () => void) {
  return useAdminMutation({
    mutationFn: ({ data, partner }: { data: PartnerData; partner: Partner | null }) =>
      partner ? api.put(`/partners/${partner._id}`, data, partnerSchema) : api.post("/partners", data, partnerSchema),
    invalidates: [queryKeys.partners],
    success: (_saved, { partner }) => (partner ? PARTNER_TEXTS.updated : PARTNER_TEXTS.created),
    error: (error) => (isEditConflict(error) ? null : PARTNER_TEXTS.saveError),
    notify,
    onSuccess: onSaved,
  });
}

/** The list's active switch (`PATCH { isActive }`, optimistic); a refusal is the screen's save alert. */
export const useSetPartnerActive = (notify: Notify) =>
  useActiveSwitch("/partners", partnerSchema, queryKeys.partners, {
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
