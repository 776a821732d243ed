import type { Category } from "@shared/schemas/category";
import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";

export const useCategories = () =>
  useQuery({ queryKey: queryKeys.categories, queryFn: ({ signal }) => api.get<Category[]>("/categories", signal) });
