import type { Lang } from "@shared/company";
import {
  type ProductBulkInput,
  type ProductData,
  type ProductListItem,
  productAdminRowSchema,
  productBulkResultSchema,
  productListItemSchema,
  productSchema,
} from "@shared/schemas/product";
import type { TranslationFilter } from "@shared/schemas/translation";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { api, apiPage, errorMessage, isEditConflict } from "~/lib/admin/api";
import { type Notify, useAdminMutation, usePagedRowsPatch } from "~/lib/admin/mutation";
import { usePagedList } from "~/lib/admin/paged";
import { queryKeys } from "~/lib/admin/query-keys";
import { CATALOGUE_TEXTS } from "./texts";

/** What the products screen asks the server for: the search box's text and the chosen category ("" for none). */
export type ProductFilters = { q: string; categoryId: string; translation?: TranslationFilter };

/** The pages of the products screen under `queryKeys.products`, so every product write reads them again. */
const pagesKey = [...queryKeys.products, "pages"] as const;

/** The admin list's address for these filters (`GET /api/products/all`, first page). */
export function productsPath({ q, categoryId, translation }: ProductFilters, limit?: number): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set("q", q.trim());
  if (categoryId) params.set("categoryId", categoryId);
  if (translation) params.set("translation", translation);
  if (limit !== undefined) params.set("limit", String(limit));
  const query = params.toString();
  return `/products/all${query ? `?${query}` : ""}`;
}

/** The products screen's rows, a page at a time, searched and filtered on the server (no content blocks). */
export const useProductPages = (filters: ProductFilters) =>
  usePagedList(
    [...pagesKey, filters.q.trim(), filters.categoryId, filters.translation ?? ""],
    productsPath(filters),
    productAdminRowSchema,
  );

/** How many products there are in all ("N produits sur M"): the count of an unfiltered page of one row. */
export const useProductTotal = (enabled: boolean) =>
  useQuery({
    queryKey: [...queryKeys.products, "total"],
    queryFn: async ({ signal }) => (await apiPage(productsPath({ q: "", categoryId: "" }, 1), productListItemSchema, signal)).total,
    enabled,
  });

/** The product an edit form starts from: always read fresh, so the form holds its latest `version`. */
export const useProduct = (id: string) =>
  useQuery({
    queryKey: queryKeys.product(id),
    queryFn: ({ signal }) => api.get(`/products/id/${id}`, productSchema, signal),
    staleTime: 0,
  });

const LISTS = [queryKeys.products, queryKeys.summary];

/** docs/product.md, "Produits": the product save alert, with the server's reason on its own line when it gave one. */
export function productSaveError(error: unknown, lang: Lang): string {
  const title = translate(CATALOGUE_TEXTS, lang, "form.saveError");
  const detail = errorMessage(error, "", "fr");
  return detail ? `${title}\n${detail}` : title;
}

/**
 * POST (create) or PUT (edit, with the version the form loaded) the whole product, then back to the list. A version
 * conflict is not alerted: the form shows it and offers to reload.
 */
export function useSaveProduct(notify: Notify, id?: string) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const lang = useScreenLang();
  return useAdminMutation({
    mutationFn: (data: ProductData) => (id ? api.put(`/products/${id}`, data, productSchema) : api.post("/products", data, productSchema)),
    invalidates: LISTS,
    success: translate(CATALOGUE_TEXTS, lang, "form.saved"),
    error: (error) => (isEditConflict(error) ? null : productSaveError(error, lang)),
    notify,
    onSuccess: async (saved) => {
      client.setQueryData(queryKeys.product(saved._id), saved);
      await navigate("/admin/products");
    },
  });
}

/**
 * The list's active switch (`PATCH { isActive }`, nothing else sent): shown at once in every loaded page of the list,
 * undone when the server refuses.
 */
export function useSetProductActive(notify: Notify) {
  const t = useTexts(CATALOGUE_TEXTS);
  const rows = usePagedRowsPatch<ProductListItem>(pagesKey);
  return useAdminMutation({
    mutationFn: ({ item, isActive }: { item: ProductListItem; isActive: boolean }) =>
      api.patch(`/products/${item._id}`, { isActive }, productSchema),
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

export function useDeleteProduct(notify: Notify) {
  const t = useTexts(CATALOGUE_TEXTS);
  return useAdminMutation({
    mutationFn: (product: ProductListItem) => api.delete(`/products/${product._id}`),
    invalidates: LISTS,
    success: t("list.deleted"),
    error: () => t("list.deleteError"),
    notify,
  });
}

/** `POST /products/bulk`: one action on the selected products (docs/product.md, "Produits"); a toast names the count. */
export function useBulkProducts(notify: Notify, onDone: () => void) {
  const t = useTexts(CATALOGUE_TEXTS);
  return useAdminMutation({
    mutationFn: (body: ProductBulkInput) => api.post("/products/bulk", body, productBulkResultSchema),
    invalidates: LISTS,
    success: (result) => t(`bulk.done.${result.action}`, { count: result.count }),
    error: (error) => errorMessage(error, t("bulk.error"), "fr"),
    notify,
    onSuccess: onDone,
  });
}
