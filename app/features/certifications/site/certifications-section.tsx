import { formatCertificationDay, type PublicCertification } from "@shared/schemas/certification";
import { ProductSection } from "~/components/site/product-section";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { langAttr, localizedText } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { CERTIFICATION_SITE_TEXTS } from "./texts";

/** A logo's drawn size: small, with its box reserved (no layout shift). */
const LOGO_PX = 56;

/**
 * The product page's certifications (decision 0111): only those valid today (the query leaves expired ones out), and
 * nothing at all when there are none. Server-rendered, no script; the logo is lazy, sized, its alt from the media library
 * or the certification's name.
 */
export function CertificationsSection({ certifications, ink }: { certifications: PublicCertification[]; ink: string }) {
  const { lang } = useLang();
  const t = useTexts(CERTIFICATION_SITE_TEXTS);
  if (certifications.length === 0) return null;
  return (
    <ProductSection id="certifications-title" title={t("title")} ink={ink} testId="product-certifications">
      <ul className="grid gap-4 sm:grid-cols-2">
        {certifications.map((certification) => {
          const shownName = localizedText(certification, "name", lang);
          const name = shownName.value;
          return (
            <li key={certification._id} className="flex gap-4 rounded-2xl border border-navy/10 bg-sand p-4">
              {certification.logoUrl && (
                <div className="size-14 shrink-0 overflow-hidden rounded-lg bg-white">
                  <ResponsiveImage
                    src={certification.logoUrl}
                    alt={name}
                    sizes={`${LOGO_PX}px`}
                    fallbackSize={{ width: LOGO_PX, height: LOGO_PX }}
                    className="size-14 object-contain"
                  />
                </div>
              )}
              <div className="min-w-0 text-sm leading-relaxed text-slate-700">
                <p lang={langAttr(shownName, lang)} className="text-base font-semibold text-navy">
                  {name}
                </p>
                <p>{t("body", { body: certification.certifyingBody })}</p>
                {certification.validUntil && <p>{t("validUntil", { date: formatCertificationDay(certification.validUntil, lang) })}</p>}
                {certification.verificationUrl && (
                  <a
                    href={certification.verificationUrl}
                    target="_blank"
                    rel="noopener"
                    className="mt-1 inline-block font-medium text-navy underline underline-offset-4 hover:no-underline"
                  >
                    {t("verify")}
                    <span className="sr-only"> {t("newTab")}</span>
                  </a>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </ProductSection>
  );
}
