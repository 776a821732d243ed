import {
  type Category,
  type CategoryData,
  type CategoryWithCount,
  categoryListSchema,
  categorySchema,
  categoryWithCountListSchema,
} from "@shared/schemas/category";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTexts } from "~/i18n/screen-lang";
import { type ApiError, api, errorMessage, isEditConflict } from "~/lib/admin/api";
import { useAdminMutation } from "~/lib/admin/mutation";
import { queryKeys } from "~/lib/admin/query-keys";
import { CATEGORY_TEXTS } from "./texts";

/** Every list that shows categories: the admin list with counts, the public list (product form, filters), the dashboard. */
const CATEGORY_LISTS = [queryKeys.categoriesWithCounts, queryKeys.categories, queryKeys.summary];

/** The site's categories (product form, list filter). */
export const useCategories = () =>
  useQuery({ queryKey: queryKeys.categories, queryFn: ({ signal }) => api.get("/categories", categoryListSchema, signal) });

/** The categories screen: every category with its number of products, in the site's order. */
export const useCategoriesWithCounts = () =>
  useQuery({
    queryKey: queryKeys.categoriesWithCounts,
    queryFn: ({ signal }) => api.get("/categories/all", categoryWithCountListSchema, signal),
  });

/**
 * Creates (no `id`) or replaces a category. With `version` in `data`, an edit based on an old version is refused
 * (409, `isEditConflict`): `onConflict` gets the stored category so the form can offer to reload it.
 */
export function useSaveCategory(options: { onSaved: (saved: Category, created: boolean) => void; onConflict: (error: ApiError) => void }) {
  const t = useTexts(CATEGORY_TEXTS);
  return useAdminMutation({
    mutationFn: ({ id, data }: { id: string | null; data: CategoryData }) =>
      id ? api.put(`/categories/${id}`, data, categorySchema) : api.post("/categories", data, categorySchema),
    invalidates: CATEGORY_LISTS,
    success: (_saved, { id }) => t(id ? "form.updated" : "form.created"),
    error: (error) => (isEditConflict(error) ? null : errorMessage(error, t("form.saveError"), "fr")),
    onSuccess: (saved, { id }) => options.onSaved(saved, id === null),
    onError: (error) => {
      if (isEditConflict(error)) options.onConflict(error);
    },
  });
}

export function useDeleteCategory() {
  const t = useTexts(CATEGORY_TEXTS);
  return useAdminMutation({
    mutationFn: (category: CategoryWithCount) => api.delete(`/categories/${category._id}`),
    invalidates: CATEGORY_LISTS,
    success: t("deleted"),
    // The server's 409 says why a category with products stays.
    error: t("deleteError"),
  });
}

/**
 * Saving orders one after another: each call sends the whole order, so the last one sent is the one stored even when
 * the admin clicks faster than the server answers.
 */
let orderQueue: Promise<unknown> = Promise.resolve();
function putOrder(ids: string[]): Promise<Category[]> {
  const next = orderQueue.then(() => api.put("/categories/order", { ids }, categoryListSchema));
  orderQueue = next.catch(() => undefined);
  return next;
}

/** Moves a category one place up or down: shown at once, saved with PUT /categories/order, undone if refused. */
export function useMoveCategory() {
  const client = useQueryClient();
  const t = useTexts(CATEGORY_TEXTS);
  return useAdminMutation({
    mutationFn: ({ ids }: { ids: string[] }) => putOrder(ids),
    invalidates: CATEGORY_LISTS,
    error: t("orderError"),
    optimistic: {
      apply: ({ ids }) => {
        const previous = client.getQueryData<CategoryWithCount[]>(queryKeys.categoriesWithCounts);
        const byId = new Map((previous ?? []).map((c) => [c._id, c]));
        client.setQueryData<CategoryWithCount[]>(
          queryKeys.categoriesWithCounts,
          ids.flatMap((id, position) => {
            const category = byId.get(id);
            return category ? [{ ...category, position }] : [];
          }),
        );
        return previous;
      },
      rollback: (previous) => client.setQueryData(queryKeys.categoriesWithCounts, previous),
    },
  });
}

/** The order of `list` with the item at `from` moved to `to`. */
export function movedIds(list: { _id: string }[], from: number, to: number): string[] {
  const ids = list.map((c) => c._id);
  const [moved] = ids.splice(from, 1);
  if (moved !== undefined) ids.splice(to, 0, moved);
  return ids;
}
