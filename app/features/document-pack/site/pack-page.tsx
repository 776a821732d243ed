import {
  PACK_LINK_DAYS,
  PACK_MAX_ITEMS,
  PACK_REMOVE_PATH,
  packCookieHeader,
  packIdsFromCookie,
  packRequestSchema,
} from "@shared/document-pack";
import { DOCUMENT_KIND_NAMES, DOCUMENT_LANGUAGE_NAMES, humanSize } from "@shared/documents";
import { CONFIRMATION_PARAM, CONFIRMATION_PATH, COUNTRIES } from "@shared/quote-request";
import { ArrowLeft, FileText, Send, Trash2 } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { siteDataFromMatches } from "~/components/site/site-data";
import { buttonClass } from "~/components/ui/button";
import { describedBy, Field, FormError, Input, Select, Textarea } from "~/components/ui/field";
import { langFromSearch, localizedPath } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { pageMeta } from "~/lib/seo";
import { requestFaultsContext, servicesContext } from "~/lib/server-context";
import type { Route } from "./+types/pack-page";
import { DOCUMENT_PACK_TEXTS } from "./texts";

type Fields = "fullName" | "email" | "company" | "country" | "message";
type ErrorKind = "required" | "email" | "tooLong" | "singleLine";
type Outcome = { errors: Partial<Record<Fields, ErrorKind>>; values: Partial<Record<Fields, string>>; form?: "empty" | "failed" };

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * The document pack being built (decision 0125): the documents whose ids the cookie holds (only those of public
 * products are shown), grouped by product, each with a remove button, and the request's form. Per visitor: never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { packs, inbox } = context.get(servicesContext);
  const lang = langFromSearch(new URL(request.url).search);
  const documents = await packs.documents(packIdsFromCookie(request.headers.get("cookie")), lang);
  return data({ documents, formToken: inbox.formToken() }, { headers: NO_STORE });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** Sends the pack as one request (the contact form's budget, spam rules and mails), empties it, shows its confirmation. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(
    (["fullName", "email", "company", "country", "message", "website", "formToken", "lang"] as const).map((name) => [
      name,
      String(form.get(name) ?? ""),
    ]),
  );
  const parsed = packRequestSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Outcome["errors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Fields;
      if (errors[field]) continue;
      errors[field] =
        issue.code === "too_big"
          ? "tooLong"
          : issue.code === "invalid_format"
            ? values.email?.trim()
              ? "email"
              : "required"
            : issue.code === "custom"
              ? "singleLine"
              : "required";
    }
    return data<Outcome>({ errors, values }, { status: 400, headers: NO_STORE });
  }
  const { packs, inbox, publicUrl } = context.get(servicesContext);
  try {
    const sent = await packs.submit(parsed.data, packIdsFromCookie(request.headers.get("cookie")));
    if (!sent) return data<Outcome>({ errors: {}, values, form: "empty" }, { status: 400, headers: NO_STORE });
    const token = encodeURIComponent(inbox.confirmationToken(sent._id));
    return redirect(localizedPath(`${CONFIRMATION_PATH}?${CONFIRMATION_PARAM}=${token}`, parsed.data.lang), {
      status: 303,
      headers: { "Set-Cookie": packCookieHeader([], publicUrl.startsWith("https:")) },
    });
  } catch (error) {
    context.get(requestFaultsContext).log.error({ err: error, event: "pack.store_failed" }, "Storing a document pack failed");
    return data<Outcome>({ errors: {}, values, form: "failed" }, { status: 500, headers: NO_STORE });
  }
}

export function meta({ location, matches }: Route.MetaArgs) {
  const lang = langFromSearch(location.search);
  const { origin } = siteDataFromMatches(matches);
  return pageMeta({
    title: translate(DOCUMENT_PACK_TEXTS, lang, "seo.title"),
    description: translate(DOCUMENT_PACK_TEXTS, lang, "seo.description"),
    path: "/document-pack",
    lang,
    origin,
    noindex: true,
  });
}

