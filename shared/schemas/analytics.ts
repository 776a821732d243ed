import { z } from "zod";
import { LANGUAGES } from "../company";
import { LIMITS } from "../limits";
import { msg } from "../validation-messages";
import { isSitePath, timestampSchema } from "./common";
import { setupItemSchema } from "./setup";

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
  pagePath: z.string().trim().min(1).max(LIMITS.pagePathMax).refine(isSitePath, msg("visit.page_path")),
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
    .number({ error: msg("report.days") })
    .refine((v): v is ReportRange => (REPORT_RANGES as readonly number[]).includes(v), {
      message: msg("report.days"),
    })
    .default(DEFAULT_REPORT_RANGE),
});

/** A recorded visit: the page's path and the referrer's origin and path, never a query string or fragment ("" when none). */
export const visitSchema = z.object({ _id: z.string(), pagePath: z.string(), referrer: z.string(), createdAt: timestampSchema });
export type Visit = z.output<typeof visitSchema>;
export const visitListSchema = z.array(visitSchema);

/**
 * Present while the daily rollups are still catching up on past visits (the first start after an upgrade onto years
 * of visits, decision 0091): the visits of the days through `through` (UTC, `YYYY-MM-DD`) are not counted yet and are
 * missing from the answer, which is otherwise what is counted so far. Absent when the answer is complete.
 */
export const catchingUpSchema = z.object({ through: z.string() });
export type CatchingUp = z.output<typeof catchingUpSchema>;

const countById = z.object({ _id: z.string(), count: z.number() });
export const analyticsStatsSchema = z.object({
  summary: z.object({
    totalVisits: z.number(),
    totalMessages: z.number(),
    unreadMessages: z.number(),
    uniquePages: z.number(),
    uniqueVisitors: z.number(),
    activeProducts: z.number(),
    totalProducts: z.number(),
  }),
  visitsByDay: z.array(countById),
  popularPages: z.array(countById),
  catchingUp: catchingUpSchema.optional(),
});
export type AnalyticsStats = z.output<typeof analyticsStatsSchema>;

/** `GET /api/analytics/report?days=`: the statistics screen over the last `days` UTC days, today included. */
export const analyticsReportSchema = z.object({
  days: z.literal(REPORT_RANGES),
  /** First and last UTC day of the range, `YYYY-MM-DD`. */
  from: z.string(),
  to: z.string(),
  totals: z.object({
    visits: z.number(),
    /** Sum of each day's distinct visitors (a visitor hash changes every day, so this is visitor-days). */
    uniqueVisitors: z.number(),
    messages: z.number(),
    /** Contact messages per 100 visits over the range, one decimal; null when there was no visit. */
    messagesPer100Visits: z.number().nullable(),
  }),
  /** Every day of the range, empty days at 0. `uniqueVisitors` is the day's distinct visitor hashes. */
  byDay: z.array(z.object({ day: z.string(), visits: z.number(), uniqueVisitors: z.number() })),
  /** Host part of other sites' referrers, most visits first. */
  referrers: z.array(z.object({ host: z.string(), visits: z.number() })),
  utmSources: z.array(z.object({ source: z.string(), visits: z.number() })),
  utmCampaigns: z.array(z.object({ campaign: z.string(), visits: z.number() })),
  /** Visits per page language; `unknown` = recorded before the language was kept. */
  languages: z.array(z.object({ lang: z.enum([...LANGUAGES, "unknown"]), visits: z.number() })),
  devices: z.array(z.object({ device: z.enum([...DEVICE_CLASSES, "unknown"]), visits: z.number() })),
  /** Product pages by visits, with the product's French name (null when the product no longer exists). */
  products: z.array(z.object({ slug: z.string(), name: z.string().nullable(), visits: z.number() })),
  /** Public searches by folded term, most first (decision 0107: never who searched; personal-looking terms not kept). */
  searches: z.array(z.object({ term: z.string(), count: z.number() })),
  /** The same, counting only the searches that found nothing. */
  emptySearches: z.array(z.object({ term: z.string(), count: z.number() })),
  /**
   * What buyers did with each product over the range (most quote requests first, then downloads, then views): views of
   * its page under its current slug, downloads of its documents, and the messages that name it (spam excluded).
   */
  conversions: z.array(
    z.object({
      productId: z.string(),
      slug: z.string(),
      name: z.string(),
      views: z.number(),
      downloads: z.number(),
      quoteRequests: z.number(),
    }),
  ),
  catchingUp: catchingUpSchema.optional(),
});
export type AnalyticsReport = z.output<typeof analyticsReportSchema>;

/** The dashboard's figures: each group is there only for a role that reads it (visits, messages, products; decision 0114). */
export const dashboardSummarySchema = z.object({
  totalVisits: z.number().optional(),
  totalMessages: z.number().optional(),
  unreadMessages: z.number().optional(),
  /** Conversations waiting for the team (new, or the buyer answered last), and those whose buyer's address bounced. */
  waitingForUs: z.number().optional(),
  undeliverable: z.number().optional(),
  activeProducts: z.number().optional(),
  /** Images of the media library lacking alt text, for a role that reads the library. */
  imagesMissingAlt: z.number().optional(),
  /** Products, categories and pages "À traduire" (decision 0121), of the types the reader's role reads. */
  toTranslate: z.object({ product: z.number().optional(), category: z.number().optional(), page: z.number().optional() }).optional(),
  /** Messages filed in the Spam folder over the last `SPAM_COUNT_DAYS` days (decision 0108). */
  spamMessages: z.number().optional(),
  /** Visits of all time: present while past days are still being counted (`totalVisits` leaves them out). */
  catchingUp: catchingUpSchema.optional(),
  /** Messages received over the last `LIMITS.statsWindowDays` days (spam left out): "Messages reçus" on the dashboard. */
  receivedMessages: z.number().optional(),
  /** The setup items left to do (shared/schemas/setup.ts): only for a role that may update the site settings. */
  setup: z.array(setupItemSchema).optional(),
});
export type DashboardSummary = z.output<typeof dashboardSummarySchema>;
