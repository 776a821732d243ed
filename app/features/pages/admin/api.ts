import { type SitePage, type SitePageData, type SitePageRow, sitePageRowSchema, sitePageSchema } from "@shared/schemas/site-page";
import type { TranslationFilter } from "@shared/schemas/translation";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { api, errorMessage, isEditConflict } from "~/lib/admin/api";
import { type Notify, useAdminMutation, usePagedRowsPatch } from "~/lib/admin/mutation";
import { usePagedList } from "~/lib/admin/paged";
import { queryKeys } from "~/lib/admin/query-keys";
import { PAGES_TEXTS } from "./texts";

const listKey = [...queryKeys.pages, "list"] as const;
const LISTS = [queryKeys.pages];

/** The pages screen's rows, newest first, a page at a time (`GET /api/pages`); `missing`: only those "À traduire". */
export const useSitePages = (translation?: TranslationFilter) =>
  usePagedList([...listKey, translation ?? ""], translation ? `/pages?translation=${translation}` : "/pages", sitePageRowSchema);

/** The page an edit form starts from: always read fresh, so the form holds its latest `version`. */
export const useSitePage = (id: string) =>
  useQuery({
    queryKey: queryKeys.page(id),
    queryFn: ({ signal }) => api.get(`/pages/id/${id}`, sitePageSchema, signal),
    staleTime: 0,
  });

/** POST (create) or PUT (edit, with the loaded version) the page, then back to the list; a conflict shows in the form. */
export function useSaveSitePage(notify: Notify, id?: string) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const lang = useScreenLang();
  return useAdminMutation({
    mutationFn: (data: SitePageData) => (id ? api.put(`/pages/${id}`, data, sitePageSchema) : api.post("/pages", data, sitePageSchema)),
    invalidates: LISTS,
    success: translate(PAGES_TEXTS, lang, "form.saved"),
    error: (error) => {
      if (isEditConflict(error)) return null;
      const detail = errorMessage(error, "", lang);
      const title = translate(PAGES_TEXTS, lang, "form.saveError");
      return detail ? `${title}\n${detail}` : title;
    },
    notify,
    onSuccess: async (saved: SitePage) => {
      client.setQueryData(queryKeys.page(saved._id), saved);
      await navigate("/admin/pages");
    },
  });
}

/** The list's publish switch (`PATCH { isActive }`), shown at once and undone when refused. */
export function useSetSitePageActive(notify: Notify) {
  const t = useTexts(PAGES_TEXTS);
  const rows = usePagedRowsPatch<SitePageRow>(listKey);
  return useAdminMutation({
    mutationFn: ({ item, isActive }: { item: SitePageRow; isActive: boolean }) =>
      api.patch(`/pages/${item._id}`, { isActive }, sitePageSchema),
    invalidates: LISTS,
    success: (updated) => t(updated.isActive ? "list.activated" : "list.deactivated"),
    error: () => t("list.toggleError"),
    notify,
    optimistic: {
      apply: ({ item, isActive }) => rows.apply((row) => (row._id === item._id ? { ...row, isActive } : row)),
      rollback: rows.rollback,
    },
  });
}

export function useDeleteSitePage(notify: Notify) {
  const t = useTexts(PAGES_TEXTS);
  const lang = useScreenLang();
  return useAdminMutation({
    mutationFn: (page: SitePageRow) => api.delete(`/pages/${page._id}`),
    invalidates: LISTS,
    success: t("list.deleted"),
    error: (error) => errorMessage(error, t("list.deleteError"), lang),
    notify,
  });
}
