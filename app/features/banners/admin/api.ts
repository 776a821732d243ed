import { type Banner, type BannerData, bannerSchema } from "@shared/schemas/banner";
import { useTexts } from "~/i18n/screen-lang";
import { api, errorMessage, isEditConflict } from "~/lib/admin/api";
import { type Notify, useAdminMutation, usePagedRowsPatch } from "~/lib/admin/mutation";
import { usePagedList } from "~/lib/admin/paged";
import { queryKeys } from "~/lib/admin/query-keys";
import { BANNERS_TEXTS } from "./texts";

/** The admin list, page after page (decision 0092): the default banner first, then the newest; "Charger plus" reads the next. */
export const useBanners = () => usePagedList(queryKeys.banners, "/banners", bannerSchema);

export type BannerFormMode = { kind: "standard" } | { kind: "event" } | { kind: "edit"; banner: Banner };

/** docs/product.md, "Bannière": mobile images are sent only when set; an edited banner keeps its flags (none are sent). */
function bannerBody(data: BannerData) {
  const { imageUrlFrMobile, imageUrlEnMobile, isDefault: _d, isActive: _a, ...fields } = data;
  return { ...fields, ...(imageUrlFrMobile ? { imageUrlFrMobile } : {}), ...(imageUrlEnMobile ? { imageUrlEnMobile } : {}) };
}

/**
 * Creates (a standard banner is the default and active; an event banner is active only if it is the first) or
 * updates a banner with the version its form loaded; a version conflict is shown by the form, not alerted.
 */
export function useSaveBanner(notify: Notify, onSaved: () => void) {
  const t = useTexts(BANNERS_TEXTS);
  return useAdminMutation({
    mutationFn: ({ mode, data, isFirst }: { mode: BannerFormMode; data: BannerData; isFirst: boolean }) => {
      if (mode.kind === "edit") return api.put(`/banners/${mode.banner._id}`, bannerBody(data), bannerSchema);
      const flags = mode.kind === "standard" ? { isDefault: true, isActive: true } : { isDefault: false, isActive: isFirst };
      return api.post("/banners", { ...bannerBody(data), ...flags }, bannerSchema);
    },
    invalidates: [queryKeys.banners],
    success: t("success"),
    error: (error) => (isEditConflict(error) ? null : t("saveError", { detail: errorMessage(error, t("unknownError"), "fr") })),
    notify,
    onSuccess: onSaved,
  });
}

/** `PATCH { isActive: true }`: the chosen banner shows active (and the others inactive) at once, undone on failure. */
export function useActivateBanner(notify: Notify) {
  const t = useTexts(BANNERS_TEXTS);
  const rows = usePagedRowsPatch<Banner>(queryKeys.banners);
  return useAdminMutation({
    mutationFn: (banner: Banner) => api.patch(`/banners/${banner._id}`, { isActive: true }, bannerSchema),
    invalidates: [queryKeys.banners],
    optimistic: { apply: (banner) => rows.apply((row) => ({ ...row, isActive: row._id === banner._id })), rollback: rows.rollback },
    success: t("success"),
    error: () => t("activateError"),
    notify,
  });
}

export function useDeleteBanner(notify: Notify) {
  const t = useTexts(BANNERS_TEXTS);
  return useAdminMutation({
    mutationFn: (banner: Banner) => api.delete(`/banners/${banner._id}`),
    invalidates: [queryKeys.banners],
    success: t("success"),
    error: () => t("deleteError"),
    notify,
  });
}
