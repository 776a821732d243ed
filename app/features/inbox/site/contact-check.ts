import { type ContactData, contactInputSchema } from "@shared/schemas/contact";
import { msg } from "@shared/validation-messages";
import { type ContactErrors, type ContactValues, type ErrorKind, isChecked, toPayload } from "./contact-fields";

/**
 * The contact form's validation, shared by the page's action (no JavaScript) and the contact island: both check exactly
 * what will be stored with the shared `contactInputSchema`.
 */
export type Checked = { ok: true; data: ContactData } | { ok: false; errors: ContactErrors };

/** The subject and message of a plain message are required by a check of the whole form (a "custom" issue). */
const REQUIRED = msg("field.required");

/** Validates the form; each error carries a kind, translated where it is shown. */
export function checkContact(values: ContactValues): Checked {
  const payload = toPayload(values);
  const result = contactInputSchema.safeParse(payload);
  if (result.success) return { ok: true, data: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] === "phone" ? "phoneNumber" : issue.path[0];
    if (!isChecked(field) || errors[field]) continue;
    let kind: ErrorKind = "required";
    if (field === "quantity") kind = "number";
    else if (issue.code === "too_big") kind = "tooLong";
    else if (issue.code === "invalid_format") kind = payload.email.trim() ? "email" : "required";
    else if (issue.code === "custom" && issue.message === REQUIRED) kind = "required";
    else if (issue.code === "custom") kind = field === "phoneNumber" ? "phone" : "singleLine";
    errors[field] = kind;
  }
  return { ok: false, errors };
}
