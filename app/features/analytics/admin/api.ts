import { LIMITS } from "@shared/limits";
import {
  analyticsReportSchema,
  analyticsStatsSchema,
  type CatchingUp,
  dashboardSummarySchema,
  type ReportRange,
} from "@shared/schemas/analytics";
import { contactSubmissionSchema } from "@shared/schemas/contact";
import { useQuery } from "@tanstack/react-query";
import { useTexts } from "~/i18n/screen-lang";
import { api, apiPage } from "~/lib/admin/api";
import { downloadFile } from "~/lib/admin/download";
import { useAdminMutation } from "~/lib/admin/mutation";
import { queryKeys } from "~/lib/admin/query-keys";
import { ANALYTICS_TEXTS } from "./texts";

/** While past visits are still being counted (`catchingUp`), the statistics are read again this often. */
const CATCHING_UP_REFRESH_MS = 15_000;
const refreshWhile = (catchingUp: CatchingUp | undefined) => (catchingUp ? CATCHING_UP_REFRESH_MS : false);

export const useSummary = () =>
  useQuery({
    queryKey: queryKeys.summary,
    queryFn: ({ signal }) => api.get("/analytics/summary", dashboardSummarySchema, signal),
    refetchInterval: (query) => refreshWhile(query.state.data?.catchingUp),
  });

/**
 * docs/product.md, "Analytics": the analytics screen loads the stats and the contacts in parallel; of the contacts only
 * the 20 latest (`?limit=20`) and how many there are in all (`X-Total-Count`).
 */
export const useAnalytics = () =>
  useQuery({
    queryKey: queryKeys.stats,
    queryFn: async ({ signal }) => {
      const [stats, submissions] = await Promise.all([
        api.get("/analytics/stats", analyticsStatsSchema, signal),
        apiPage(`/contact/submissions?limit=${LIMITS.analyticsLatestContacts}`, contactSubmissionSchema, signal),
      ]);
      return { stats, submissions };
    },
    refetchInterval: (query) => refreshWhile(query.state.data?.stats.catchingUp),
  });

/** The audience report over the last `days` days; the previous range stays on screen while the next one loads. */
export const useReport = (days: ReportRange) =>
  useQuery({
    queryKey: [...queryKeys.report, days],
    queryFn: ({ signal }) => api.get(`/analytics/report?days=${days}`, analyticsReportSchema, signal),
    placeholderData: (previous) => previous,
    refetchInterval: (query) => refreshWhile(query.state.data?.catchingUp),
  });

export function useExportReport() {
  const t = useTexts(ANALYTICS_TEXTS);
  return useAdminMutation({
    mutationFn: (days: ReportRange) => downloadFile(`/analytics/report.csv?days=${days}`, "statistiques.csv"),
    invalidates: [],
    success: t("report.exportDone"),
    error: t("report.exportError"),
  });
}
