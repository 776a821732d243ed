import { DEFAULT_PHONE_CODE, PHONE_CODES } from "@shared/phone-codes";
import {
  APPLICATION_NAMES,
  APPLICATIONS,
  CONFIRMATION_PATH,
  COUNTRIES,
  isProductRequest,
  QUANTITY_UNITS,
  REQUEST_TYPE_NAMES,
  REQUEST_TYPES,
  UNIT_NAMES,
} from "@shared/quote-request";
import { ChevronDown, CircleCheck, CircleX, Send } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { describedBy, Field, Input, Select, Textarea } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { localizedPath, withColon } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { type CheckedField, type ContactErrors, type ContactValues, ERROR_KEYS, MAX_LENGTH } from "./contact-fields";
import { CONTACT_SITE_TEXTS } from "./texts";

/** The phone list's compact label: "TN +216". */
const phoneLabel = (code: string): string => {
  const entry = PHONE_CODES.find((candidate) => candidate.code === code) ?? PHONE_CODES[0];
  return `${entry.iso} ${entry.code}`;
};

/** What the page's action answers a form sent without JavaScript. */
export type ContactOutcome =
  | { status: "sent" }
  | { status: "invalid"; errors: ContactErrors; values: ContactValues }
  | { status: "failed"; values: ContactValues };

export const EMPTY_CONTACT: ContactValues = {
  fullName: "",
  email: "",
  phoneCode: DEFAULT_PHONE_CODE,
  phoneNumber: "",
  subject: "",
  message: "",
  website: "",
  formToken: "",
  lang: "fr",
  product: "",
  requestType: "",
  application: "",
  quantity: "",
  quantityUnit: "kg",
  country: "",
  company: "",
};

/** Texts the contact island needs, in the page's language (a JSON data block, not code). */
export type ContactIslandTexts = {
  errors: Record<CheckedField, Record<keyof typeof ERROR_KEYS, string>>;
  sending: string;
  submit: string;
  success: string;
  error: string;
  close: string;
  /** The confirmation page a request's sender goes to, in the page's language (its token is added). */
  confirmPath: string;
};

/** A JSON data block (never executed, so outside the Content-Security-Policy's script rules). */
function JsonData({ id, value }: { id: string; value: unknown }) {
  const json = JSON.stringify(value).replace(/</g, "\\u003c");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped cannot close the element
  return <script type="application/json" id={id} dangerouslySetInnerHTML={{ __html: json }} />;
}

function Notice({ tone, children }: { tone: "success" | "error"; children: string }) {
  const Icon = tone === "success" ? CircleCheck : CircleX;
  return (
    <p
      role={tone === "success" ? "status" : "alert"}
      className={`flex items-start gap-3 rounded-xl px-4 py-3 text-sm font-medium ${tone === "success" ? "bg-emerald-50 text-emerald-900 ring-1 ring-emerald-200" : "bg-red-50 text-red-900 ring-1 ring-red-200"}`}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {children}
    </p>
  );
}

type Control = (field: CheckedField) => {
  id: string;
  name: CheckedField;
  invalid: boolean;
  "aria-describedby": string | undefined;
  defaultValue: string;
};

/**
 * The optional sample or quote request (decision 0108): always shown, as an optional section, so a buyer who came
 * from the menu can ask for a sample too and nothing depends on JavaScript. The product is a fixed line naming it
 * (its slug in a hidden field) when the page was opened from a product: a list of every product would be too long.
 */
