import { z } from "zod";
import { LIMITS } from "../limits";
import { requiredText, seoFieldsSchema, slugSchema, timestampSchema, versionSchema } from "./common";
import { pageQuerySchema } from "./page";
import { richDocSchema, richTextSchema } from "./rich-text";
import { needsTranslationSchema, translationFilterSchema } from "./translation";

/**
 * Editable pages of the public site (decision 0102), e.g. the legal notice and the privacy policy. Named `site-page`
 * so as not to be confused with `page.ts`, the paging schema of lists.
 */

/** The pages the site links to by purpose, whatever their slugs. */
export const PAGE_KEYS = ["legal-notice", "privacy-policy"] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

export const sitePageInputSchema = z
  .object({
    slugFr: slugSchema,
    slugEn: slugSchema,
    titleFr: requiredText(LIMITS.nameMax),
    titleEn: requiredText(LIMITS.nameMax),
    bodyFr: richTextSchema(LIMITS.pageBodyMax),
    bodyEn: richTextSchema(LIMITS.pageBodyMax),
    isActive: z.boolean().default(true),
    /** The version the edit started from (PUT only); a different stored version answers 409. */
    version: versionSchema.optional(),
  })
  .extend(seoFieldsSchema.shape);
export type SitePageInput = z.input<typeof sitePageInputSchema>;
export type SitePageData = z.output<typeof sitePageInputSchema>;

export const sitePageSchema = z.object({
  _id: z.string(),
  key: z.enum(PAGE_KEYS).nullable(),
  slugFr: z.string(),
  slugEn: z.string(),
  titleFr: z.string(),
  titleEn: z.string(),
  bodyFr: richDocSchema,
  bodyEn: richDocSchema,
  metaTitleFr: z.string(),
  metaTitleEn: z.string(),
  metaDescriptionFr: z.string(),
  metaDescriptionEn: z.string(),
  isActive: z.boolean(),
  version: z.number(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type SitePage = z.output<typeof sitePageSchema>;

/** A row of the admin list: no bodies. */
export const sitePageRowSchema = sitePageSchema.omit({ bodyFr: true, bodyEn: true }).extend(needsTranslationSchema.shape);
export type SitePageRow = z.output<typeof sitePageRowSchema>;
export const sitePageListSchema = z.array(sitePageRowSchema);

/** `translation=missing`: only the pages "À traduire". */
export const sitePageListQuerySchema = pageQuerySchema.extend(translationFilterSchema.shape);

/** A page's link: its key, titles and slugs (the footer, the contact form's notice, the sitemap). */
export const sitePageLinkSchema = sitePageSchema.pick({
  _id: true,
  key: true,
  slugFr: true,
  slugEn: true,
  titleFr: true,
  titleEn: true,
  updatedAt: true,
});
export type SitePageLink = z.output<typeof sitePageLinkSchema>;

export const sitePageSlugParams = z.object({ slug: z.string().max(LIMITS.slugMax) });
