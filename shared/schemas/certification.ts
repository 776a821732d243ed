import { z } from "zod";
import { LIMITS } from "../limits";
import { certificationResource } from "../resources/certifications";
import { inputSchemaOf, outputSchemaOf } from "../resources/define";
import { msg } from "../validation-messages";
import { searchQuerySchema } from "./common";
import { pageQuerySchema } from "./page";

/** A certificate stays valid this many days before its end shows as "expire bientôt" on the dashboard and the list. */
export const CERTIFICATION_WARNING_DAYS = 30;

export { calendarDaySchema, httpsUrlSchema } from "./common";

/** Declared once in shared/resources/certifications.ts. */
export const certificationInputSchema = inputSchemaOf(certificationResource);
export type CertificationInput = z.input<typeof certificationInputSchema>;
export type CertificationData = z.output<typeof certificationInputSchema>;

/** valid: shown; expiring: shown, ends within `CERTIFICATION_WARNING_DAYS` days; expired: hidden from the site. */
export const CERTIFICATION_STATUSES = ["valid", "expiring", "expired"] as const;
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number];

export const certificationSchema = outputSchemaOf(certificationResource).extend({
  /** From the server's (injected) clock, in Tunisia's time. */
  status: z.enum(CERTIFICATION_STATUSES),
  /** How many products it is attached to. */
  productCount: z.number().int(),
});
export type Certification = z.output<typeof certificationSchema>;
export const certificationListSchema = z.array(certificationSchema);

/** `GET /api/certifications?q=&limit=&cursor=`: by French name, `q` in the names or the body (accents and case aside). */
export const certificationListQuerySchema = z
  .object({ q: searchQuerySchema(LIMITS.nameMax) })
  .extend(pageQuerySchema.shape)
  .extend({
    cursor: z
      .string()
      .max(Math.ceil(((LIMITS.nameMax * 6 + 100) * 4) / 3), msg("page.cursor"))
      .regex(/^[A-Za-z0-9_-]+$/, msg("page.cursor"))
      .optional(),
  });
export type CertificationListQuery = z.input<typeof certificationListQuerySchema>;

/** A certification as the public product page shows it (valid ones only). */
export const publicCertificationSchema = certificationSchema.pick({
  _id: true,
  nameFr: true,
  nameEn: true,
  certifyingBody: true,
  verificationUrl: true,
  logoUrl: true,
  validUntil: true,
});
export type PublicCertification = z.output<typeof publicCertificationSchema>;

/** `GET /api/certifications/warnings`: attached certifications that expire within 30 days or have expired (dashboard). */
export const certificationWarningSchema = z.object({
  _id: z.string(),
  nameFr: z.string(),
  validUntil: z.string(),
  status: z.enum(["expiring", "expired"]),
  /** Whole days from today (Tunisia) to the last valid day: 0 on the last day, negative once expired. */
  daysLeft: z.number().int(),
  productCount: z.number().int(),
});
export type CertificationWarning = z.output<typeof certificationWarningSchema>;
export const certificationWarningListSchema = z.array(certificationWarningSchema);

/** A `YYYY-MM-DD` day written for readers ("31 janvier 2027" / "January 31, 2027"), the day itself whatever the zone. */
export function formatCertificationDay(day: string, lang: "fr" | "en"): string {
  return new Intl.DateTimeFormat(lang === "fr" ? "fr-FR" : "en-GB", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
