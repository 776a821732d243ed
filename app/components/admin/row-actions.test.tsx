// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
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

function show(actions: RowAction<Partner>[], remove?: RowDelete<Partner>, item = ALGOTECH, menu = false) {
  const onDelete = vi.fn();
  inRouter(
    <RowActions<Partner> item={item} actions={actions} remove={remove} onDelete={onDelete} menu={menu} moreLabel="Plus d'actions" />,
  );
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

  it("keeps the screen's order, Modifier emphasised, the others quiet, the delete last and red only when pointed at or focused", () => {
    const activate = vi.fn();
    const onDelete = show(
      [
        { key: "activate", label: "Activer", icon: Power, ariaLabel: (p) => `Activer : ${p.name}`, onSelect: activate },
        editAction<Partner>({ label: "Modifier", ariaLabel: (p) => `Modifier : ${p.name}`, onSelect: vi.fn() }),
      ],
      remove(),
    );
    expect(screen.getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual([
      "Activer : Algotech",
      "Modifier : Algotech",
      "Supprimer Algotech",
    ]);
    expect(screen.getByRole("button", { name: "Modifier : Algotech" }).className).toContain("ring-1");
    expect(screen.getByRole("button", { name: "Activer : Algotech" }).className).not.toContain("ring-1");
    const del = screen.getByRole("button", { name: "Supprimer Algotech" });
    expect(del.className).toContain("text-slate-600");
    expect(del.className).toContain("hover:text-red-700");
    expect(del.className).toContain("focus-visible:text-red-700");
    expect(del.className).not.toMatch(/(^| )text-red-700/);
    expect(del.querySelector("svg.lucide-trash-2")).toBeTruthy();
    fireEvent.click(del);
    expect(onDelete).toHaveBeenCalledWith(ALGOTECH);
    fireEvent.click(screen.getByRole("button", { name: "Activer : Algotech" }));
    expect(activate).toHaveBeenCalledWith(ALGOTECH);
  });

  it("keeps the room of an action that does not apply to a row (invisible, out of the tab order and of the reading), so nothing moves", () => {
    const preview: RowAction<Partner> = {
      key: "preview",
      label: "Aperçu",
      ariaLabel: (p) => `Aperçu ${p.name}`,
      visible: (p) => !p.isActive,
    };
    const edit = editAction<Partner>({ label: "Modifier", ariaLabel: (p) => `Modifier ${p.name}`, onSelect: vi.fn() });
    show([edit, preview], remove());
    const slots = [...(screen.getByRole("button", { name: "Modifier Algotech" }).parentElement?.children ?? [])];
    expect(slots).toHaveLength(3);
    expect(slots[1]?.getAttribute("aria-hidden")).toBe("true");
    expect(slots[1]?.className).toContain("invisible");
    expect(slots[1]?.textContent).toBe("Aperçu");
    expect(screen.queryByRole("button", { name: "Aperçu Algotech" })).toBeNull();
  });

  it("on a phone, keeps Modifier as a button and puts the rest and the delete in a menu button that Escape closes, focus back on it", async () => {
    const preview: RowAction<Partner> = { key: "preview", label: "Aperçu", ariaLabel: (p) => `Aperçu ${p.name}`, onSelect: vi.fn() };
    const edit = editAction<Partner>({ label: "Modifier", ariaLabel: (p) => `Modifier ${p.name}`, onSelect: vi.fn() });
    const onDelete = show([edit, preview], remove(), ALGOTECH, true);
    expect(screen.getByRole("button", { name: "Modifier Algotech" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Supprimer Algotech" })).toBeNull();
    const more = screen.getByRole("button", { name: "Plus d'actions" });
    expect(more.getAttribute("aria-haspopup")).toBe("menu");
    expect(more.getAttribute("aria-expanded")).toBe("false");

    more.focus();
    fireEvent.keyDown(more, { key: "Enter" });
    expect(more.getAttribute("aria-expanded")).toBe("true");
    expect((await screen.findAllByRole("menuitem")).map((item) => item.getAttribute("aria-label"))).toEqual([
      "Aperçu Algotech",
      "Supprimer Algotech",
    ]);
    fireEvent.keyDown(screen.getByRole("menu"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    expect(more.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(more);
    expect(onDelete).not.toHaveBeenCalled();

    fireEvent.keyDown(more, { key: "Enter" });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Supprimer Algotech" }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(ALGOTECH));
    expect(document.activeElement).toBe(more);
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
