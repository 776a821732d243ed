import { type Partner, type PartnerData, partnerSchema } from "@shared/schemas/partner";
import { type InfiniteData, useQueryClient } from "@tanstack/react-query";
import { useTexts } from "~/i18n/screen-lang";
import { type ApiPage, api, isEditConflict } from "~/lib/admin/api";
import { type Notify, useAdminMutation } from "~/lib/admin/mutation";
import { usePagedList } from "~/lib/admin/paged";
import { queryKeys } from "~/lib/admin/query-keys";
import { PARTNER_TEXTS } from "./texts";

/** The admin list, page after page in display order (decision 0092); "Load more" reads the next one. */
export const usePartners = () => usePagedList(queryKeys.partners, "/partners", partnerSchema);

type PartnerPages = InfiniteData<ApiPage<Partner>, string>;

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
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: ({ item, isActive }: { item: Partner; isActive: boolean }) =>
      api.patch(`/partners/${item._id}`, { isActive }, partnerSchema),
    invalidates: [queryKeys.partners],
    error: () => t("saveError"),
    notify,
    optimistic: {
      apply: ({ item, isActive }) => {
        const previous = client.getQueryData<PartnerPages>(queryKeys.partners);
        client.setQueryData<PartnerPages>(queryKeys.partners, (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  items: page.items.map((partner) => (partner._id === item._id ? { ...partner, isActive } : partner)),
                })),
              }
            : data,
        );
        return previous;
      },
      rollback: (previous) => client.setQueryData(queryKeys.partners, previous),
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
