import { type Partner, type PartnerData, partnerSchema } from "@shared/schemas/partner";
import { useTexts } from "~/i18n/screen-lang";
import { api, isEditConflict } from "~/lib/admin/api";
import { type Notify, useAdminMutation, usePagedRowsPatch } from "~/lib/admin/mutation";
import { usePagedList } from "~/lib/admin/paged";
import { queryKeys } from "~/lib/admin/query-keys";
import { PARTNER_TEXTS } from "./texts";

/** The admin list, page after page in display order (decision 0092); "Load more" reads the next one. */
export const usePartners = () => usePagedList(queryKeys.partners, "/partners", partnerSchema);

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

/**
 * The list's active switch: `PATCH /partners/:id { isActive }` (nothing else is sent), shown at once in the loaded
 * pages and undone when the server refuses; a refusal is the screen's save alert.
 */
export function useSetPartnerActive(notify: Notify) {
  const t = useTexts(PARTNER_TEXTS);
  const rows = usePagedRowsPatch<Partner>(queryKeys.partners);
  return useAdminMutation({
    mutationFn: ({ item, isActive }: { item: Partner; isActive: boolean }) =>
      api.patch(`/partners/${item._id}`, { isActive }, partnerSchema),
    invalidates: [queryKeys.partners],
    error: () => t("saveError"),
    notify,
    optimistic: {
      apply: ({ item, isActive }) => rows.apply((row) => (row._id === item._id ? { ...row, isActive } : row)),
      rollback: rows.rollback,
    },
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
