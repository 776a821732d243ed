import { FORM_TOKEN_SLOT } from "@shared/fresh-slots";
import { LIMITS } from "@shared/limits";
import type { PageHandle } from "@shared/page-handle";
import { SUBJECT_PARAM } from "@shared/query-params";
import {
  CONFIRMATION_PARAM,
  CONFIRMATION_PATH,
  isRequest,
  PRODUCT_PARAM,
  REPLY_WORKING_DAYS,
  requestTypeOf,
  TYPE_PARAM,
} from "@shared/quote-request";
import { Check, Clock, Mail, MapPin, MessageSquareReply, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { data, Link, redirect, useSearchParams } from "react-router";
import { sitePagePath } from "~/components/site/legal-links";
import { siteDataFromMatches, useSiteData } from "~/components/site/site-data";
import { telHref } from "~/components/site/tel";
import { langFromSearch, localizedPath } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { pageMeta } from "~/lib/seo";
import { requestFaultsContext, servicesContext } from "~/lib/server-context";
import type { Route } from "./+types/contact-page";
import { checkContact } from "./contact-check";
import { valuesFromForm } from "./contact-fields";
import { ContactForm, type ContactOutcome, EMPTY_CONTACT } from "./contact-form";
import { CONTACT_SITE_TEXTS } from "./texts";

/** The product, request type and subject a link prefills are its own (PageHandle). */
export const handle: PageHandle = { params: [PRODUCT_PARAM, TYPE_PARAM, SUBJECT_PARAM] };

/**
 * The product a request is about (`?product=<slug>`; an unknown or hidden one is ignored) and the form's signed render
 * time, fresh on every visit: a page rendered for the response cache carries its slot, which the cache writes for
 * each visitor (decision 0136); browsers keep no copy.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { inbox } = context.get(servicesContext);
  const slug = (url.searchParams.get(PRODUCT_PARAM) ?? "").slice(0, LIMITS.slugMax);
  const found = await inbox.publicProduct(slug || undefined);
  const lang = langFromSearch(url.search);
  const product = found ? { slug, name: (lang === "en" && found.nameEn) || found.nameFr } : undefined;
  const formToken = context.get(requestFaultsContext).renderedForCache ? FORM_TOKEN_SLOT : inbox.formToken();
  return data({ product, formToken }, { headers: { "Cache-Control": "no-store" } });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/**
 * The form sent without JavaScript: validated with the shared schema and stored by the same service as
 * `POST /api/contact`; the page answers with the errors (400) or a confirmation.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = valuesFromForm(await request.formData(), EMPTY_CONTACT);
  const checked = checkContact(values);
  if (!checked.ok) return data<ContactOutcome>({ status: "invalid", errors: checked.errors, values }, { status: 400 });
  try {
    const { inbox } = context.get(servicesContext);
    const sent = await inbox.submit(checked.data);
    // A request's sender gets its confirmation page (POST, 303, GET: a reload sends nothing again, decision 0117).
    if (isRequest(checked.data.requestType, checked.data.product)) {
      const lang = checked.data.lang ?? "fr";
      const token = encodeURIComponent(inbox.confirmationToken(sent._id));
      return redirect(localizedPath(`${CONFIRMATION_PATH}?${CONFIRMATION_PARAM}=${token}`, lang), 303);
    }
    return data<ContactOutcome>({ status: "sent" }, { status: 200 });
  } catch (error) {
    context.get(requestFaultsContext).log.error({ err: error, event: "contact.store_failed" }, "Storing a contact message failed");
    return data<ContactOutcome>({ status: "failed", values }, { status: 500 });
  }
}

export function meta({ location, matches }: Route.MetaArgs) {
  const lang = langFromSearch(location.search);
  const { origin } = siteDataFromMatches(matches);
  return pageMeta({
    title: translate(CONTACT_SITE_TEXTS, lang, "seo.title"),
    description: translate(CONTACT_SITE_TEXTS, lang, "seo.description"),
    path: "/contact",
    lang,
    origin,
  });
}

function Coordinate({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/10 text-sky-100">{icon}</span>
      <div>
        <p className="text-sm font-medium text-sky-100">{label}</p>
        <div className="mt-1 text-base font-medium text-white">{children}</div>
      </div>
    </li>
  );
}

const TIPS = ["product", "volume", "packaging", "country"] as const;

const linkClass =
  "rounded underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/** GDPR art. 13 and Loi organique 2004-63: what the data is for, at the point of collection, with the privacy policy. */
function PrivacyNotice() {
  const { lang, href } = useLang();
  const t = useTexts(CONTACT_SITE_TEXTS);
  const policy = useSiteData().pages.find((page) => page.key === "privacy-policy");
  return (
    <p className="mt-6 border-t border-slate-200 pt-5 text-sm leading-relaxed text-slate-600">
      {t("privacyNotice")}
      {policy && (
        <>
          {" "}
          <Link
            to={href(sitePagePath(policy, lang))}
            className="rounded font-medium text-teal-800 underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-800"
          >
            {t("privacyLink")}
          </Link>
        </>
      )}
    </p>
  );
}

export default function ContactPage({ actionData, loaderData }: Route.ComponentProps) {
  const { product, formToken } = loaderData;
  const { lang } = useLang();
  const t = useTexts(CONTACT_SITE_TEXTS);
  const { islands, settings } = useSiteData();
  const { address, emails, phones, hours, mapUrl } = settings.company;
  const [searchParams] = useSearchParams();
  const subject = (searchParams.get(SUBJECT_PARAM) ?? "").slice(0, LIMITS.contactSubjectMax);
  const requestType = requestTypeOf(searchParams.get(TYPE_PARAM));

  return (
    <section aria-labelledby="contact-title" className="bg-sand px-4 pt-12 pb-16 sm:px-6 sm:pt-16 sm:pb-24 lg:px-8">
      <div className="mx-auto max-w-7xl">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-[0.18em] text-teal-800">{t("eyebrow")}</p>
          <h1 id="contact-title" className="mt-3 font-display text-4xl font-semibold tracking-tight text-navy text-balance sm:text-5xl">
            {t("title")}
          </h1>
          <p className="mt-5 text-lg leading-relaxed text-slate-700 text-pretty">{t("intro")}</p>
        </div>

        <div className="mt-12 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          {/* Sized to its content (never stretched beside the long form), and kept in view beside it on wide screens. */}
          <aside
            aria-labelledby="coordinates-title"
            className="relative self-start overflow-hidden rounded-3xl bg-navy p-7 text-white sm:p-9 lg:sticky lg:top-28"
          >
            <svg className="pointer-events-none absolute right-0 bottom-0 h-40 w-72 text-white/10" viewBox="0 0 288 160" aria-hidden="true">
              <path d="M0 70c36-18 72-18 108 0s72 18 108 0 72-18 108 0" stroke="currentColor" strokeWidth="8" fill="none" />
              <path d="M0 115c36-18 72-18 108 0s72 18 108 0 72-18 108 0" stroke="currentColor" strokeWidth="8" fill="none" />
            </svg>
            <h2 id="coordinates-title" className="font-display text-2xl font-semibold">
              {t("coordinates")}
            </h2>
            <ul className="relative mt-8 space-y-6">
              <Coordinate icon={<MapPin className="size-5" aria-hidden="true" />} label={t("address")}>
                <address className="not-italic">{address}</address>
                {mapUrl && (
                  <a href={mapUrl} className={`${linkClass} mt-1 inline-block text-sm text-sky-100`} rel="noopener">
                    {t("map")}
                  </a>
                )}
              </Coordinate>
              {emails.map((email) => (
                <Coordinate key={email.email} icon={<Mail className="size-5" aria-hidden="true" />} label={email.label[lang]}>
                  <a href={`mailto:${email.email}`} className={linkClass}>
                    {email.email}
                  </a>
                </Coordinate>
              ))}
              {phones.map((phone) => (
                <Coordinate
                  key={`${phone.number}-${phone.label.fr}`}
                  icon={<Phone className="size-5" aria-hidden="true" />}
                  label={phone.label[lang]}
                >
                  <a href={telHref(phone.number)} className={linkClass}>
                    {phone.number}
                  </a>
                </Coordinate>
              ))}
              {hours[lang] && (
                <Coordinate icon={<Clock className="size-5" aria-hidden="true" />} label={t("hours")}>
                  <p className="whitespace-pre-line">{hours[lang]}</p>
                </Coordinate>
              )}
              <Coordinate icon={<MessageSquareReply className="size-5" aria-hidden="true" />} label={t("responseTime")}>
                <p>{t("responseTimeValue", { days: REPLY_WORKING_DAYS })}</p>
              </Coordinate>
            </ul>
            <div className="relative mt-10 border-t border-white/15 pt-8">
              <h3 className="text-sm font-semibold uppercase tracking-wider text-sky-100">{t("tipsTitle")}</h3>
              <ul className="mt-4 space-y-2.5">
                {TIPS.map((tip) => (
                  <li key={tip} className="flex gap-3 text-white/90">
                    <Check className="mt-1 size-4 shrink-0 text-sky-200" aria-hidden="true" />
                    {t(`tip.${tip}` as const)}
                  </li>
                ))}
              </ul>
            </div>
          </aside>

          <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-9">
            <h2 id="contact-form-title" className="font-display text-2xl font-semibold text-navy">
              {t("formTitle")}
            </h2>
            <div className="mt-6">
              <ContactForm
                initialSubject={subject}
                initialRequestType={requestType}
                outcome={actionData}
                action={localizedPath(product ? `/contact?${PRODUCT_PARAM}=${encodeURIComponent(product.slug)}` : "/contact", lang)}
                island={islands.contact}
                product={product}
                formToken={formToken}
              />
            </div>
            <PrivacyNotice />
          </div>
        </div>
      </div>
    </section>
  );
}
