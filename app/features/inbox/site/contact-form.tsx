import { DEFAULT_PHONE_CODE, PHONE_CODES } from "@shared/phone-codes";
import { CircleCheck, CircleX, Send } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { describedBy, Field, Input, Select, Textarea } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { useLang } from "~/i18n/lang-context";
import { useTexts } from "~/i18n/screen-lang";
import { type CheckedField, type ContactErrors, type ContactValues, ERROR_KEYS, MAX_LENGTH } from "./contact-fields";
import { CONTACT_SITE_TEXTS } from "./texts";

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
};

/** Texts the contact island needs, in the page's language (a JSON data block, not code). */
export type ContactIslandTexts = {
  errors: Record<CheckedField, Record<keyof typeof ERROR_KEYS, string>>;
  sending: string;
  submit: string;
  success: string;
  error: string;
  close: string;
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

/**
 * The contact form as a document: it posts to the page's own action and works without JavaScript (the page answers
 * with the errors or a confirmation). The contact island enhances it: errors as you go, sending state, toasts, reset.
 */
export function ContactForm({
  initialSubject,
  outcome,
  action,
  island,
}: {
  initialSubject: string;
  outcome: ContactOutcome | undefined;
  action: string;
  island: string;
}) {
  const { lang } = useLang();
  const t = useTexts(CONTACT_SITE_TEXTS);
  const values = outcome && outcome.status !== "sent" ? outcome.values : { ...EMPTY_CONTACT, subject: initialSubject };
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
  };

  return (
    <>
      <form
        method="post"
        action={action}
        noValidate
        data-contact-form=""
        className="relative space-y-5"
        aria-labelledby="contact-form-title"
      >
        {outcome?.status === "sent" && <Notice tone="success">{t("success")}</Notice>}
        {outcome?.status === "failed" && <Notice tone="error">{t("error")}</Notice>}
        <p className="text-sm text-slate-600">{t("required")}</p>
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
            <Select
              name="phoneCode"
              defaultValue={values.phoneCode}
              id="contact-phoneCode"
              aria-label={t("phoneCode")}
              autoComplete="tel-country-code"
              className="w-36 shrink-0 rounded-r-none border-r-0 bg-slate-50 sm:w-44"
            >
              {PHONE_CODES.map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {entry.code} {entry[lang]}
                </option>
              ))}
            </Select>
            {/* The national number (the code is the list beside it): "tel-national" is only valid on a text field, so the
                field is text with the phone keypad. */}
            <Input {...control("phoneNumber")} type="text" autoComplete="tel-national" inputMode="tel" className="min-w-0 rounded-l-none" />
          </div>
        </Field>

        <Field label={t("subject")} htmlFor="contact-subject" error={errorText("subject")} required>
          <Input {...control("subject")} aria-required="true" />
        </Field>

        <Field label={t("message")} htmlFor="contact-message" error={errorText("message")} required>
          <Textarea {...control("message")} rows={6} aria-required="true" />
        </Field>

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
        className="pointer-events-none fixed top-4 right-4 left-4 z-50 flex flex-col items-end gap-2 sm:left-auto sm:w-96"
      />
      <JsonData id="contact-texts" value={texts} />
      <script type="module" src={island} fetchPriority="low" />
    </>
  );
}
