import { describe, expect, it } from "vitest";
import { EMPTY_FACTS, isCasNumber, productFactsSchema, shownFacts } from "./product-facts";

describe("CAS numbers", () => {
  it("accepts real CAS numbers (agar, carrageenan, sodium alginate, fucoidan, water, ethanol) by their check digit", () => {
    for (const cas of ["9002-18-0", "9000-07-1", "9005-38-3", "9072-19-9", "7732-18-5", "64-17-5"])
      expect(isCasNumber(cas), cas).toBe(true);
  });

  it("refuses a wrong check digit, a missing hyphen, too few or too many digits", () => {
    for (const cas of ["9002-18-1", "9002180", "9002-18", "1-23-4", "12345678-12-3", "ab-cd-e", " 9002-18-0"])
      expect(isCasNumber(cas), cas).toBe(false);
  });

  it("stores a list typed with commas, semicolons or spaces as 'a, b', and an empty text as none", () => {
    expect(productFactsSchema.parse({ casNumbers: "9002-18-0;9000-07-1  9005-38-3" }).casNumbers).toBe("9002-18-0, 9000-07-1, 9005-38-3");
    expect(productFactsSchema.parse({ casNumbers: "  " }).casNumbers).toBe("");
  });
});

describe("shown facts", () => {
  const facts = {
    ...EMPTY_FACTS,
    originFr: "Bizerte, Tunisie",
    formFr: "Poudre",
    formEn: "Powder",
    moqQuantity: 1500,
    moqUnit: "units" as const,
    shelfLifeMonths: 1,
  };

  it("shows only the facts that are set, in the table's order, in French", () => {
    expect(shownFacts(facts, "fr").map((f) => [f.key, f.value])).toEqual([
      ["origin", "Bizerte, Tunisie"],
      ["form", "Poudre"],
      ["moq", "1\u202f500 unités"],
      ["shelfLife", "1 mois"],
    ]);
  });

  it("shows English texts in English, French where the English is empty, months in the singular for one", () => {
    expect(shownFacts(facts, "en").map((f) => f.value)).toEqual(["Bizerte, Tunisie", "Powder", "1,500 units", "1 month"]);
  });

  it("marks a fact shown in the other language with that language, either way", () => {
    expect(shownFacts(facts, "en").find((f) => f.key === "origin")).toEqual({ key: "origin", value: "Bizerte, Tunisie", lang: "fr" });
    expect(shownFacts(facts, "en").find((f) => f.key === "form")).toEqual({ key: "form", value: "Powder" });
    expect(shownFacts({ ...facts, originFr: "", originEn: "Bizerte, Tunisia" }, "fr")[0]).toEqual({
      key: "origin",
      value: "Bizerte, Tunisia",
      lang: "en",
    });
  });

  it("shows nothing for a product with no fact", () => {
    expect(shownFacts(EMPTY_FACTS, "fr")).toEqual([]);
  });
});
