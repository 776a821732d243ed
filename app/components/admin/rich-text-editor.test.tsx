// @vitest-environment happy-dom
import type { RichDoc } from "@shared/schemas/rich-text";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ScreenLang } from "~/i18n/screen-lang";
import { RichTextEditor } from "./rich-text-editor";

afterEach(cleanup);

const doc: RichDoc = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Bonjour" }] }] };

function Harness({ lang }: { lang: "fr" | "en" }) {
  const [value, setValue] = useState(doc);
  return (
    <ScreenLang lang={lang}>
      <RichTextEditor id="body" label={lang === "fr" ? "Texte (FR)" : "Text (EN)"} value={value} onChange={setValue} max={10} />
    </ScreenLang>
  );
}

describe("RichTextEditor", () => {
  it("names its text box by the field's label and its toolbar buttons in the screen's language", async () => {
    render(<Harness lang="en" />);
    expect(await screen.findByRole("toolbar", { name: "Text formatting" })).toBeTruthy();
    for (const name of ["Paragraph", "Heading 2", "Bold", "Italic", "Link", "Bulleted list", "Numbered list", "Undo", "Redo"]) {
      expect(screen.getByRole("button", { name })).toBeTruthy();
    }
    expect(screen.getByRole("textbox", { name: "Text (EN)" })).toBeTruthy();
    expect(screen.getByText("7/10 visible characters")).toBeTruthy();
  });

  it("has French names too, and the link form refuses a javascript: address", async () => {
    render(<Harness lang="fr" />);
    fireEvent.click(await screen.findByRole("button", { name: "Lien" }));
    const address = screen.getByLabelText("Adresse (https://…, mailto:…, tel:… ou /page)");
    fireEvent.change(address, { target: { value: "javascript:alert(1)" } });
    fireEvent.click(screen.getByRole("button", { name: "Appliquer le lien" }));
    expect(screen.getByText(/^Adresse refusée/)).toBeTruthy();
    expect(address.getAttribute("aria-invalid")).toBe("true");
  });
});
