// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Power, X } from "lucide-react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activeSwitchField, editAction, type RowAction, RowActions, type RowDelete } from "./row-actions";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

type Partner = { _id: string; name: string; isActive: boolean };
const ALGOTECH: Partner = { _id: "p1", name: "Algotech", isActive: true };

/** Row links are React Router links: a memory router gives them a context. */
function inRouter(element: ReactNode) {
  render(<RouterProvider router={createMemoryRouter([{ path: "*", element }])} />);
}

function show(actions: RowAction<Partner>[], remove?: RowDelete<Partner>, item = ALGOTECH) {
  const onDelete = vi.fn();
  inRouter(<RowActions<Partner> item={item} actions={actions} remove={remove} onDelete={onDelete} />);
  return onDelete;
}

const remove = (more: Partial<RowDelete<Partner>> = {}): RowDelete<Partner> => ({
  label: "Supprimer",
  ariaLabel: (p) => `Supprimer ${p.name}`,
  title: "Supprimer ce partenaire ?",
  description: "",
  busy: false,
  onConfirm: async () => {},
  ...more,
});

describe("RowActions and editAction, the buttons of an admin list row", () => {
  it("edits with a small pencil button named after the item, which calls the screen and scrolls up to its form", () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const onSelect = vi.fn();
    show([editAction<Partner>({ label: "Modifier", ariaLabel: (p) => `Modifier ${p.name}`, onSelect, scrollToTop: true })]);
    const edit = screen.getByRole("button", { name: "Modifier Algotech" });
    expect(edit.textContent).toBe("Modifier");
    expect(edit.querySelector("svg.lucide-pencil")).toBeTruthy();
    expect(edit.className).toContain("h-9");
    fireEvent.click(edit);
    expect(onSelect).toHaveBeenCalledWith(ALGOTECH);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: "smooth" });
  });

  it("does not scroll unless told to, and is a link when it has an href", () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const onSelect = vi.fn();
    show([editAction<Partner>({ label: "Modifier", ariaLabel: (p) => `Modifier ${p.name}`, onSelect })]);
    fireEvent.click(screen.getByRole("button", { name: "Modifier Algotech" }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(scrollTo).not.toHaveBeenCalled();
    cleanup();
    show([editAction<Partner>({ label: "Edit", ariaLabel: (p) => `Edit ${p.name}`, href: (p) => `/admin/partners/${p._id}` })]);
    const link = screen.getByRole("link", { name: "Edit Algotech" });
    expect(link.getAttribute("href")).toBe("/admin/partners/p1");
    expect(link.querySelector("svg.lucide-pencil")).toBeTruthy();
  });

  it("keeps the screen's order, the delete last in red with a bin, and asks for the confirmation rather than deleting", () => {
    const activate = vi.fn();
    const onDelete = show(
      [
        { key: "activate", label: "Activer", icon: Power, variant: "outline", ariaLabel: (p) => `Activer : ${p.name}`, onSelect: activate },
        editAction<Partner>({ label: "Modifier", ariaLabel: (p) => `Modifier : ${p.name}`, onSelect: vi.fn() }),
      ],
      remove(),
    );
    expect(screen.getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual([
      "Activer : Algotech",
      "Modifier : Algotech",
      "Supprimer Algotech",
    ]);
    const del = screen.getByRole("button", { name: "Supprimer Algotech" });
    expect(del.className).toContain("text-red-700");
    expect(del.querySelector("svg.lucide-trash-2")).toBeTruthy();
    fireEvent.click(del);
    expect(onDelete).toHaveBeenCalledWith(ALGOTECH);
    fireEvent.click(screen.getByRole("button", { name: "Activer : Algotech" }));
    expect(activate).toHaveBeenCalledWith(ALGOTECH);
  });

  it("hides the delete of an item it is not allowed on, an action not visible for it, and takes another delete icon", () => {
    show(
      [{ key: "activate", label: "Activer", ariaLabel: (p) => `Activer ${p.name}`, visible: (p) => !p.isActive }],
      remove({ allowed: (p) => p._id !== "p1" }),
    );
    expect(screen.queryAllByRole("button")).toHaveLength(0);
    cleanup();
    show([], remove({ label: "Annuler l'invitation", icon: X }));
    const cancel = screen.getByRole("button", { name: "Supprimer Algotech" });
    expect(cancel.querySelector("svg.lucide-x")).toBeTruthy();
    expect(cancel.querySelector("svg.lucide-trash-2")).toBeNull();
  });
});

describe("activeSwitchField, a row's active switch", () => {
  it("is a switch named after the item, saying its state, which hands the item and the wanted state over", () => {
    const onToggle = vi.fn();
    const field = activeSwitchField<Partner>({
      header: "Statut",
      label: (p) => `Activer ${p.name}`,
      onText: "Actif",
      offText: "Inactif",
      onToggle,
    });
    expect(field.key).toBe("status");
    expect(field.header).toBe("Statut");
    render(<div>{field.cell(ALGOTECH)}</div>);
    const toggle = screen.getByRole("switch", { name: "Activer Algotech" });
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(toggle.textContent).toBe("Actif");
    fireEvent.click(toggle);
    expect(onToggle).toHaveBeenCalledWith({ item: ALGOTECH, isActive: false });
  });
});
