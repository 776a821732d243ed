// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ListScreen } from "./list-screen";
import { WIDE_LIST_QUERY } from "./responsive-list";

const realMatchMedia = window.matchMedia;
afterEach(() => {
  cleanup();
  window.matchMedia = realMatchMedia;
});

/** A window whose width is said by `wide`, and a way to cross the `md` breakpoint as a resize would. */
function screenWidth(initiallyWide: boolean) {
  let wide = initiallyWide;
  const listeners = new Set<() => void>();
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === WIDE_LIST_QUERY ? wide : false;
    },
    media: query,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return {
    resize(toWide: boolean) {
      wide = toWide;
      act(() => {
        for (const listener of listeners) listener();
      });
    },
  };
}

type Partner = { _id: string; name: string };
const TEXTS = { loading: "Chargement…", loadError: "Impossible de charger", empty: "Aucun partenaire" };

function show(query: { data?: Partner[]; isPending: boolean; error: unknown }, onConfirm = vi.fn(async () => {})) {
  const element = (
    <ListScreen<Partner>
      query={query}
      texts={TEXTS}
      rowTestId="row"
      actionsHeader="Actions"
      fields={[{ key: "name", header: "Nom", cell: (p) => p.name, card: "title" }]}
      actions={[
        {
          key: "edit",
          label: "Modifier",
          variant: "outline",
          ariaLabel: (p) => `Modifier ${p.name}`,
          href: (p) => `/admin/partners/${p._id}`,
        },
      ]}
      remove={{
        label: "Supprimer",
        ariaLabel: (p) => `Supprimer ${p.name}`,
        title: "Supprimer ce partenaire ?",
        description: (p) => `${p.name} ne sera plus affiché.`,
        cancelLabel: "Annuler",
        busy: false,
        onConfirm,
      }}
    />
  );
  // Row links are React Router links: a memory router gives them a context.
  render(<RouterProvider router={createMemoryRouter([{ path: "*", element }])} />);
  return onConfirm;
}

describe("ListScreen, the admin list block", () => {
  it("shows the loading state, then the load error, then the empty state", () => {
    show({ isPending: true, error: null });
    expect(screen.getByText("Chargement…")).toBeTruthy();
    cleanup();
    show({ isPending: false, error: new Error("down") });
    expect(screen.getByText("Impossible de charger")).toBeTruthy();
    cleanup();
    show({ isPending: false, error: null, data: [] });
    expect(screen.getByText("Aucun partenaire")).toBeTruthy();
  });

  it("renders each item with actions named after it, and deletes only after the dialog's confirmation", async () => {
    const onConfirm = show({
      isPending: false,
      error: null,
      data: [
        { _id: "p1", name: "Algotech" },
        { _id: "p2", name: "Biomar" },
      ],
    });
    expect(screen.getAllByText("Algotech").length).toBeGreaterThan(0);
    expect(screen.getAllByRole("link", { name: "Modifier Biomar" })[0]?.getAttribute("href")).toBe("/admin/partners/p2");
    const [deleteButton] = screen.getAllByRole("button", { name: "Supprimer Biomar" });
    if (!deleteButton) throw new Error("no delete button");
    fireEvent.click(deleteButton);
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Biomar ne sera plus affiché.")).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ _id: "p2", name: "Biomar" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("renders each row once: a table row when wide, a card on phones, switching when the width crosses md", () => {
    const width = screenWidth(true);
    const data = [
      { _id: "p1", name: "Algotech" },
      { _id: "p2", name: "Biomar" },
    ];
    show({ isPending: false, error: null, data });
    expect(screen.getAllByTestId("row").map((row) => row.tagName)).toEqual(["TR", "TR"]);
    expect(screen.getAllByText("Algotech")).toHaveLength(1);
    expect(screen.getAllByRole("link", { name: "Modifier Biomar" })).toHaveLength(1);
    expect(screen.getByRole("columnheader", { name: "Nom" })).toBeTruthy();

    width.resize(false);
    expect(screen.getAllByTestId("row").map((row) => row.tagName)).toEqual(["LI", "LI"]);
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getAllByText("Algotech")).toHaveLength(1);
    // On a phone the delete is in the row's menu, whose button the row's title describes.
    expect(screen.queryByRole("button", { name: "Supprimer Biomar" })).toBeNull();
    const menus = screen.getAllByRole("button", { name: "Plus d'actions" });
    expect(menus).toHaveLength(2);
    expect(menus.map((menu) => document.getElementById(menu.getAttribute("aria-describedby") ?? "")?.textContent)).toEqual([
      "Algotech",
      "Biomar",
    ]);

    width.resize(true);
    expect(screen.getAllByTestId("row").map((row) => row.tagName)).toEqual(["TR", "TR"]);
  });
});
