import { describe, expect, it } from "vitest";
import { en } from "./en";
import { fr } from "./fr";
import { langFromSearch, localized, localizedPath, translate } from "./lang";

describe("dictionaries", () => {
  it("have the same keys in French and English, none empty", () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(fr).sort());
    for (const [key, text] of [...Object.entries(fr), ...Object.entries(en)]) expect(text.trim(), key).not.toBe("");
  });

  it("carry the exact contact error texts of the spec", () => {
    expect(translate("fr", "contact.error")).toBe("Une erreur est survenue. Veuillez réessayer.");
    expect(translate("en", "contact.error")).toBe("An error occurred. Please try again.");
    expect(translate("fr", "contact.sending")).toBe("Envoi...");
    expect(translate("en", "contact.sending")).toBe("Sending...");
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

  it("fills {placeholders} and picks the Fr/En variant of an entity field", () => {
    expect(translate("en", "footer.since", { year: 2010 })).toBe("In Bizerte since 2010");
    const product = { nameFr: "Laitue de mer", nameEn: "Sea lettuce" };
    expect(localized(product, "name", "fr")).toBe("Laitue de mer");
    expect(localized(product, "name", "en")).toBe("Sea lettuce");
  });
});
