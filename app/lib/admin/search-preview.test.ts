import { describe, expect, it } from "vitest";
import { breadcrumb, clip, defaultPageTitle, searchSnippet } from "./search-preview";

describe("search result preview", () => {
  it("keeps a text within the length untouched, whitespace folded", () => {
    expect(clip("  Agar   agar  ", 60)).toBe("Agar agar");
  });

  it("cuts a long text at the last word before the length and marks the cut", () => {
    const text = "Extrait d'algues rouges de la côte tunisienne, récoltées à la main et séchées au soleil";
    const cut = clip(text, 60);
    expect(cut).toBe("Extrait d'algues rouges de la côte tunisienne, récoltées à …");
    expect(cut.length).toBeLessThanOrEqual(62);
  });

  it("cuts a long word-less text at the length", () => {
    expect(clip("x".repeat(80), 60)).toBe(`${"x".repeat(60)} …`);
  });

  it("writes the address as Google's breadcrumb, without the query", () => {
    expect(breadcrumb("https://algues.example.com", "/product/ulva-lactuca?lang=en")).toBe("algues.example.com › product › ulva-lactuca");
  });

  it("uses the SEO fields when set and the page's own texts when they are blank", () => {
    const base = { origin: "https://a.example", path: "/category/les-algues", fallbackTitle: "Les algues | Marine Algae of Tunisia" };
    expect(searchSnippet({ ...base, metaTitle: "Algues de Tunisie", metaDescription: "  ", fallbackDescription: "Nos algues." })).toEqual({
      title: "Algues de Tunisie",
      breadcrumb: "a.example › category › les-algues",
      description: "Nos algues.",
      titleIsFallback: false,
      descriptionIsFallback: true,
    });
  });

  it("builds the default title the public pages use", () => {
    expect(defaultPageTitle("Agar", "en")).toBe("Agar | Marine Algae of Tunisia");
    expect(defaultPageTitle("  ", "fr")).toBe("Marine Algae of Tunisia");
  });
});