export default function PackPage({ loaderData, actionData }: Route.ComponentProps) {
  const { documents, formToken } = loaderData;
  const { lang, href } = useLang();
  const t = useTexts(DOCUMENT_PACK_TEXTS);
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const byProduct = new Map<string, typeof documents>();
  for (const doc of documents) byProduct.set(doc.productSlug, [...(byProduct.get(doc.productSlug) ?? []), doc]);

  const control = (name: Fields) => ({
    id: `pack-${name}`,
    name,
    defaultValue: values[name] ?? "",
    invalid: Boolean(errors[name]),
    "aria-describedby": describedBy(`pack-${name}`, { error: errors[name] }),
  });
  const error = (name: Fields) => (errors[name] ? t(`error.${errors[name]}`) : undefined);

  return (
    <section aria-labelledby="pack-title" className="bg-sand px-4 pt-12 pb-16 sm:px-6 sm:pt-16 sm:pb-24 lg:px-8">
      <div className="mx-auto max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-[0.18em] text-teal-800">{t("eyebrow")}</p>
        <h1 id="pack-title" className="mt-3 font-display text-4xl font-semibold tracking-tight text-navy text-balance sm:text-5xl">
          {t("title")}
        </h1>
        <p className="mt-5 text-lg leading-relaxed text-slate-700 text-pretty">{t("intro", { days: PACK_LINK_DAYS })}</p>

        <div className="mt-10 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 className="font-display text-xl font-semibold text-navy" data-testid="pack-count">
            {t("count", { count: documents.length })}
          </h2>
          {documents.length === 0 && <p className="mt-4 text-slate-700">{t("empty")}</p>}
          {documents.length >= PACK_MAX_ITEMS && <p className="mt-4 text-sm text-slate-700">{t("full", { max: PACK_MAX_ITEMS })}</p>}
          {[...byProduct].map(([slug, docs]) => (
            <div key={slug} className="mt-6">
              <h3 className="font-semibold text-navy">
                <Link
                  to={href(`/product/${slug}`)}
                  className="rounded underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-teal-800"
                >
                  {docs[0]?.productName}
                </Link>
              </h3>
              <ul className="mt-2 divide-y divide-slate-200 rounded-2xl border border-slate-200">
                {docs.map((doc) => {
                  const name = `${DOCUMENT_KIND_NAMES[doc.kind][lang]} (${DOCUMENT_LANGUAGE_NAMES[doc.language][lang]})`;
                  return (
                    <li key={doc.documentId} data-testid="pack-item" className="flex items-center justify-between gap-3 p-3 sm:p-4">
                      <div className="flex min-w-0 gap-3">
                        <FileText className="mt-0.5 size-5 shrink-0 text-slate-600" aria-hidden="true" />
                        <div className="min-w-0">
                          <p className="font-medium text-navy">{name}</p>
                          <p className="text-sm text-slate-700">
                            {humanSize(doc.sizeBytes, lang)} · {doc.visibility === "public" ? t("public") : t("onRequest")}
                          </p>
                        </div>
                      </div>
                      <form method="post" action={PACK_REMOVE_PATH}>
                        <input type="hidden" name="documentId" value={doc.documentId} />
                        <input type="hidden" name="lang" value={lang} />
                        <button
                          type="submit"
                          aria-label={t("removeLabel", { name: `${docs[0]?.productName} — ${name}` })}
                          className={buttonClass({ variant: "ghost", size: "sm" })}
                        >
                          <Trash2 className="size-4" aria-hidden="true" />
                          <span className="hidden sm:inline">{t("remove")}</span>
                        </button>
                      </form>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
          <Link to={href("/")} className={`${buttonClass({ variant: "outline" })} mt-6`}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t("catalogue")}
          </Link>
        </div>

        {documents.length > 0 && (
          <form method="post" className="mt-8 space-y-5 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" noValidate>
            <h2 className="font-display text-xl font-semibold text-navy">{t("formTitle")}</h2>
            <p className="text-sm text-slate-600">{t("required")}</p>
            {actionData?.form && <FormError>{t(actionData.form === "empty" ? "error.empty" : "error.failed")}</FormError>}
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label={t("fullName")} htmlFor="pack-fullName" error={error("fullName")} required>
                <Input {...control("fullName")} autoComplete="name" required />
              </Field>
              <Field label={t("email")} htmlFor="pack-email" error={error("email")} required>
                <Input {...control("email")} type="email" autoComplete="email" required />
              </Field>
              <Field label={`${t("company")} (${t("optional")})`} htmlFor="pack-company" error={error("company")}>
                <Input {...control("company")} autoComplete="organization" />
              </Field>
              <Field label={`${t("country")} (${t("optional")})`} htmlFor="pack-country" error={error("country")}>
                <Select {...control("country")}>
                  <option value="">{t("countryNone")}</option>
                  {COUNTRIES.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country[lang]}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
            <Field label={`${t("message")} (${t("optional")})`} htmlFor="pack-message" error={error("message")}>
              <Textarea {...control("message")} rows={4} />
            </Field>
            <input type="hidden" name="lang" value={lang} />
            <input type="hidden" name="formToken" value={formToken} />
            {/* Honeypot, as on the contact form: off-screen, hidden from screen readers, out of the tab order. */}
            <div aria-hidden="true" className="absolute -left-[9999px] top-auto h-px w-px overflow-hidden">
              <label htmlFor="pack-website">{t("honeypot")}</label>
              <input id="pack-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <button type="submit" className={`${buttonClass({ size: "lg" })} w-full sm:w-auto`}>
              <Send className="size-4" aria-hidden="true" />
              {t("send")}
            </button>
            <p className="border-t border-slate-200 pt-5 text-sm leading-relaxed text-slate-600">{t("privacyNotice")}</p>
          </form>
        )}
      </div>
    </section>
  );
}
