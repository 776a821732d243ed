import { useQuery } from "@tanstack/react-query";
import type { DashboardSummary } from "../../../shared/schemas/analytics";
import type { Banner } from "../../../shared/schemas/banner";
import type { Category } from "../../../shared/schemas/category";
import type { Partner } from "../../../shared/schemas/partner";
import type { Product } from "../../../shared/schemas/product";
import { api } from "./api";
import { queryKeys } from "./query-keys";

export const useSummary = () =>
  useQuery({ queryKey: queryKeys.summary, queryFn: ({ signal }) => api.get<DashboardSummary>("/analytics/summary", signal) });

export const useCategories = () =>
  useQuery({ queryKey: queryKeys.categories, queryFn: ({ signal }) => api.get<Category[]>("/categories", signal) });

export const useAllProducts = () =>
  useQuery({ queryKey: queryKeys.products, queryFn: ({ signal }) => api.get<Product[]>("/products/all", signal) });

export const useBanners = () => useQuery({ queryKey: queryKeys.banners, queryFn: ({ signal }) => api.get<Banner[]>("/banners", signal) });

export const usePartners = () =>
  useQuery({ queryKey: queryKeys.partners, queryFn: ({ signal }) => api.get<Partner[]>("/partners", signal) });
