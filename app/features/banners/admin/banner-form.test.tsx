// @vitest-environment happy-dom
import { bannerResource } from "@shared/resources/banners";
import type { BannerInput } from "@shared/schemas/banner";
import { cleanup, render, screen } from "@testing-library/react";
import type { FieldErrors } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScreenLang } from "~/i18n/screen-lang";
import { BannerForm, missingFieldsAlert } from "./banner-form";

afterEach(cleanup);

/** A field by its label's whole text; a required one's label ends with an asterisk hidden from assistive technology. */
const byLabel = (text: string) => screen.getByLabelText(new RegExp(`^${text.replace(/[()]/g, "\\$&")}( \\*)?$`));

/** The flags a save sets from the screen's mode (api.ts), which the form does not show. */
const SET_BY_THE_SCREEN = ["isDefault", "isActive"];

describe("BannerForm: the fields as the banner's declaration names them", () => {
  it.each(["fr", "en"] as const)("labels every field it edits in the screen's language (%s)", (lang) => {
    render(
      <ScreenLang lang={lang}>
        <BannerForm
          mode={{ kind: "event" }}
          saving={false}
          saveError={null}
          onSave={vi.fn()}
          onReloaded={vi.fn()}
          onCancel={vi.fn()}
          alert={vi.fn()}
        />
      </ScreenLang>,
    );
    for (const [name, field] of Object.entries(bannerResource.fields)) {
      if (!SET_BY_THE_SCREEN.includes(name)) expect(byLabel(field.label[lang]).id, name).toBe(`banner-${name}`);
    }
  });

  it("lists the missing fields by their declared labels", () => {
    const errors = { imageUrlFr: { type: "custom" }, titleEn: { type: "custom" } } as FieldErrors<BannerInput>;
    expect(missingFieldsAlert(errors, "fr")).toBe(
      "Veuillez remplir les champs obligatoires suivants :\n• Image desktop (FR)\n• Titre (EN)",
    );
  });
});
