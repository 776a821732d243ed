import type { PageHandle } from "@shared/page-handle";
import { CONFIRMATION_PARAM, REPLY_WORKING_DAYS } from "@shared/quote-request";
import { ArrowRight, CircleCheck } from "lucide-react";
import { data } from "react-router";
import { siteDataFromMatches } from "~/components/site/site-data";
import { ButtonLink } from "~/components/ui/button";
import { langFromSearch } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { pageMeta } from "~/lib/seo";
import { servicesContext } from "~/lib/server-context";
import type { Route } from "./+types/contact-sent-page";
import { CONTACT_SITE_TEXTS } from "./texts";

/** The token naming the message is this page's own parameter: the language links carry it on. */
export const handle: PageHandle = { params: [CONFIRMATION_PARAM] };

/**
 * A request's confirmation page (`/contact/merci?t=<token>`, decision 0117), where the form sends its sender after a
 * request, with or without JavaScript. It reads the message the signed token names and only shows its ticket number
 * and what was chosen from the form's lists; a reload sends nothing. Without a valid token it thanks without details.
 * It is per visitor, so never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { inbox } = context.get(servicesContext);
  const token = (url.searchParams.get(CONFIRMATION_PARAM) ?? "").slice(0, 200);
  const sent = await inbox.confirmation(token || null, langFromSearch(url.search));
  return data({ sent }, { headers: { "Cache-Control": "private, no-store" } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ location, matches }: Route.MetaArgs) {
  const lang = langFromSearch(location.search);
  const { origin } = siteDataFromMatches(matches);
  return pageMeta({
    title: translate(CONTACT_SITE_TEXTS, lang, "sent.seoTitle"),
    description: translate(CONTACT_SITE_TEXTS, lang, "sent.text", { days: REPLY_WORKING_DAYS }),
    path: "/contact/merci",
    lang,
    origin,
    noindex: true,
  });
}

export default function ContactSentPage({ loaderData }: Route.ComponentProps) {
  const { sent } = loaderData;
  const { href } = useLang();
  const t = useTexts(CONTACT_SITE_TEXTS);

  return (
    <section aria-labelledby="sent-title" className="bg-sand px-4 pt-12 pb-16 sm:px-6 sm:pt-16 sm:pb-24 lg:px-8">
      <div className="mx-auto max-w-2xl">
        <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
          <CircleCheck className="size-12 text-emerald-700" aria-hidden="true" />
          <p className="mt-6 text-sm font-semibold uppercase tracking-[0.18em] text-teal-800">{t("sent.eyebrow")}</p>
          <h1 id="sent-title" className="mt-3 font-display text-3xl font-semibold tracking-tight text-navy text-balance sm:text-4xl">
            {t("sent.title")}
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-700 text-pretty">{t("sent.text", { days: REPLY_WORKING_DAYS })}</p>

          {sent ? (
            <div data-testid="request-summary" className="mt-8 rounded-2xl bg-sand/60 p-5 ring-1 ring-slate-200 sm:p-6">
              <h2 className="font-display text-lg font-semibold text-navy">{t("sent.summary")}</h2>
              <dl className="mt-4 divide-y divide-slate-200 text-sm">
                <div className="flex flex-wrap justify-between gap-x-6 gap-y-1 pb-3">
                  <dt className="text-slate-600">{t("sent.ticket")}</dt>
                  <dd className="font-mono text-base font-semibold tracking-wider text-navy">{`#${sent.ref}`}</dd>
                </div>
                {sent.facts.map((fact) => (
                  <div key={fact.label} className="flex flex-wrap justify-between gap-x-6 gap-y-1 py-3 last:pb-0">
                    <dt className="text-slate-600">{fact.label}</dt>
                    <dd className="font-medium text-navy">{fact.value}</dd>
                  </div>
                ))}
              </dl>
              <p className="mt-4 text-sm text-slate-600">{t("sent.ticketHint")}</p>
            </div>
          ) : (
            <p className="mt-8 rounded-2xl bg-sand/60 p-5 text-sm text-slate-700 ring-1 ring-slate-200">{t("sent.noSummary")}</p>
          )}

          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={href("/")} size="lg">
              {t("sent.catalogue")}
              <ArrowRight className="size-5" aria-hidden="true" />
            </ButtonLink>
            <ButtonLink to={href("/contact")} variant="outline" size="lg">
              {t("sent.another")}
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}
