// @vitest-environment happy-dom
import type { Lang } from "@shared/company";
import { msg } from "@shared/validation-messages";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { InputField } from "~/components/ui/field";
import { ApiError } from "~/lib/admin/api";
import { fieldError, showServerFieldErrors, useZodForm } from "~/lib/admin/form";

afterEach(cleanup);

const schema = z.object({
  email: z
    .string()
    .trim()
    .min(1, msg("field.required"))
    .pipe(z.email(msg("email.invalid"))),
});

/** A form the way every admin screen builds one: the shared schema, `fieldError`, one InputField. */
function EmailForm({ onSave, lang = "fr" }: { onSave: (email: string) => Promise<void>; lang?: Lang }) {
  const form = useZodForm(schema, { defaultValues: { email: "" } });
  const error = fieldError(form.formState.errors, "email", lang);
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(async ({ email }) => {
        await onSave(email).catch((failure: unknown) => showServerFieldErrors(failure, form.setError, ["email"], lang));
      })}
    >
      <InputField id="email" label="Adresse e-mail" error={error} {...form.register("email")} />
      <button type="submit">Enregistrer</button>
    </form>
  );
}

describe("the form pattern (useZodForm, fieldError, InputField, showServerFieldErrors)", () => {
  it("shows the schema's French message under the field, tied to it, and does not call the server", async () => {
    const onSave = vi.fn(async () => {});
    render(<EmailForm onSave={onSave} />);
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Ce champ est requis");
    const input = screen.getByLabelText(/Adresse e-mail/);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe(alert.id);
    expect(onSave).not.toHaveBeenCalled();
  });

  it("hands the parsed value to the submit handler (trimmed by the schema)", async () => {
    const onSave = vi.fn(async () => {});
    render(<EmailForm onSave={onSave} />);
    fireEvent.change(screen.getByLabelText(/Adresse e-mail/), { target: { value: "  ada@example.com " } });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith("ada@example.com"));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says the schema's message in the screen's language", async () => {
    render(<EmailForm onSave={async () => {}} lang="en" />);
    fireEvent.change(screen.getByLabelText(/Adresse e-mail/), { target: { value: "ada" } });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid e-mail address");
  });

  it("puts a 400's field message from the server under its field, from its code, in the screen's language", async () => {
    const refusal = new ApiError(400, "email: 200 caractères maximum / 200 characters maximum", [
      {
        path: "email",
        message: "200 caractères maximum / 200 characters maximum",
        messageCode: "field.max_chars",
        messageParams: { max: "200" },
      },
    ]);
    render(<EmailForm onSave={() => Promise.reject(refusal)} />);
    fireEvent.change(screen.getByLabelText(/Adresse e-mail/), { target: { value: "ada@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect((await screen.findByRole("alert")).textContent).toBe("200 caractères maximum");
    cleanup();
    render(<EmailForm onSave={() => Promise.reject(refusal)} lang="en" />);
    fireEvent.change(screen.getByLabelText(/Adresse e-mail/), { target: { value: "ada@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect((await screen.findByRole("alert")).textContent).toBe("200 characters maximum");
  });

  it("shows a server's field message without a code as it is", async () => {
    const refusal = new ApiError(400, "email: Too big", [{ path: "email", message: "Too big: expected string to have <=200 characters" }]);
    render(<EmailForm onSave={() => Promise.reject(refusal)} />);
    fireEvent.change(screen.getByLabelText(/Adresse e-mail/), { target: { value: "ada@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Too big: expected string to have <=200 characters");
  });
});
