// @vitest-environment happy-dom
import type { Lang } from "@shared/company";
import { categoryResource } from "@shared/resources/categories";
import type { Category } from "@shared/schemas/category";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScreenLang } from "~/i18n/screen-lang";
import { CategoryForm } from "./category-form";

afterEach(cleanup);

/** A field by its label's whole text; a required one's label ends with an asterisk hidden from assistive technology. */
const byLabel = (text: string) => screen.getByLabelText(new RegExp(`^${text.replace(/[()]/g, "\\$&")}( \\*)?$`));

const category: Category = {
  _id: "c1",
  position: 0,
  version: 3,
  slug: "algues",
  nameFr: "Algues",
  nameEn: "Seaweed",
  descriptionFr: "Des algues.",
  descriptionEn: "Seaweed.",
  coverImageUrl: "",
  metaTitleFr: "",
  metaTitleEn: "",
  metaDescriptionFr: "",
  metaDescriptionEn: "",
};

function show(lang: Lang, edited: Category | null = null) {
  render(
    <ScreenLang lang={lang}>
      <CategoryForm category={edited} saving={false} onSave={vi.fn()} onCancel={vi.fn()} conflict={null} onReload={vi.fn()} />
    </ScreenLang>,
  );
}

describe("CategoryForm: the fields as the category's declaration names them", () => {
  it.each(["fr", "en"] as const)("labels every declared field in the screen's language (%s)", (lang) => {
    show(lang);
    for (const [name, field] of Object.entries(categoryResource.fields)) {
      expect(byLabel(field.label[lang]).id, name).toBe(`category-${name}`);
    }
  });

  it("starts a new category empty and an edit from the category", () => {
    show("fr");
    expect(byLabel("Nom (FR)")).toHaveProperty("value", "");
    cleanup();
    show("fr", category);
    expect(byLabel("Nom (EN)")).toHaveProperty("value", "Seaweed");
    expect(byLabel("Slug (URL unique)")).toHaveProperty("value", "algues");
  });
});
