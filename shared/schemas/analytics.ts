import { z } from "zod";
import { LANGUAGES, type Lang } from "../company";
import { LIMITS } from "../limits";

/** What the visit record keeps of the user agent: only this class, never the user agent itself. */
export const DEVICE_CLASSES = ["phone", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

const utmValue = z
  .string()
  .trim()
  .max(LIMITS.utmMax)
  .optional()
  .transform((v) => v || undefined);

export const visitInputSchema = z.object({
  pagePath: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.pagePathMax)
    .refine((v) => v.startsWith("/") && !v.startsWith("//"), "pagePath must start with /"),
  referrer: z.string().trim().max(LIMITS.referrerMax).optional().default(""),
  /** The page's language (from `?lang=` of the visited URL); absent from older clients. */
  lang: z.enum(LANGUAGES).optional(),
  /** `utm_source` and `utm_campaign` of the visited URL, when present. */
  utmSource: utmValue,
  utmCampaign: utmValue,
});
export type VisitInput = z.input<typeof visitInputSchema>;

export const recentQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.recentAnalyticsMax).default(20),
});

/** The ranges of the statistics screen, in days. */
export const REPORT_RANGES = [7, 30, 90] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];
export const DEFAULT_REPORT_RANGE: ReportRange = 30;

export const reportQuerySchema = z.object({
  days: z.coerce
    .number({ error: "days doit valoir 7, 30 ou 90 / days must be 7, 30 or 90" })
    .refine((v): v is ReportRange => (REPORT_RANGES as readonly number[]).includes(v), {
      message: "days doit valoir 7, 30 ou 90 / days must be 7, 30 or 90",
    })
    .default(DEFAULT_REPORT_RANGE),
});

/** A recorded visit: the page's path and the referrer's origin and path, never a query string or fragment ("" when none). */
export type Visit = { _id: string; pagePath: string; referrer: string; createdAt: string };

export type AnalyticsStats = {
  summary: {
    totalVisits: number;
    totalMessages: number;
    unreadMessages: number;
    uniquePages: number;
    uniqueVisitors: number;
    activeProducts: number;
    totalProducts: number;
  };
  visitsByDay: { _id: string; count: number }[];
  popularPages: { _id: string; count: number }[];
};

/** `GET /api/analytics/report?days=`: the statistics screen over the last `days` UTC days, today included. */
export type AnalyticsReport = {
  days: ReportRange;
  /** First and last UTC day of the range, `YYYY-MM-DD`. */
  from: string;
  to: string;
  totals: {
    visits: number;
    /** Sum of each day's distinct visitors (a visitor hash changes every day, so this is visitor-days). */
    uniqueVisitors: number;
    messages: number;
    /** Contact messages per 100 visits over the range, one decimal; null when there was no visit. */
    messagesPer100Visits: number | null;
  };
  /** Every day of the range, empty days at 0. `uniqueVisitors` is the day's distinct visitor hashes. */
  byDay: { day: string; visits: number; uniqueVisitors: number }[];
  /** Host part of other sites' referrers, most visits first. */
  referrers: { host: string; visits: number }[];
  utmSources: { source: string; visits: number }[];
  utmCampaigns: { campaign: string; visits: number }[];
  /** Visits per page language; `unknown` = recorded before the language was kept. */
  languages: { lang: Lang | "unknown"; visits: number }[];
  devices: { device: DeviceClass | "unknown"; visits: number }[];
  /** Product pages by visits, with the product's French name (null when the product no longer exists). */
  products: { slug: string; name: string | null; visits: number }[];
};

export type DashboardSummary = { totalVisits: number; totalMessages: number; unreadMessages: number; activeProducts: number };
