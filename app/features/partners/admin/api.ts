import { type Partner, type PartnerData, partnerListSchema, partnerSchema } from "@shared/schemas/partner";
import { useQuery } from "@tanstack/react-query";
import { useTexts } from "~/i18n/screen-lang";
import { api, isEditConflict } from "~/lib/admin/api";
import { type Notify, useActiveSwitch, useAdminMutation } from "~/lib/admin/mutation";
import { queryKeys } from "~/lib/admin/query-keys";
import { PARTNER_TEXTS } from "./texts";

export const usePartners = () =>
  useQuery({ queryKey: queryKeys.partners, queryFn: ({ signal }) => api.get("/partners", partnerListSchema, signal) });

/**
 * Creates or updates (with the version the form loaded) a partner. docs/product.md, "Partenaires": the screen's alerts say only
 * "Failed to save partner" (details logged); a version conflict is shown by the form instead.
 */
export function useSavePartner(notify: Notify, onSaved: () => void) {
  const t = useTexts(PARTNER_TEXTS);
  return useAdminMutation({
    mutationFn: ({ data, partner }: { data: PartnerData; partner: Partner | null }) =>
      partner ? api.put(`/partners/${partner._id}`, data, partnerSchema) : api.post("/partners", data, partnerSchema),
    invalidates: [queryKeys.partners],
    success: (_saved, { partner }) => (partner ? t("updated") : t("created")),
    error: (error) => (isEditConflict(error) ? null : t("saveError")),
    notify,
    onSuccess: onSaved,
  });
}

/** The list's active switch (`PATCH { isActive }`, optimistic); a refusal is the screen's save alert. */
export function useSetPartnerActive(notify: Notify) {
  const t = useTexts(PARTNER_TEXTS);
  return useActiveSwitch("/partners", partnerSchema, queryKeys.partners, {
    invalidates: [queryKeys.partners],
    error: () => t("saveError"),
    notify,
  });
}

export function useDeletePartner(notify: Notify) {
  const t = useTexts(PARTNER_TEXTS);
  return useAdminMutation({
    mutationFn: (partner: Partner) => api.delete(`/partners/${partner._id}`),
    invalidates: [queryKeys.partners],
    success: t("deleted"),
    error: () => t("deleteError"),
    notify,
  });
}
