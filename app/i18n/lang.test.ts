import { describe, expect, it } from "vitest";
import { langAttr, langFromSearch, localized, localizedPath, localizedText, ownLangText, shownIn, withColon } from "./lang";
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

  it.each([
    {
      name: "the page's language when it is filled",
      entity: { nameFr: "Laitue de mer", nameEn: "Sea lettuce" },
      lang: "en",
      shown: { value: "Sea lettuce", lang: "en" },
    },
    {
      name: "French when the English text is empty",
      entity: { nameFr: "Laitue de mer", nameEn: "" },
      lang: "en",
      shown: { value: "Laitue de mer", lang: "fr" },
    },
    {
      name: "English when the French text is blank",
      entity: { nameFr: "  ", nameEn: "Sea lettuce" },
      lang: "fr",
      shown: { value: "Sea lettuce", lang: "en" },
    },
    { name: "the page's language when both are empty", entity: { nameFr: "", nameEn: "" }, lang: "en", shown: { value: "", lang: "en" } },
  ] as const)("shows $name, saying which language it is", ({ entity, lang, shown }) => {
    expect(localizedText(entity, "name", lang)).toEqual(shown);
    expect(localized(entity, "name", lang)).toBe(shown.value);
    expect(langAttr(shown, lang)).toBe(shown.lang === lang ? undefined : shown.lang);
  });

  it("falls back for any value with its own test of emptiness (a table, a rich document)", () => {
    const table = { fr: { rows: [["Humidité"]] }, en: { rows: [] as string[][] } };
    expect(shownIn(table, "en", (t) => t.rows.length === 0)).toEqual({ value: table.fr, lang: "fr" });
    expect(shownIn(table, "fr", (t) => t.rows.length === 0)).toEqual({ value: table.fr, lang: "fr" });
  });

  it("reads a page's own SEO texts without falling back to the other language's", () => {
    const page = { metaTitleFr: "Algues de Bizerte", metaTitleEn: "" };
    expect(ownLangText(page, "metaTitle", "en")).toBe("");
    expect(ownLangText(page, "metaTitle", "fr")).toBe("Algues de Bizerte");
  });

  it("writes a label's colon as each language does", () => {
    expect(withColon("Produit", "fr")).toBe("Produit\u00a0:");
    expect(withColon("Product", "en")).toBe("Product:");
  });
});
