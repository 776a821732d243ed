// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { InputField } from "~/components/ui/field";
import { ApiError } from "~/lib/admin/api";
import { fieldError, showServerFieldErrors, useZodForm } from "~/lib/admin/form";

afterEach(cleanup);

const schema = z.object({
  email: z.string().trim().min(1, "E-mail requis / E-mail required").pipe(z.email("Adresse invalide / Invalid address")),
});

/** A form the way every admin screen builds one: the shared schema, `fieldError`, one InputField. */
function EmailForm({ onSave }: { onSave: (email: string) => Promise<void> }) {
  const form = useZodForm(schema, { defaultValues: { email: "" } });
  const error = fieldError(form.formState.errors, "email");
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(async ({ email }) => {
        await onSave(email).catch((failure: unknown) => showServerFieldErrors(failure, form.setError, ["email"]));
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
    expect(alert.textContent).toBe("E-mail requis");
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

  it("puts a 400's field message from the server under its field, in French", async () => {
    const refusal = new ApiError(400, "email: taken", [{ path: "email", message: "Adresse déjà prise / Address taken" }]);
    render(<EmailForm onSave={() => Promise.reject(refusal)} />);
    fireEvent.change(screen.getByLabelText(/Adresse e-mail/), { target: { value: "ada@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Adresse déjà prise");
  });
});
