// @vitest-environment happy-dom
import { FACT_FIELDS } from "@shared/product-facts";
import { productResource } from "@shared/resources/products";
import { type ProductInput, productInputSchema } from "@shared/schemas/product";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RICH_TEXT_TEXTS } from "~/i18n/admin/rich-text";
import { ScreenLang } from "~/i18n/screen-lang";
import { translate } from "~/i18n/texts";
import { EMPTY_PRODUCT, ProductForm } from "./product-form";
import { PRODUCT_FORM_SECTIONS } from "./product-sections";

// The picker reads the certifications from the API; it has labels of its own.
vi.mock("~/features/certifications/admin/certification-picker", () => ({ CertificationPicker: () => null }));
// So do the applications and functions (decision 0124).
vi.mock("~/features/product-facts/admin/uses-fields", () => ({ UsesFields: () => null }));

afterEach(cleanup);

/** A field by its label's whole text; a required one's label ends with an asterisk hidden from assistive technology. */
const byLabel = (text: string) => screen.getByLabelText(new RegExp(`^${text.replace(/[()]/g, "\\$&")}( \\*)?$`));

/** The key facts are laid out by their own section (app/features/product-facts), with their own texts. */
const LAID_OUT = (Object.keys(productResource.fields) as (keyof typeof productResource.fields)[]).filter(
  (name) => !(FACT_FIELDS as readonly string[]).includes(name),
);

describe("ProductForm: the fields as the product's declaration names them", () => {
  it.each(["fr", "en"] as const)("labels every field it lays out in the screen's language (%s)", (lang) => {
    const element = (
      <ScreenLang lang={lang}>
        <ProductForm mode="create" initial={EMPTY_PRODUCT} categories={[]} onSubmit={vi.fn()} saving={false} alert={vi.fn()} />
      </ScreenLang>
    );
    // The cancel link needs a router.
    render(<RouterProvider router={createMemoryRouter([{ path: "*", element }])} />);
    for (const name of LAID_OUT) {
      expect(byLabel(productResource.fields[name].label[lang]).id, name).toBe(`product-${name}`);
    }
  });

  it("starts a new product from the declared values, which only the required fields' check refuses", () => {
    const refused = productInputSchema.safeParse(EMPTY_PRODUCT).error?.issues.map((issue) => issue.path.join("."));
    expect(new Set(refused)).toEqual(
      new Set(["slug", "nameFr", "nameEn", "categoryId", "mainImageUrl", "shortDescriptionFr", "shortDescriptionEn"]),
    );
  });
});

/** The form in French, in a router (its cancel link needs one). */
function renderForm(initial: ProductInput, documents?: ReactNode) {
  const element = (
    <ScreenLang lang="fr">
      <ProductForm
        mode="edit"
        initial={initial}
        categories={[]}
        onSubmit={vi.fn()}
        saving={false}
        alert={vi.fn()}
        {...(documents ? { documents } : {})}
      />
    </ScreenLang>
  );
  render(<RouterProvider router={createMemoryRouter([{ path: "*", element }])} />);
}

describe("ProductForm: a long form with a section navigation", () => {
  it("links every section, in the order the form shows them, each a landmark named like its heading", () => {
    renderForm(EMPTY_PRODUCT, <p>Documents du produit</p>);
    const links = within(screen.getByRole("navigation", { name: "Sections de la fiche produit" })).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "Informations",
      "Visuel",
      "Descriptions",
      "Certifications",
      "Caractéristiques",
      "Usages",
      "Réglementaire",
      "Contenu",
      "Documents",
      "SEO",
    ]);
    const targets = links.map((link) => document.getElementById(link.getAttribute("href")?.slice(1) ?? "") as HTMLElement);
    expect(targets.map((target) => target.id)).toEqual(PRODUCT_FORM_SECTIONS.map((section) => `product-section-${section}`));
    for (const [i, target] of targets.entries()) {
      expect(target.tagName).toBe("SECTION");
      const next = targets[i + 1];
      if (next) expect(target.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(screen.getByRole("region", { name: "Informations générales" }).id).toBe("product-section-general");
    expect(within(screen.getByRole("region", { name: "Documents" })).getByText("Documents du produit")).toBeTruthy();
  });

  it("has no Documents section or link where the screen gives none", () => {
    renderForm(EMPTY_PRODUCT);
    expect(screen.queryByRole("link", { name: "Documents" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Documents" })).toBeNull();
  });

  it("says the text editors' keyboard shortcuts once, however many text blocks, and each editor points to it", async () => {
    const text = (n: number) => ({ type: "text" as const, contentFr: `Texte ${n}`, contentEn: `Text ${n}`, order: n, imageUrl: "" });
    renderForm({ ...EMPTY_PRODUCT, contentBlocks: [text(0), text(1), text(2)] });
    // The editors' code is loaded when first shown (components/admin/rich-text.tsx): wait for all six.
    const editorsNow = () =>
      screen
        .queryAllByRole("textbox", { name: /^Contenu \((FR|EN)\)$/ })
        .filter((element) => element.getAttribute("aria-multiline") === "true");
    await waitFor(() => expect(editorsNow()).toHaveLength(6));
    const editors = editorsNow();
    const hints = screen.getAllByText(translate(RICH_TEXT_TEXTS, "fr", "shortcuts"));
    expect(hints).toHaveLength(1);
    for (const editor of editors) expect(editor.getAttribute("aria-describedby")?.split(" ")).toContain(hints[0]?.id);
  });
});
