// @vitest-environment happy-dom
import { pageResource } from "@shared/resources/pages";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScreenLang } from "~/i18n/screen-lang";
import { EMPTY_SITE_PAGE, PageForm } from "./page-form";

afterEach(cleanup);

/** A field by its label's whole text; a required one's label ends with an asterisk hidden from assistive technology. */
const label = (text: string) => new RegExp(`^${text.replace(/[()]/g, "\\$&")}( \\*)?$`);

describe("PageForm: the fields as the page's declaration names them", () => {
  it.each(["fr", "en"] as const)("labels every declared field in the screen's language (%s)", async (lang) => {
    const element = (
      <ScreenLang lang={lang}>
        <PageForm mode="create" initial={EMPTY_SITE_PAGE} onSubmit={vi.fn()} saving={false} />
      </ScreenLang>
    );
    // The cancel link needs a router.
    render(<RouterProvider router={createMemoryRouter([{ path: "*", element }])} />);
    for (const [name, field] of Object.entries(pageResource.fields)) {
      // Found once there: the rich texts' editors are made after the first render.
      expect((await screen.findByLabelText(label(field.label[lang]))).id, name).toBe(`page-${name}`);
    }
  });
});
