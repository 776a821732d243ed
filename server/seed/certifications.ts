import { SITE_TIME_ZONE } from "@shared/schedule";
import { type CertificationInput, certificationInputSchema } from "@shared/schemas/certification";
import { foldText } from "../db/text-fold";

/** A demo certification and the demo products (by slug) that show it. */
export type DemoCertification = CertificationInput & { products: string[] };

const DAY_MS = 86_400_000;

/** The day `days` after `from`, in Tunisia's time, as `YYYY-MM-DD`. */
export function siteDayAfter(from: number, days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: SITE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(from + days * DAY_MS),
  );
}

/**
 * The demo's certifications (decision 0111), their end dates relative to the seed date so that one expires soon
 * (the dashboard shows its warning) and the others stay valid. No logos: the demo has none it could honestly show.
 */
export function demoCertifications(seededAt: number): DemoCertification[] {
  return [
    {
      nameFr: "Agriculture biologique (UE)",
      nameEn: "Organic (EU)",
      certifyingBody: "Ecocert",
      verificationUrl: "https://example.com/certificats/bio-ue",
      validUntil: siteDayAfter(seededAt, 300),
      products: ["ulva-lactuca", "gracilaria-gracilis", "salicorne"],
    },
    {
      nameFr: "ISO 22000 — sécurité des denrées alimentaires",
      nameEn: "ISO 22000 — food safety management",
      certifyingBody: "Bureau Veritas",
      verificationUrl: "https://example.com/certificats/iso-22000",
      validUntil: siteDayAfter(seededAt, 20),
      products: ["extrait-ulvane", "extrait-fucoidane", "extrait-antioxydant-lentisque"],
    },
    {
      nameFr: "Halal",
      nameEn: "Halal",
      certifyingBody: "INNORPI",
      verificationUrl: "https://example.com/certificats/halal",
      validUntil: siteDayAfter(seededAt, 700),
      products: ["salicorne", "extrait-ulvane"],
    },
  ];
}

/** The rows to insert: each through the API's schema, with its search text. */
export function certificationRows(list: DemoCertification[]) {
  return list.map(({ products, ...input }) => {
    const { version: _version, ...data } = certificationInputSchema.parse(input);
    return { products, row: { ...data, searchText: foldText(`${data.nameFr} ${data.nameEn} ${data.certifyingBody}`) } };
  });
}
