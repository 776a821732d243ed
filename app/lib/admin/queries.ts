import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { TIMINGS } from "../../../shared/limits";
import type { AnalyticsStats, DashboardSummary } from "../../../shared/schemas/analytics";
import type { Banner } from "../../../shared/schemas/banner";
import type { Category } from "../../../shared/schemas/category";
import type { ContactSubmission } from "../../../shared/schemas/contact";
import type { Partner } from "../../../shared/schemas/partner";
import type { Product } from "../../../shared/schemas/product";
import { api } from "./api";
import { queryKeys } from "./query-keys";

export const useSummary = () =>
  useQuery({ queryKey: queryKeys.summary, queryFn: ({ signal }) => api.get<DashboardSummary>("/analytics/summary", signal) });

const hasQueuedReply = (list: ContactSubmission[] | undefined) =>
  list?.some((m) => m.replies.some((r) => r.delivery.status === "pending")) ?? false;

/** While a reply's e-mail waits for a retry, the inbox is read again now and then so its state changes on screen. */
export const useSubmissions = () =>
  useQuery({
    queryKey: queryKeys.submissions,
    queryFn: ({ signal }) => api.get<ContactSubmission[]>("/contact/submissions", signal),
    refetchInterval: (query) => (hasQueuedReply(query.state.data) ? TIMINGS.queuedReplyRefresh : false),
  });

export const useCategories = () =>
  useQuery({ queryKey: queryKeys.categories, queryFn: ({ signal }) => api.get<Category[]>("/categories", signal) });

export const useAllProducts = () =>
  useQuery({ queryKey: queryKeys.products, queryFn: ({ signal }) => api.get<Product[]>("/products/all", signal) });

export const useBanners = () => useQuery({ queryKey: queryKeys.banners, queryFn: ({ signal }) => api.get<Banner[]>("/banners", signal) });

export const usePartners = () =>
  useQuery({ queryKey: queryKeys.partners, queryFn: ({ signal }) => api.get<Partner[]>("/partners", signal) });

/** SPEC §7: the analytics screen loads stats and all contacts in parallel. */
export const useAnalytics = () =>
  useQuery({
    queryKey: queryKeys.stats,
    queryFn: async ({ signal }) => {
      const [stats, submissions] = await Promise.all([
        api.get<AnalyticsStats>("/analytics/stats", signal),
        api.get<ContactSubmission[]>("/contact/submissions", signal),
      ]);
      return { stats, submissions };
    },
  });

/** Marks a message read and updates every cached list that shows it. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.patch<ContactSubmission>(`/contact/${id}/read`),
    onSuccess: (updated, id) => {
      client.setQueryData<ContactSubmission[]>(queryKeys.submissions, (list) =>
        list?.map((s) => (s._id === id ? { ...s, ...(updated ?? {}), isRead: true } : s)),
      );
      void client.invalidateQueries({ queryKey: queryKeys.summary });
      void client.invalidateQueries({ queryKey: queryKeys.stats });
    },
  });
}
