import { z } from "zod";
import { LIMITS } from "../limits";

export const visitInputSchema = z.object({
  pagePath: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.pagePathMax)
    .refine((v) => v.startsWith("/") && !v.startsWith("//"), "pagePath must start with /"),
  referrer: z.string().trim().max(LIMITS.referrerMax).optional().default(""),
});
export type VisitInput = z.input<typeof visitInputSchema>;

export const recentQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.recentAnalyticsMax).default(20),
});

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

export type DashboardSummary = { totalVisits: number; totalMessages: number; unreadMessages: number; activeProducts: number };
