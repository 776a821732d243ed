// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LabelledSelect } from "~/components/ui/labelled-select";
import { ListToolbar } from "./list-toolbar";

afterEach(cleanup);

describe("ListToolbar, the head of every admin list", () => {
  it("has the title row with the primary action, then one row with the labelled search first and the screen's filters after it", () => {
    const onSearch = vi.fn();
    const onCategory = vi.fn();
    render(
      <ListToolbar
        title="Produits"
        description="3 produits sur 3"
        add={<button type="button">Nouveau produit</button>}
        search={{ id: "s", label: "Rechercher un produit", placeholder: "Nom, slug…", value: "", onChange: onSearch }}
        filters={
          <LabelledSelect
            id="c"
            label="Catégorie"
            value=""
            onChange={onCategory}
            options={[{ value: "", label: "Toutes les catégories" }, ...[{ value: "a", label: "Algues" }]]}
          />
        }
      />,
    );
    const toolbar = screen.getByTestId("list-toolbar");
    const [titleRow, filterRow] = [...toolbar.children];
    expect(within(titleRow as HTMLElement).getByRole("heading", { name: "Produits" })).toBeTruthy();
    expect(within(titleRow as HTMLElement).getByRole("button", { name: "Nouveau produit" })).toBeTruthy();
    const controls = [...(filterRow as HTMLElement).querySelectorAll("input, select")];
    expect(controls.map((c) => c.id)).toEqual(["s", "c"]);

    fireEvent.change(screen.getByRole("searchbox", { name: "Rechercher un produit" }), { target: { value: "ulva" } });
    expect(onSearch).toHaveBeenCalledWith("ulva");
    fireEvent.change(screen.getByRole("combobox", { name: "Catégorie" }), { target: { value: "a" } });
    expect(onCategory).toHaveBeenCalledWith("a");
    expect(screen.getByRole("option", { name: "Toutes les catégories" }).getAttribute("value")).toBe("");
  });

  it("leaves out the title row of a list its tab names, and the filter row of a list with nothing to filter", () => {
    render(<ListToolbar search={{ id: "r", label: "Rechercher un chemin", value: "", onChange: vi.fn() }} />);
    expect(screen.queryByRole("heading")).toBeNull();
    expect(screen.getByRole("searchbox", { name: "Rechercher un chemin" })).toBeTruthy();
    cleanup();
    render(<ListToolbar title="Administrateurs" />);
    expect(screen.queryByRole("searchbox")).toBeNull();
  });
});
