// @vitest-environment happy-dom
import type { Role } from "@shared/roles";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RoleProvider } from "~/lib/admin/access";
import { ListScreen } from "./list-screen";
import { activeSwitchField, editAction } from "./row-actions";

afterEach(cleanup);

type Product = { _id: string; name: string; isActive: boolean };

/** A products list as its screen declares it once, shown to `role`. */
function show(role: Role) {
  const element = (
    <RoleProvider role={role}>
      <ListScreen<Product>
        query={{ data: [{ _id: "p1", name: "Ulva", isActive: true }], isPending: false, error: null }}
        texts={{ loading: "…", loadError: "!", empty: "∅" }}
        rowTestId="row"
        actionsHeader="Actions"
        subject="product"
        fields={[
          { key: "name", header: "Nom", card: "title", cell: (p) => p.name },
          { key: "select", header: "Sélection", needs: "bulk", cell: (p) => <input type="checkbox" aria-label={`Choisir ${p.name}`} /> },
          activeSwitchField<Product>({
            header: "Statut",
            label: (p) => `Activer ${p.name}`,
            onText: "Actif",
            offText: "Inactif",
            onToggle: vi.fn(),
          }),
        ]}
        actions={[
          editAction<Product>({
            label: "Modifier",
            ariaLabel: (p) => `Modifier ${p.name}`,
            href: (p) => `/admin/products/edit/${p._id}`,
            view: { label: "Voir", ariaLabel: (p) => `Voir ${p.name}` },
          }),
        ]}
        remove={{
          label: "Supprimer",
          ariaLabel: (p) => `Supprimer ${p.name}`,
          title: "?",
          description: "?",
          busy: false,
          onConfirm: vi.fn(),
        }}
      />
    </RoleProvider>
  );
  render(<RouterProvider router={createMemoryRouter([{ path: "*", element }])} />);
}

describe("ListScreen follows the signed-in role (decision 0114)", () => {
  it("gives a role that may do everything the switch, the selection, edit and delete", () => {
    show("editor");
    expect(screen.getByRole("switch", { name: "Activer Ulva" })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Choisir Ulva" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Modifier Ulva" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Supprimer Ulva" })).toBeTruthy();
  });

  it("shows a read-only role the status as text and a link to look, nothing that writes", () => {
    show("sales");
    expect(screen.queryByRole("switch")).toBeNull();
    expect(screen.getByText("Actif")).toBeTruthy();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.queryByRole("link", { name: "Modifier Ulva" })).toBeNull();
    expect(screen.getByRole("link", { name: "Voir Ulva" }).getAttribute("href")).toBe("/admin/products/edit/p1");
    expect(screen.queryByRole("button", { name: "Supprimer Ulva" })).toBeNull();
  });
});
