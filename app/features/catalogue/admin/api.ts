import type { Lang } from "@shared/company";
import { type Product, type ProductData, productListSchema, productSchema } from "@shared/schemas/product";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useScreenLang, useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { api, errorMessage, isEditConflict } from "~/lib/admin/api";
import { type Notify, useActiveSwitch, useAdminMutation } from "~/lib/admin/mutation";
import { queryKeys } from "~/lib/admin/query-keys";
import { CATALOGUE_TEXTS } from "./texts";

export const useAllProducts = () =>
  useQuery({ queryKey: queryKeys.products, queryFn: ({ signal }) => api.get("/products/all", productListSchema, signal) });

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

/** The list's active switch (`PATCH { isActive }`, optimistic). */
export function useSetProductActive(notify: Notify) {
  const t = useTexts(CATALOGUE_TEXTS);
  return useActiveSwitch("/products", productSchema, queryKeys.products, {
    invalidates: LISTS,
    success: (updated) => t(updated.isActive ? "list.activated" : "list.deactivated"),
    error: () => t("list.toggleError"),
    notify,
  });
}

export function useDeleteProduct(notify: Notify) {
  const t = useTexts(CATALOGUE_TEXTS);
  return useAdminMutation({
    mutationFn: (product: Product) => api.delete(`/products/${product._id}`),
    invalidates: LISTS,
    success: t("list.deleted"),
    error: () => t("list.deleteError"),
    notify,
  });
}
