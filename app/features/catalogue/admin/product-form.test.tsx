// @vitest-environment happy-dom
import { FACT_FIELDS } from "@shared/product-facts";
import { productResource } from "@shared/resources/products";
import { productInputSchema } from "@shared/schemas/product";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScreenLang } from "~/i18n/screen-lang";
import { EMPTY_PRODUCT, ProductForm } from "./product-form";

// The picker reads the certifications from the API; it has labels of its own.
vi.mock("~/features/certifications/admin/certification-picker", () => ({ CertificationPicker: () => null }));

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
