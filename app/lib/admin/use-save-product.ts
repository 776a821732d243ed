import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { PRODUCT_FORM_TEXTS as T } from "~/i18n/admin/texts";
import { ApiError, api } from "~/lib/admin/api";
import { queryKeys } from "~/lib/admin/query-keys";
import type { Product, ProductData } from "../../../shared/schemas/product";

/** POST (create) or PUT (edit) the whole product, then back to the list; failures become the SPEC §8 alert. */
export function useSaveProduct(alert: (message: string, title?: string) => void, id?: string) {
  const client = useQueryClient();
  const navigate = useNavigate();
  return async (data: ProductData) => {
    try {
      const saved = id ? await api.put<Product>(`/products/${id}`, data) : await api.post<Product>("/products", data);
      client.setQueryData(queryKeys.product(saved._id), saved);
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.products }),
        client.invalidateQueries({ queryKey: queryKeys.summary }),
      ]);
      toast.success(T.saved);
      navigate("/admin/products");
    } catch (error) {
      console.error(error);
      const detail = error instanceof ApiError && !error.message.startsWith("HTTP ") ? `\n${error.message}` : "";
      alert(`${T.saveError}${detail}`);
    }
  };
}
