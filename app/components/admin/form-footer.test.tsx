// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScreenLang } from "~/i18n/screen-lang";
import { ApiError } from "~/lib/admin/api";
import { FormFooter, type FormFooterProps } from "./form-footer";

afterEach(cleanup);

type Item = { _id: string; name: string };

/** The footer at the end of a form, as the screens use it; the cancel link needs a router. */
function show(props: Partial<FormFooterProps<Item>>, wrap: (node: ReactNode) => ReactNode = (node) => node) {
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const element = wrap(
    <form onSubmit={onSubmit}>
      <FormFooter<Item> submitLabel="Enregistrer la fiche" saving={false} {...props} />
    </form>,
  );
  render(<RouterProvider router={createMemoryRouter([{ path: "*", element }])} />);
  return { onSubmit };
}

describe("FormFooter, the end of an admin form", () => {
  it("cancels with the screen's handler and submits the form with its label, in this order", () => {
    const onCancel = vi.fn();
    const { onSubmit } = show({ onCancel });
    const [cancel, submit] = screen.getAllByRole("button");
    expect(cancel?.textContent).toBe("Annuler");
    expect(submit?.textContent).toBe("Enregistrer la fiche");
    expect(submit?.getAttribute("type")).toBe("submit");
    fireEvent.click(screen.getByRole("button", { name: "Annuler" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer la fiche" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("says its cancel in the screen's language, or with the label it is given, and links back to a list with cancelTo", () => {
    show({ onCancel: vi.fn() }, (node) => <ScreenLang lang="en">{node}</ScreenLang>);
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
    cleanup();
    show({ cancelTo: "/admin/products", cancelLabel: "Retour" });
    expect(screen.getByRole("link", { name: "Retour" }).getAttribute("href")).toBe("/admin/products");
    expect(screen.queryByRole("button", { name: "Retour" })).toBeNull();
  });

  it("spins and disables the submit button while saving, but not cancel", () => {
    show({ onCancel: vi.fn(), saving: true });
    const submit = screen.getByRole("button", { name: "Enregistrer la fiche" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(submit.getAttribute("aria-busy")).toBe("true");
    expect((screen.getByRole("button", { name: "Annuler" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("names the pending uploads on the submit button, with the upload warning above, when told to", () => {
    show({ onCancel: vi.fn(), uploads: 2, uploadsOn: "submit", uploadWarning: "Attendez la fin de l'envoi" });
    expect(screen.getByRole("button", { name: "Upload en cours... (2)" }).getAttribute("type")).toBe("submit");
    expect(screen.queryByRole("button", { name: "Enregistrer la fiche" })).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Attendez la fin de l'envoi");
    cleanup();
    show({ onCancel: vi.fn(), uploads: 0, uploadsOn: "submit", uploadWarning: "Attendez la fin de l'envoi" });
    expect(screen.getByRole("button", { name: "Enregistrer la fiche" })).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("otherwise says the pending uploads in the status line, then a refused save, then the form's problem", () => {
    show({ onCancel: vi.fn(), uploads: 1, problem: "Corrigez les champs signalés." });
    let line = document.querySelector("[aria-live=polite]");
    expect(line?.textContent).toBe("Upload en cours... (1)");
    expect(screen.getByRole("button", { name: "Enregistrer la fiche" })).toBeTruthy();
    cleanup();
    show({ onCancel: vi.fn(), uploads: 1, uploadsRefused: "Attendez les uploads.", problem: "Corrigez les champs signalés." });
    line = document.querySelector("[aria-live=polite]");
    expect(line?.textContent).toBe("Attendez les uploads.");
    expect(line?.querySelector("p")?.className).toContain("text-red-700");
    cleanup();
    show({ onCancel: vi.fn(), uploads: 0, uploadsRefused: "Attendez les uploads.", problem: "Corrigez les champs signalés." });
    expect(document.querySelector("[aria-live=polite]")?.textContent).toBe("Corrigez les champs signalés.");
    cleanup();
    show({ onCancel: vi.fn(), uploads: 0, problem: false });
    expect(document.querySelector("[aria-live=polite]")?.textContent).toBe("");
  });

  it("has no status line when the count goes on the submit button and there is no problem to say", () => {
    show({ onCancel: vi.fn(), uploads: 1, uploadsOn: "submit" });
    expect(document.querySelector("[aria-live=polite]")).toBeNull();
  });

  it("shows the edit-conflict notice above the buttons, whose reload hands over the stored item", () => {
    const onReload = vi.fn();
    const current = { _id: "p1", name: "Stored" };
    show({ onCancel: vi.fn(), conflict: { error: null, onReload } });
    expect(screen.queryByTestId("edit-conflict")).toBeNull();
    cleanup();
    const error = new ApiError(409, "version", { reason: "version", current });
    show({ onCancel: vi.fn(), conflict: { error, onReload } });
    const notice = screen.getByTestId("edit-conflict");
    expect(notice.compareDocumentPosition(screen.getByRole("button", { name: "Annuler" })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(within(notice).getByRole("button", { name: "Recharger" }));
    expect(onReload).toHaveBeenCalledWith(current);
  });

  it("keeps each layout's look: a rule above it in a card, stuck to the bottom on a page, bare under cards", () => {
    const row = () => screen.getByRole("button", { name: "Annuler" }).parentElement;
    show({ onCancel: vi.fn() });
    expect(row()?.className).toContain("border-t");
    expect(row()?.className).toContain("pt-5");
    cleanup();
    show({ onCancel: vi.fn(), layout: "sticky" });
    expect(row()?.className).toContain("sticky");
    cleanup();
    show({ onCancel: vi.fn(), layout: "plain" });
    expect(row()?.className).not.toContain("border-t");
  });
});