function RequestFields({
  values,
  product,
  control,
  errorText,
}: {
  values: ContactValues;
  product: { slug: string; name: string } | undefined;
  control: Control;
  errorText: (field: CheckedField) => string | undefined;
}) {
  const { lang } = useLang();
  const t = useTexts(CONTACT_SITE_TEXTS);
  const choose = <option value="">{t("request.choose")}</option>;
  return (
    <fieldset className="space-y-5 rounded-2xl bg-sand/60 p-5 ring-1 ring-slate-200 sm:p-6" aria-describedby="contact-request-hint">
      {/* Floated, the legend is a heading inside the box: a long one wraps there instead of across its border. */}
      <legend className="float-left w-full font-display text-lg leading-snug font-semibold text-navy text-balance">
        {t("request.legend")}
      </legend>
      <p id="contact-request-hint" className="clear-both text-sm text-slate-600">
        {t("request.hint")}
      </p>
      {product && (
        <p className="text-sm text-slate-800" data-request-product="">
          <span className="font-medium">{withColon(t("request.product"), lang)}</span> {product.name}
          <input type="hidden" name="product" value={product.slug} />
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t("request.type")} htmlFor="contact-requestType">
          <Select id="contact-requestType" name="requestType" defaultValue={values.requestType}>
            {choose}
            {REQUEST_TYPES.map((type) => (
              <option key={type} value={type}>
                {REQUEST_TYPE_NAMES[type][lang]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("request.application")} htmlFor="contact-application">
          <Select id="contact-application" name="application" defaultValue={values.application}>
            {choose}
            {APPLICATIONS.map((application) => (
              <option key={application} value={application}>
                {APPLICATION_NAMES[application][lang]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label={t("request.quantity")} htmlFor="contact-quantity" error={errorText("quantity")}>
        <div className="flex">
          <Input {...control("quantity")} type="text" inputMode="decimal" className="min-w-0 rounded-r-none" />
          <Select
            id="contact-quantityUnit"
            name="quantityUnit"
            aria-label={t("request.unit")}
            defaultValue={values.quantityUnit || "kg"}
            className="w-32 shrink-0 rounded-l-none border-l-0 bg-slate-50"
          >
            {QUANTITY_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {UNIT_NAMES[unit][lang]}
              </option>
            ))}
          </Select>
        </div>
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t("request.country")} htmlFor="contact-country">
          <Select id="contact-country" name="country" autoComplete="off" defaultValue={values.country}>
            {choose}
            {COUNTRIES.map((country) => (
              <option key={country.code} value={country.code}>
                {country[lang]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("request.company")} htmlFor="contact-company" error={errorText("company")}>
          <Input {...control("company")} autoComplete="organization" />
        </Field>
      </div>
    </fieldset>
  );
}

/**
 * The contact form as a document: it posts to the page's own action and works without JavaScript (the page answers
 * with the errors or a confirmation). The contact island enhances it: errors as you go, sending state, toasts, reset.
 */
export function ContactForm({
  initialSubject,
  outcome,
  action,
  island,
  product,
  formToken,
  initialRequestType = "",
}: {
  initialSubject: string;
  /** The request type named by `?type=` (an on-request document links with `type=documents`); "" for none. */
  initialRequestType?: ContactValues["requestType"];
  outcome: ContactOutcome | undefined;
  action: string;
  island: string;
  /** The product the request is about (`/contact?product=<slug>`), named on a fixed line. */
  product: { slug: string; name: string } | undefined;
  /** The signed time the form was rendered (the spam rules' minimum fill time). */
  formToken: string;
}) {
  const { lang } = useLang();
  const t = useTexts(CONTACT_SITE_TEXTS);
  const values =
    outcome && outcome.status !== "sent" ? outcome.values : { ...EMPTY_CONTACT, subject: initialSubject, requestType: initialRequestType };
  const errors: ContactErrors = outcome?.status === "invalid" ? outcome.errors : {};
  const errorText = (field: CheckedField): string | undefined => {
    const kind = errors[field];
    return kind ? t(ERROR_KEYS[kind], { max: MAX_LENGTH[field] }) : undefined;
  };
  const control = (field: CheckedField) => {
    const error = errorText(field);
    const id = `contact-${field}`;
    return { id, name: field, invalid: Boolean(error), "aria-describedby": describedBy(id, { error }), defaultValue: values[field] };
  };
  const texts: ContactIslandTexts = {
    errors: Object.fromEntries(
      (Object.keys(MAX_LENGTH) as CheckedField[]).map((field) => [
        field,
        Object.fromEntries(Object.entries(ERROR_KEYS).map(([kind, key]) => [kind, t(key, { max: MAX_LENGTH[field] })])),
      ]),
    ) as ContactIslandTexts["errors"],
    sending: t("sending"),
    submit: t("submit"),
    success: t("success"),
    error: t("error"),
    close: t("toastClose"),
    confirmPath: localizedPath(CONFIRMATION_PATH, lang),
  };
  const productRequest = isProductRequest(values.requestType, product?.slug);
  /** Subject and message: required for a plain message, optional for a quote or sample request about a product. */
  const optionalWhenRequest = (label: string) => (
    <>
      {label}
      <span aria-hidden="true" className="text-red-700 group-data-[product-request]/form:hidden">
        {" "}
        *
      </span>
      <span className="hidden font-normal text-slate-600 group-data-[product-request]/form:inline"> ({t("request.subjectOptional")})</span>
    </>
  );

  return (
    <>
      <form
        method="post"
        action={action}
        noValidate
        data-contact-form=""
        data-product-request={productRequest ? "" : undefined}
        className="group/form relative space-y-5"
        aria-labelledby="contact-form-title"
      >
        {outcome?.status === "sent" && <Notice tone="success">{t("success")}</Notice>}
        {outcome?.status === "failed" && <Notice tone="error">{t("error")}</Notice>}
        <p className="text-sm text-slate-600">{t("required")}</p>
        {/* The request first: a buyer who came from a product has it chosen; subject and message then follow it. */}
        <RequestFields values={values} product={product} control={control} errorText={errorText} />

        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t("fullName")} htmlFor="contact-fullName" error={errorText("fullName")} required>
            <Input {...control("fullName")} autoComplete="name" aria-required="true" />
          </Field>
          <Field label={t("emailField")} htmlFor="contact-email" error={errorText("email")} required>
            <Input {...control("email")} type="email" autoComplete="email" aria-required="true" />
          </Field>
        </div>

        <Field
          label={
            <>
              {t("phoneField")} <span className="font-normal text-slate-600">({t("optional")})</span>
            </>
          }
          htmlFor="contact-phoneNumber"
          error={errorText("phoneNumber")}
        >
          <div className="flex">
            {/* The list names each country; closed, it shows "TN +216" once the island runs (data-compact: the
                select's own text is hidden under that label, its arrow drawn again), the whole "TN +216 · Tunisie"
                without JavaScript. */}
            <div data-phone-code="" className="group/phone relative shrink-0">
              <Select
                name="phoneCode"
                defaultValue={values.phoneCode}
                id="contact-phoneCode"
                aria-label={t("phoneCode")}
                autoComplete="tel-country-code"
                className="field-sizing-content rounded-r-none border-r-0 bg-slate-50 group-data-[compact]/phone:w-[7.5rem] group-data-[compact]/phone:text-transparent [&>option]:text-navy"
              >
                {PHONE_CODES.map((entry) => (
                  <option key={entry.code} value={entry.code}>
                    {entry.iso} {entry.code} · {entry[lang]}
                  </option>
                ))}
              </Select>
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-0 right-2.5 left-3 hidden items-center justify-between text-sm text-navy group-data-[compact]/phone:flex"
              >
                <span data-phone-label="">{phoneLabel(values.phoneCode)}</span>
                <ChevronDown className="size-4 text-slate-600" />
              </span>
            </div>
            {/* The national number (the code is the list beside it): "tel-national" is only valid on a text field, so the
                field is text with the phone keypad. */}
            <Input {...control("phoneNumber")} type="text" autoComplete="tel-national" inputMode="tel" className="min-w-0 rounded-l-none" />
          </div>
        </Field>

        <Field label={optionalWhenRequest(t("subject"))} htmlFor="contact-subject" error={errorText("subject")}>
          <Input {...control("subject")} aria-required={productRequest ? "false" : "true"} />
        </Field>

        <Field label={optionalWhenRequest(t("message"))} htmlFor="contact-message" error={errorText("message")}>
          <Textarea {...control("message")} rows={6} aria-required={productRequest ? "false" : "true"} />
        </Field>

        <input type="hidden" name="lang" value={lang} />
        <input type="hidden" name="formToken" value={formToken} />

        {/* Honeypot: off-screen, hidden from screen readers and out of the tab order (not display:none, which bots skip). */}
        <div aria-hidden="true" className="absolute -left-[9999px] top-auto h-px w-px overflow-hidden">
          <label htmlFor="contact-website">{t("honeypot")}</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue={values.website} />
        </div>

        <button type="submit" data-submit="" className={`${buttonClass({ size: "lg" })} group w-full sm:w-auto`}>
          <Spinner className="hidden size-4 group-aria-busy:inline" />
          <Send className="size-4 group-aria-busy:hidden" aria-hidden="true" />
          <span data-label="">{t("submit")}</span>
        </button>
      </form>
      <div
        aria-live="polite"
        data-toasts=""
        className="pointer-events-none fixed top-24 right-4 left-4 z-50 flex flex-col items-end gap-2 sm:left-auto sm:w-96"
      />
      <JsonData id="contact-texts" value={texts} />
      <script type="module" src={island} fetchPriority="low" />
    </>
  );
}
