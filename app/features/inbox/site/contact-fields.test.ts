import { describe, expect, it } from "vitest";
import { translate } from "~/i18n/texts";
import { checkContact } from "./contact-check";
import { type ContactValues, ERROR_KEYS, toPayload, valuesFromForm } from "./contact-fields";
import { CONTACT_SITE_TEXTS } from "./texts";

const valid: ContactValues = {
  fullName: "Jane Doe",
  email: "jane@example.com",
  phoneCode: "+33",
  phoneNumber: "612345678",
  subject: "Quote",
  message: "Hello",
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

describe("contact form validation shared by the page action and the island", () => {
  it("accepts a complete message and sends the phone as code, space, number", () => {
    const checked = checkContact(valid);
    expect(checked.ok).toBe(true);
    expect(toPayload(valid).phone).toBe("+33 612345678");
  });

  it("sends an empty phone when no number was typed", () => {
    expect(toPayload({ ...valid, phoneNumber: "  " }).phone).toBe("");
  });

  it("names the kind of each error: required, e-mail, too long, phone, single line", () => {
    const checked = checkContact({
      ...valid,
      fullName: "",
      email: "not-an-email",
      phoneNumber: "abc",
      subject: "two\nlines",
      message: "x".repeat(5001),
    });
    expect(checked).toEqual({
      ok: false,
      errors: { fullName: "required", email: "email", phoneNumber: "phone", subject: "singleLine", message: "tooLong" },
    });
  });

  it("reports an empty e-mail as required rather than invalid", () => {
    const checked = checkContact({ ...valid, email: "" });
    expect(checked.ok ? null : checked.errors.email).toBe("required");
  });

  it.each([
    ["a quote request about a product", { requestType: "quote", product: "ulva-lactuca" }, {}],
    ["a sample request about a product", { requestType: "sample", product: "ulva-lactuca" }, {}],
    ["a quote request without a product", { requestType: "quote", product: "" }, { subject: "required", message: "required" }],
    [
      "a documents request about a product",
      { requestType: "documents", product: "ulva-lactuca" },
      { subject: "required", message: "required" },
    ],
    ["a plain message", {}, { subject: "required", message: "required" }],
  ])("%s without subject or message: %j missing", (_name, request, errors) => {
    const checked = checkContact({ ...valid, subject: "", message: "", ...request });
    expect(checked.ok ? {} : checked.errors).toEqual(errors);
  });

  it("reports a missing subject together with the other missing fields", () => {
    const checked = checkContact({ ...valid, fullName: "", subject: "" });
    expect(checked.ok ? {} : checked.errors).toEqual({ fullName: "required", subject: "required" });
  });

  it("reads every field from form data, missing ones empty or defaulted", () => {
    const form = new FormData();
    form.set("fullName", "Jane");
    expect(valuesFromForm(form, { phoneCode: "+216" })).toMatchObject({ fullName: "Jane", phoneCode: "+216", email: "" });
  });
});

describe("contact texts", () => {
  it("carry the exact sending and error texts of the spec in both languages", () => {
    expect(translate(CONTACT_SITE_TEXTS, "fr", "error")).toBe("Une erreur est survenue. Veuillez réessayer.");
    expect(translate(CONTACT_SITE_TEXTS, "en", "error")).toBe("An error occurred. Please try again.");
    expect(translate(CONTACT_SITE_TEXTS, "fr", "sending")).toBe("Envoi...");
    expect(translate(CONTACT_SITE_TEXTS, "en", "sending")).toBe("Sending...");
  });

  it("give every error kind a text in both languages, the length limit filled in", () => {
    for (const lang of ["fr", "en"] as const) {
      for (const key of Object.values(ERROR_KEYS)) expect(translate(CONTACT_SITE_TEXTS, lang, key, { max: 120 }), key).not.toBe(key);
    }
    expect(translate(CONTACT_SITE_TEXTS, "fr", ERROR_KEYS.tooLong, { max: 120 })).toBe("120 caractères maximum");
    expect(translate(CONTACT_SITE_TEXTS, "fr", ERROR_KEYS.required)).toBe("Ce champ est requis");
  });
});
