import type { Lang } from "@shared/company";
import type { PublicCertification } from "@shared/schemas/certification";
import { localized } from "~/i18n/lang";

/**
 * The product's valid certifications as schema.org `hasCertification` of its Product node (decision 0111): each a
 * `Certification` with its name in the page's language, the certifying body as `issuedBy`, its end as `expires`, the
 * verification link as `url` and the logo (absolute). Nothing when there are none.
 */
export function hasCertification(certifications: PublicCertification[], lang: Lang, absolute: (path: string) => string): object {
  if (certifications.length === 0) return {};
  return {
    hasCertification: certifications.map((certification) => ({
      "@type": "Certification",
      name: localized(certification, "name", lang),
      issuedBy: { "@type": "Organization", name: certification.certifyingBody },
      ...(certification.validUntil ? { expires: certification.validUntil } : {}),
      ...(certification.verificationUrl ? { url: certification.verificationUrl } : {}),
      ...(certification.logoUrl ? { logo: absolute(certification.logoUrl) } : {}),
    })),
  };
}
