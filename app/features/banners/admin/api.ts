import { type Banner, type BannerData, bannerSchema } from "@shared/schemas/banner";
import { type InfiniteData, useQueryClient } from "@tanstack/react-query";
import { useTexts } from "~/i18n/screen-lang";
import { type ApiPage, api, errorMessage, isEditConflict } from "~/lib/admin/api";
import { type Notify, useAdminMutation } from "~/lib/admin/mutation";
import { usePagedList } from "~/lib/admin/paged";
import { queryKeys } from "~/lib/admin/query-keys";
import { BANNERS_TEXTS } from "./texts";

/** The admin list, page after page (decision 0092): the default banner first, then the newest; "Charger plus" reads the next. */
export const useBanners = () => usePagedList(queryKeys.banners, "/banners", bannerSchema);

type BannerPages = InfiniteData<ApiPage<Banner>, string>;

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
  const client = useQueryClient();
  return useAdminMutation({
    mutationFn: (banner: Banner) => api.patch(`/banners/${banner._id}`, { isActive: true }, bannerSchema),
    invalidates: [queryKeys.banners],
    optimistic: {
      apply: (banner) => {
        const previous = client.getQueryData<BannerPages>(queryKeys.banners);
        client.setQueryData<BannerPages>(queryKeys.banners, (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  items: page.items.map((b) => ({ ...b, isActive: b._id === banner._id })),
                })),
              }
            : data,
        );
        return previous;
      },
      rollback: (previous) => client.setQueryData(queryKeys.banners, previous),
    },
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
