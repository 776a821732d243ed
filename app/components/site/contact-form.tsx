import { Send } from "lucide-react";
import { lazy, Suspense, useMemo, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { describedBy, Field, Input, Select, Textarea } from "~/components/ui/field";
import type { MessageKey } from "~/i18n/lang";
import { useLang } from "~/i18n/lang-context";
import { LIMITS, TIMINGS } from "../../../shared/limits";
import { DEFAULT_PHONE_CODE, formatPhone, PHONE_CODES } from "../../../shared/phone-codes";

type FormValues = {
  fullName: string;
  email: string;
  phoneCode: string;
  phoneNumber: string;
  subject: string;
  message: string;
  /** Honeypot: invisible to people, filled by bots. */
  website: string;
};

type ErrorKind = "required" | "email" | "tooLong" | "phone" | "singleLine";
const ERROR_KEYS: Record<ErrorKind, MessageKey> = {
  required: "contact.errors.required",
  email: "contact.errors.email",
  tooLong: "contact.errors.tooLong",
  phone: "contact.errors.phone",
  singleLine: "contact.errors.singleLine",
};
const isErrorKind = (value: string): value is ErrorKind => value in ERROR_KEYS;

const MAX_LENGTH: Partial<Record<keyof FormValues, number>> = {
  fullName: LIMITS.contactFullNameMax,
  email: LIMITS.contactEmailMax,
  phoneNumber: LIMITS.contactPhoneMax,
  subject: LIMITS.contactSubjectMax,
  message: LIMITS.contactMessageMax,
};

const FIELDS = ["fullName", "email", "phoneNumber", "subject", "message"] as const;
type CheckedField = (typeof FIELDS)[number];
const isCheckedField = (value: unknown): value is CheckedField =>
  typeof value === "string" && (FIELDS as readonly string[]).includes(value);

/** What is sent: the shared schema's shape, the phone as code + space + number only when a number was typed. */
function toPayload(values: FormValues) {
  return {
    fullName: values.fullName,
    email: values.email,
    phone: formatPhone(values.phoneCode, values.phoneNumber),
    subject: values.subject,
    message: values.message,
    website: values.website,
  };
}

// zod and the toasts load on the first interaction with the form, not with the page (public JS budget).
let schemaModule: Promise<typeof import("../../../shared/schemas/contact")> | null = null;
const loadSchema = () => {
  schemaModule ??= import("../../../shared/schemas/contact");
  return schemaModule;
};
const loadToast = async () => (await import("sonner")).toast;
const LazyToaster = lazy(async () => ({ default: (await import("~/components/ui/toaster")).Toaster }));

/** Validates exactly what will be sent with the shared `contactInputSchema`; errors carry a kind, translated when shown. */
const resolver: Resolver<FormValues> = async (values) => {
  const payload = toPayload(values);
  const { contactInputSchema } = await loadSchema();
  const result = contactInputSchema.safeParse(payload);
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of result.error.issues) {
    const path = issue.path[0] === "phone" ? "phoneNumber" : issue.path[0];
    if (!isCheckedField(path) || errors[path]) continue;
    let kind: ErrorKind = "required";
    if (issue.code === "too_big") kind = "tooLong";
    else if (issue.code === "invalid_format") kind = payload.email.trim() ? "email" : "required";
    else if (issue.code === "custom") kind = path === "phoneNumber" ? "phone" : "singleLine";
    errors[path] = { type: kind, message: kind };
  }
  return { values: {}, errors };
};

const EMPTY: Omit<FormValues, "subject"> = {
  fullName: "",
  email: "",
  phoneCode: DEFAULT_PHONE_CODE,
  phoneNumber: "",
  message: "",
  website: "",
};

