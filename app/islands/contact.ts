import { DEFAULT_PHONE_CODE } from "@shared/phone-codes";
import { CONFIRMATION_PARAM, isProductRequest, isRequest } from "@shared/quote-request-rules";
import { CHECKED_FIELDS, type CheckedField, type ErrorKind, toPayload, valuesFromForm } from "~/features/inbox/site/contact-fields";
import type { ContactIslandTexts } from "~/features/inbox/site/contact-form";
import { showToast } from "./toast";

/**
 * The contact form without a framework: errors as you go (a field is checked when it loses focus, then on every
 * change), the sending state, the page's toasts (docs/product.md, "Contact") and the reset after a plain message's
 * success; a request's sender goes to its confirmation page instead. Validation is
 * the shared schema's, the same the page's action applies when JavaScript is off. The validation (zod, most of this
 * island's weight) is fetched once the visitor enters the form, not with the page: it never delays the first paint or
 * blocks the main thread of a visitor who only reads.
 */
const form = document.querySelector<HTMLFormElement>("form[data-contact-form]");
const textsElement = document.getElementById("contact-texts");
const region = document.querySelector<HTMLElement>("[data-toasts]");

if (form && textsElement && region) enhance(form, JSON.parse(textsElement.textContent ?? "{}") as ContactIslandTexts, region);

function enhance(form: HTMLFormElement, texts: ContactIslandTexts, region: HTMLElement): void {
  const submit = form.querySelector<HTMLButtonElement>("button[data-submit]");
  const label = submit?.querySelector<HTMLElement>("[data-label]");
  const touched = new Set<CheckedField>();
  let sending = false;
  let validation: Promise<typeof import("./contact-validation")> | undefined;
  const loadValidation = () => {
    validation ??= import("./contact-validation");
    return validation;
  };
  form.addEventListener("focusin", () => void loadValidation(), { once: true });

  const control = (field: string) => form.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null;
  const values = () => valuesFromForm(new FormData(form));
  const isChecked = (name: string): name is CheckedField => (CHECKED_FIELDS as readonly string[]).includes(name);

  function showError(field: CheckedField, kind: ErrorKind | undefined): void {
    const input = control(field);
    const wrapper = input?.closest<HTMLElement>("[data-field]");
    if (!input || !wrapper) return;
    const id = `${input.id}-error`;
    let message = document.getElementById(id);
    if (!kind) {
      message?.remove();
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
      return;
    }
    if (!message) {
      message = document.createElement("p");
      message.id = id;
      message.setAttribute("role", "alert");
      message.className = "text-sm text-red-700";
      wrapper.append(message);
    }
    message.textContent = texts.errors[field][kind];
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", id);
  }

  /** Shows the current errors of the given fields; returns every field in error. */
  async function validate(fields: readonly CheckedField[]): Promise<CheckedField[]> {
    const { checkContact } = await loadValidation();
    const checked = checkContact(values());
    const errors = checked.ok ? {} : checked.errors;
    for (const field of fields) showError(field, errors[field]);
    return CHECKED_FIELDS.filter((field) => errors[field]);
  }

  form.addEventListener("focusout", (event) => {
    const name = (event.target as HTMLInputElement).name;
    if (!isChecked(name) || sending) return;
    touched.add(name);
    void validate([name]);
  });
  // The phone list closed shows its compact label ("TN +216"), kept in step with the choice.
  const phoneWrapper = form.querySelector<HTMLElement>("[data-phone-code]");
  const phoneLabel = phoneWrapper?.querySelector<HTMLElement>("[data-phone-label]");
  const showPhoneLabel = () => {
    const select = control("phoneCode") as HTMLSelectElement | null;
    const option = select?.selectedOptions[0];
    if (phoneLabel && option) phoneLabel.textContent = option.text.split(" · ")[0] ?? option.text;
  };
  if (phoneWrapper) phoneWrapper.dataset.compact = "";
  showPhoneLabel();

  /** Subject and message are optional for a quote or sample request about a product (shared/quote-request-rules.ts). */
  function showWhatIsRequired(): void {
    const optional = isProductRequest(control("requestType")?.value, control("product")?.value);
    form.toggleAttribute("data-product-request", optional);
    for (const field of ["subject", "message"] as const) {
      control(field)?.setAttribute("aria-required", String(!optional));
      if (touched.has(field)) void validate([field]);
    }
  }

  form.addEventListener("input", (event) => {
    const name = (event.target as HTMLInputElement).name;
    if (name === "phoneCode") {
      showPhoneLabel();
      if (touched.has("phoneNumber")) void validate(["phoneNumber"]);
    } else if (name === "requestType") showWhatIsRequired();
    else if (isChecked(name) && touched.has(name)) void validate([name]);
  });

  function setSending(on: boolean): void {
    sending = on;
    if (!submit || !label) return;
    submit.disabled = on;
    if (on) submit.setAttribute("aria-busy", "true");
    else submit.removeAttribute("aria-busy");
    label.textContent = on ? texts.sending : texts.submit;
  }

  function reset(): void {
    // The product, language and form time stay: the next message is about the same product.
    const cleared = [
      "fullName",
      "email",
      "phoneNumber",
      "subject",
      "message",
      "website",
      "requestType",
      "application",
      "quantity",
      "country",
      "company",
    ];
    for (const field of cleared) {
      const input = control(field);
      if (input) input.value = "";
    }
    const code = control("phoneCode");
    if (code) code.value = DEFAULT_PHONE_CODE;
    showPhoneLabel();
    touched.clear();
    showWhatIsRequired();
    for (const field of CHECKED_FIELDS) showError(field, undefined);
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    for (const notice of form.querySelectorAll("p[role=status], p[role=alert]:not([id$='-error'])")) notice.remove();
    for (const field of CHECKED_FIELDS) touched.add(field);
    const invalid = await validate(CHECKED_FIELDS).catch(() => []);
    if (invalid.length > 0) {
      setSending(false);
      const [first] = invalid;
      if (first) control(first)?.focus();
      return;
    }
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(toPayload(values())),
      });
      if (!response.ok) throw new Error(`Contact form: HTTP ${response.status}`);
      const sent = values();
      if (isRequest(sent.requestType, sent.product)) {
        // A request's sender goes to its confirmation page, as without JavaScript (decision 0117): it stays on reload.
        const { confirmation } = (await response.json()) as { confirmation: string };
        const target = new URL(texts.confirmPath, window.location.href);
        target.searchParams.set(CONFIRMATION_PARAM, confirmation);
        window.location.assign(target.href);
        return;
      }
      setSending(false);
      reset();
      showToast(region, "success", texts.success, texts.close);
    } catch (error) {
      console.error(error);
      setSending(false);
      showToast(region, "error", texts.error, texts.close);
    }
  });
}
