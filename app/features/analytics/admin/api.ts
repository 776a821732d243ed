import { LIMITS } from "@shared/limits";
import { analyticsReportSchema, analyticsStatsSchema, dashboardSummarySchema, type ReportRange } from "@shared/schemas/analytics";
import { contactSubmissionSchema } from "@shared/schemas/contact";
import { useQuery } from "@tanstack/react-query";
import { useTexts } from "~/i18n/screen-lang";
import { api, apiPage } from "~/lib/admin/api";
import { downloadFile } from "~/lib/admin/download";
import { useAdminMutation } from "~/lib/admin/mutation";
import { queryKeys } from "~/lib/admin/query-keys";
import { ANALYTICS_TEXTS } from "./texts";

export const useSummary = () =>
  useQuery({ queryKey: queryKeys.summary, queryFn: ({ signal }) => api.get("/analytics/summary", dashboardSummarySchema, signal) });

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
  });

/** The audience report over the last `days` days; the previous range stays on screen while the next one loads. */
export const useReport = (days: ReportRange) =>
  useQuery({
    queryKey: [...queryKeys.report, days],
    queryFn: ({ signal }) => api.get(`/analytics/report?days=${days}`, analyticsReportSchema, signal),
    placeholderData: (previous) => previous,
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
