import { z } from "zod";

/** `?translation=missing`: the admin lists of products, categories and pages narrowed to the items "À traduire". */
export const translationFilterSchema = z.object({ translation: z.enum(["missing"]).optional() });
export type TranslationFilter = z.output<typeof translationFilterSchema>["translation"];

/** What an admin row adds: whether a text is written in one language only (shared/translation-gaps.ts). */
export const needsTranslationSchema = z.object({ needsTranslation: z.boolean() });