/** The contact form: sending / success toast + reset / error toast, inline errors tied to their fields. */
export function ContactForm({ initialSubject = "" }: { initialSubject?: string }) {
  const { lang, t } = useLang();
  const [armed, setArmed] = useState(false);
  const arm = () => {
    if (armed) return;
    setArmed(true);
    void loadSchema();
  };
  const defaultValues = useMemo(() => ({ ...EMPTY, subject: initialSubject }), [initialSubject]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver, defaultValues, mode: "onTouched" });

  const errorText = (field: keyof FormValues): string | undefined => {
    const kind = errors[field]?.type;
    if (typeof kind !== "string" || !isErrorKind(kind)) return undefined;
    return t(ERROR_KEYS[kind], { max: MAX_LENGTH[field] ?? "" });
  };

  const onSubmit = async (values: FormValues) => {
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(toPayload(values)),
      });
      if (!response.ok) throw new Error(`Contact form: HTTP ${response.status}`);
      (await loadToast()).success(t("contact.success"), { duration: TIMINGS.contactToast });
      reset({ ...EMPTY, subject: "" });
    } catch (error) {
      console.error(error);
      (await loadToast()).error(t("contact.error"), { duration: TIMINGS.contactToast, dismissible: true, closeButton: true });
    }
  };

  const control = (field: keyof FormValues) => {
    const error = errorText(field);
    return { id: `contact-${field}`, invalid: Boolean(error), "aria-describedby": describedBy(`contact-${field}`, { error }) };
  };

  const fullNameError = errorText("fullName");
  const emailError = errorText("email");
  const phoneError = errorText("phoneNumber");
  const subjectError = errorText("subject");
  const messageError = errorText("message");

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => {
          arm();
          return handleSubmit(onSubmit)(event);
        }}
        onFocus={arm}
        onPointerDown={arm}
        className="relative space-y-5"
        aria-labelledby="contact-form-title"
      >
        <p className="text-sm text-slate-600">{t("contact.required")}</p>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t("contact.fullName")} htmlFor="contact-fullName" error={fullNameError} required>
            <Input {...control("fullName")} {...register("fullName")} autoComplete="name" aria-required="true" />
          </Field>
          <Field label={t("contact.emailField")} htmlFor="contact-email" error={emailError} required>
            <Input {...control("email")} {...register("email")} type="email" autoComplete="email" aria-required="true" />
          </Field>
        </div>

        <Field
          label={
            <>
              {t("contact.phoneField")} <span className="font-normal text-slate-600">({t("contact.optional")})</span>
            </>
          }
          htmlFor="contact-phoneNumber"
          error={phoneError}
        >
          <div className="flex">
            <Select
              {...register("phoneCode")}
              id="contact-phoneCode"
              aria-label={t("contact.phoneCode")}
              className="w-36 shrink-0 rounded-r-none border-r-0 bg-slate-50 sm:w-44"
            >
              {PHONE_CODES.map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {entry.code} {entry[lang]}
                </option>
              ))}
            </Select>
            <Input
              {...control("phoneNumber")}
              {...register("phoneNumber")}
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              className="min-w-0 rounded-l-none"
            />
          </div>
        </Field>

        <Field label={t("contact.subject")} htmlFor="contact-subject" error={subjectError} required>
          <Input {...control("subject")} {...register("subject")} aria-required="true" />
        </Field>

        <Field label={t("contact.message")} htmlFor="contact-message" error={messageError} required>
          <Textarea {...control("message")} {...register("message")} rows={6} aria-required="true" />
        </Field>

        {/* Honeypot: off-screen, hidden from screen readers and out of the tab order (not display:none, which bots skip). */}
        <div aria-hidden="true" className="absolute -left-[9999px] top-auto h-px w-px overflow-hidden">
          <label htmlFor="contact-website">{t("contact.honeypot")}</label>
          <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...register("website")} />
        </div>

        <Button type="submit" size="lg" loading={isSubmitting} className="w-full sm:w-auto">
          {!isSubmitting && <Send className="size-4" aria-hidden="true" />}
          {isSubmitting ? t("contact.sending") : t("contact.submit")}
        </Button>
      </form>
      {armed && (
        <Suspense fallback={null}>
          <LazyToaster closeLabel={t("contact.toastClose")} />
        </Suspense>
      )}
    </>
  );
}
