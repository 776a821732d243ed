// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { currentSection, FormSection, SectionNav } from "./section-nav";

afterEach(cleanup);

const ORDER = ["general", "blocks", "documents", "seo"];

describe("currentSection", () => {
  it.each([
    { crossing: ["blocks"], previous: "general", expected: "blocks", why: "the one section in the reading band" },
    { crossing: ["documents", "blocks"], previous: "general", expected: "blocks", why: "the first in the form's order" },
    { crossing: [], previous: "documents", expected: "documents", why: "the one before, between two sections" },
    { crossing: ["seo"], previous: "general", expected: "seo", why: "the last section, scrolled to the end" },
  ])("highlights $expected when $why", ({ crossing, previous, expected }) => {
    expect(currentSection(ORDER, new Set(crossing), previous)).toBe(expected);
  });
});

describe("SectionNav", () => {
  it("links each section, highlights the first, and a link moves the highlight and the focus to its section", () => {
    render(
      <SectionNav
        label="Sections"
        sections={[
          { id: "s-general", label: "Informations" },
          { id: "s-documents", label: "Documents" },
        ]}
      >
        <FormSection id="s-general" label="Informations générales">
          <h2>Informations générales</h2>
        </FormSection>
        <FormSection id="s-documents" label="Documents">
          <h2>Documents</h2>
        </FormSection>
      </SectionNav>,
    );
    const nav = screen.getByRole("navigation", { name: "Sections" });
    const links = [...nav.querySelectorAll("a")];
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Informations", "#s-general"],
      ["Documents", "#s-documents"],
    ]);
    expect(links[0]?.getAttribute("aria-current")).toBe("location");

    fireEvent.click(screen.getByRole("link", { name: "Documents" }));
    expect(screen.getByRole("link", { name: "Documents" }).getAttribute("aria-current")).toBe("location");
    expect(screen.getByRole("link", { name: "Informations" }).getAttribute("aria-current")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("region", { name: "Documents" }));
  });
});
