import { COMPANY } from "@shared/company";
import type { Category } from "@shared/schemas/category";
import type { SettingsData } from "@shared/schemas/settings";
import { CATALOGUE_PDF_PATH } from "@shared/spec-sheets";
import { Clock, ExternalLink, Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { localized, withColon } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { SITE_TEXTS } from "~/i18n/site";
import { cn } from "~/lib/cn";
import { LegalLinks } from "./legal-links";
import { LogoMark } from "./logo";
import { telHref } from "./tel";

const linkClass =
  "rounded text-slate-300 underline-offset-4 transition hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/** One entry of the footer's link list: an address of the site and its text. */
type FooterLink = { key: string; path: string; label: string };

/**
 * The footer's link list, in order: home, the product finder, the real categories, contact. Further links (editable pages…) are added
 * to this one array.
 */
function footerLinks(categories: Category[], lang: "fr" | "en", home: string, finder: string, contact: string): FooterLink[] {
  return [
    { key: "home", path: "/", label: home },
    { key: "finder", path: "/products", label: finder },
    ...categories.map((category) => ({ key: category._id, path: `/category/${category.slug}`, label: localized(category, "name", lang) })),
    { key: "contact", path: "/contact", label: contact },
  ];
}

/**
 * Links, coordinates, Follow Us, "since 2010", copyright and credit. The coordinates and the texts come from the site
 * settings (`settings`), the brand and its founding year stay fixed (shared/company.ts).
 */
export function SiteFooter({ categories, settings }: { categories: Category[]; settings: SettingsData }) {
  const { lang, href } = useLang();
  const t = useTexts(SITE_TEXTS);
  const brand = `${COMPANY.name} ${COMPANY.tagline}`;
  const { company, footer } = settings;
  return (
    <footer className="bg-navy text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.3fr_1fr_1.2fr_1.1fr] lg:px-8">
        <div>
          <div className="flex items-center gap-3">
            <LogoMark className="size-11" />
            <p className="flex flex-col leading-none">
              <span className="font-display text-xl font-semibold text-white">{COMPANY.name}</span>
              <span className="mt-1 text-[0.7rem] font-medium uppercase tracking-[0.2em] text-sky-100">{COMPANY.tagline}</span>
            </p>
          </div>
          <p className="mt-5 max-w-xs text-sm leading-relaxed text-slate-300">{footer.about[lang]}</p>
          <p className="mt-4 inline-flex rounded-full border border-white/20 px-3 py-1 text-xs font-semibold tracking-wide text-sky-100">
            {t("footer.since", { year: COMPANY.since })}
          </p>
        </div>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-sm font-semibold uppercase tracking-wider text-white">
            {t("footer.links")}
          </h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            {footerLinks(categories, lang, t("nav.home"), t("nav.finder"), t("nav.contact")).map((link) => (
              <li key={link.key}>
                <Link to={href(link.path)} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              {/* Every public product as one PDF (decision 0126): a file, so a plain link, not client navigation. */}
              <a href={href(CATALOGUE_PDF_PATH)} type="application/pdf" className={linkClass}>
                {t("footer.catalogue")}
              </a>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{t("footer.contact")}</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="flex gap-3">
              <MapPin className="mt-0.5 size-4 shrink-0 text-sky-200" aria-hidden="true" />
              <span>
                <span className="sr-only">{withColon(t("footer.address"), lang)} </span>
                {company.address}
              </span>
            </p>
            {company.mapUrl && (
              <p className="flex gap-3">
                <ExternalLink className="mt-0.5 size-4 shrink-0 text-sky-200" aria-hidden="true" />
                <a href={company.mapUrl} className={linkClass} rel="noopener">
                  {t("footer.map")}
                </a>
              </p>
            )}
            {company.emails.map((email) => (
              <p key={email.email} className="flex gap-3">
                <Mail className="mt-0.5 size-4 shrink-0 text-sky-200" aria-hidden="true" />
                <a href={`mailto:${email.email}`} className={linkClass}>
                  <span className="sr-only">{withColon(email.label[lang], lang)} </span>
                  {email.email}
                </a>
              </p>
            ))}
            {company.phones.map((phone) => (
              <p key={`${phone.number}-${phone.label.fr}`} className="flex gap-3">
                <Phone className="mt-0.5 size-4 shrink-0 text-sky-200" aria-hidden="true" />
                <a href={telHref(phone.number)} className={linkClass}>
                  <span className="sr-only">{withColon(phone.label[lang], lang)} </span>
                  {phone.number}
                </a>
              </p>
            ))}
            {company.hours[lang] && (
              <p className="flex gap-3">
                <Clock className="mt-0.5 size-4 shrink-0 text-sky-200" aria-hidden="true" />
                <span className="whitespace-pre-line">
                  <span className="sr-only">{withColon(t("footer.hours"), lang)} </span>
                  {company.hours[lang]}
                </span>
              </p>
            )}
          </address>
        </div>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{t("footer.follow")}</h2>
          <p className="mt-4 text-sm leading-relaxed text-slate-300">{footer.followText[lang]}</p>
          {company.social.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
              {company.social.map((link) => (
                <li key={link.url}>
                  <a href={link.url} className={linkClass} rel="noopener">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <Link to={href("/contact")} className={cn(buttonClass({ variant: "light", size: "md" }), "mt-5")}>
            {t("footer.contactButton")}
          </Link>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-slate-300 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>{t("footer.rights", { year: COMPANY.copyrightYear, name: brand })}</p>
          <LegalLinks />
          <p>{footer.credit[lang]}</p>
        </div>
      </div>
    </footer>
  );
}
