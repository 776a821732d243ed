import { type Product, type ProductData, productListSchema, productSchema } from "@shared/schemas/product";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { PRODUCT_FORM_TEXTS, PRODUCT_LIST_TEXTS } from "~/i18n/admin/texts";
import { api, errorMessage, isEditConflict } from "../api";
import { type Notify, useActiveSwitch, useAdminMutation } from "../mutation";
import { queryKeys } from "../query-keys";

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
export function productSaveError(error: unknown): string {
  const detail = errorMessage(error, "", "fr");
  return detail ? `${PRODUCT_FORM_TEXTS.saveError}\n${detail}` : PRODUCT_FORM_TEXTS.saveError;
}

/**
 * POST (create) or PUT (edit, with the version the form loaded) the whole product, then back to the list. A version
 * conflict is not alerted: the form shows it and offers to reload.
 */
export function useSaveProduct(notify: Notify, id?: string) {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useAdminMutation({
    mutationFn: (data: ProductData) => (id ? api.put(`/products/${id}`, data, productSchema) : api.post("/products", data, productSchema)),
    invalidates: LISTS,
    success: PRODUCT_FORM_TEXTS.saved,
    error: (error) => (isEditConflict(error) ? null : productSaveError(error)),
    notify,
    onSuccess: async (saved) => {
      client.setQueryData(queryKeys.product(saved._id), saved);
      await navigate("/admin/products");
    },
  });
}

/** The list's active switch (`PATCH { isActive }`, optimistic). */
export const useSetProductActive = (notify: Notify) =>
  useActiveSwitch("/products", productSchema, queryKeys.products, {
    invalidates: LISTS,
    success: (updated) => PRODUCT_LIST_TEXTS.toggled(updated.isActive),
    error: () => PRODUCT_LIST_TEXTS.toggleError,
    notify,
  });

export function useDeleteProduct(notify: Notify) {
  return useAdminMutation({
    mutationFn: (product: Product) => api.delete(`/products/${product._id}`),
    invalidates: LISTS,
    success: PRODUCT_LIST_TEXTS.deleted,
    error: () => PRODUCT_LIST_TEXTS.deleteError,
    notify,
  });
}
