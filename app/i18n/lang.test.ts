import { describe, expect, it } from "vitest";
import { langFromSearch, localized, localizedPath } from "./lang";
import { SITE_TEXTS } from "./site";
import { translate } from "./texts";

describe("the site's frame texts", () => {
  it("have a text for every key in French and English, none empty", () => {
    expect(Object.keys(SITE_TEXTS.en).sort()).toEqual(Object.keys(SITE_TEXTS.fr).sort());
    for (const [key, text] of [...Object.entries(SITE_TEXTS.fr), ...Object.entries(SITE_TEXTS.en)]) {
      expect(typeof text === "string" ? text.trim() : text, key).not.toBe("");
    }
  });

  it("fill {placeholders} in the page's language", () => {
    expect(translate(SITE_TEXTS, "en", "footer.since", { year: 2010 })).toBe("In Bizerte since 2010");
    expect(translate(SITE_TEXTS, "fr", "footer.since", { year: 2010 })).toBe("Depuis 2010 à Bizerte");
  });
});

describe("language helpers", () => {
  it("reads English only from ?lang=en and defaults to French", () => {
    expect(langFromSearch("?lang=en")).toBe("en");
    expect(langFromSearch("?lang=fr")).toBe("fr");
    expect(langFromSearch("?lang=de")).toBe("fr");
    expect(langFromSearch("")).toBe("fr");
  });

  it("adds ?lang=en to English paths and removes it for French, keeping other parameters and the hash", () => {
    expect(localizedPath("/contact?subject=Agar#form", "en")).toBe("/contact?subject=Agar&lang=en#form");
    expect(localizedPath("/contact?lang=en&subject=Agar", "fr")).toBe("/contact?subject=Agar");
    expect(localizedPath("/", "fr")).toBe("/");
  });

  it("picks the Fr/En variant of an entity field", () => {
    const product = { nameFr: "Laitue de mer", nameEn: "Sea lettuce" };
    expect(localized(product, "name", "fr")).toBe("Laitue de mer");
    expect(localized(product, "name", "en")).toBe("Sea lettuce");
  });
});
