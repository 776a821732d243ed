import type { AnalyticsStats, DashboardSummary } from "@shared/schemas/analytics";
import type { ContactSubmission } from "@shared/schemas/contact";
import { useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { queryKeys } from "../query-keys";

export const useSummary = () =>
  useQuery({ queryKey: queryKeys.summary, queryFn: ({ signal }) => api.get<DashboardSummary>("/analytics/summary", signal) });

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
