import { LIMITS } from "@shared/limits";
import { formatPhone } from "@shared/phone-codes";
import type { TextKey } from "~/i18n/texts";
import type { CONTACT_SITE_TEXTS } from "./texts";

/**
 * The contact form's fields, shared by the page's action (no JavaScript) and the contact island; their validation is
 * in contact-check.ts (it loads zod, which the island fetches only once a visitor starts filling the form).
 */
export const CONTACT_FIELDS = [
  "fullName",
  "email",
  "phoneCode",
  "phoneNumber",
  "subject",
  "message",
  "website",
  "formToken",
  "lang",
  // The optional sample or quote request (decision 0108).
  "product",
  "requestType",
  "application",
  "quantity",
  "quantityUnit",
  "country",
  "company",
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

/** The fields that can be wrong (the phone code is a list, the honeypot is never reported). */
export const CHECKED_FIELDS = ["fullName", "email", "phoneNumber", "subject", "message", "quantity", "company"] as const;
export type CheckedField = (typeof CHECKED_FIELDS)[number];

export type ErrorKind = "required" | "email" | "tooLong" | "phone" | "singleLine" | "number";
export type ContactErrors = Partial<Record<CheckedField, ErrorKind>>;

/** Each error kind's text in the contact dictionary (types only: the island does not load the dictionary). */
export const ERROR_KEYS = {
  required: "errors.required",
  email: "errors.email",
  tooLong: "errors.tooLong",
  phone: "errors.phone",
  singleLine: "errors.singleLine",
  number: "errors.number",
} as const satisfies Record<ErrorKind, TextKey<typeof CONTACT_SITE_TEXTS>>;

export const MAX_LENGTH: Record<CheckedField, number> = {
  fullName: LIMITS.contactFullNameMax,
  email: LIMITS.contactEmailMax,
  phoneNumber: LIMITS.contactPhoneMax,
  subject: LIMITS.contactSubjectMax,
  message: LIMITS.contactMessageMax,
  quantity: 20,
  company: LIMITS.contactCompanyMax,
};

export const isChecked = (value: unknown): value is CheckedField =>
  typeof value === "string" && (CHECKED_FIELDS as readonly string[]).includes(value);

/** What is sent: the shared schema's shape, the phone as code + space + number only when a number was typed (product.md, "Contact"). */
export function toPayload(values: ContactValues) {
  return {
    fullName: values.fullName,
    email: values.email,
    phone: formatPhone(values.phoneCode, values.phoneNumber),
    subject: values.subject,
    message: values.message,
    website: values.website,
    formToken: values.formToken,
    lang: values.lang,
    product: values.product,
    requestType: values.requestType,
    application: values.application,
    quantity: values.quantity,
    quantityUnit: values.quantityUnit,
    country: values.country,
    company: values.company,
  };
}

/** The form's values out of submitted form data (missing fields are empty). */
export function valuesFromForm(form: FormData, defaults: Partial<ContactValues> = {}): ContactValues {
  const values = {} as ContactValues;
  for (const field of CONTACT_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : (defaults[field] ?? "");
  }
  return values;
}
