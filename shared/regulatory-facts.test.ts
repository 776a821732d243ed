import { describe, expect, it } from "vitest";
import {
  EMPTY_REGULATORY_FACTS,
  normaliseENumber,
  type RegulatoryFacts,
  regulatoryFactsSchema,
  shownRegulatoryFacts,
} from "./regulatory-facts";

const facts = (overrides: Partial<RegulatoryFacts>): RegulatoryFacts => ({ ...EMPTY_REGULATORY_FACTS, ...overrides });

describe("shownRegulatoryFacts", () => {
  it.each([
    ["no fact set: no row", facts({}), "fr", []],
    ["the sample flag and the Nagoya document alone: no row", facts({ sampleAvailable: false, nagoyaDocumentId: "d" }), "en", []],
    [
      "an E-number with its status",
      facts({ eNumber: "E407", eNumberStatus: "authorised" }),
      "fr",
      [{ key: "eNumber", label: "Additif alimentaire (UE)", value: "E407 — Autorisé (règlement (CE) n° 1333/2008)" }],
    ],
    [
      "an E-number without status",
      facts({ eNumber: "E160a(iv)" }),
      "en",
      [{ key: "eNumber", label: "Food additive (EU)", value: "E160a(iv)" }],
    ],
    [
      "the natural origin index with two decimals, in each language's writing",
      facts({ naturalOriginIndex: 0.9 }),
      "fr",
      [{ key: "naturalOriginIndex", label: "Indice d'origine naturelle (ISO 16128)", value: "0,90" }],
    ],
    [
      "an index of 0 is a fact",
      facts({ naturalOriginIndex: 0 }),
      "en",
      [{ key: "naturalOriginIndex", label: "Natural origin index (ISO 16128)", value: "0.00" }],
    ],
    [
      "the COSMOS status names Ecocert",
      facts({ cosmosStatus: "cosmos_approved" }),
      "en",
      [{ key: "cosmos", label: "COSMOS", value: "COSMOS approved (raw material, Ecocert)" }],
    ],
    [
      "a statement in the page's language",
      facts({ gmoStatementFr: "Sans OGM", gmoStatementEn: "GMO-free" }),
      "en",
      [{ key: "gmo", label: "GMO", value: "GMO-free" }],
    ],
    [
      "a statement written in French only, on the English page, with its lang",
      facts({ allergenStatementFr: "Aucun allergène" }),
      "en",
      [{ key: "allergens", label: "Allergens", value: "Aucun allergène", lang: "fr" }],
    ],
    ["a blank statement is not set", facts({ nagoyaStatementFr: "  ", nagoyaStatementEn: "" }), "fr", []],
    [
      "the country of harvest by its name",
      facts({ harvestCountry: "TN" }),
      "fr",
      [{ key: "harvestCountry", label: "Pays de récolte", value: "Tunisie" }],
    ],
  ] as const)("%s", (_name, input, lang, expected) => {
    expect(shownRegulatoryFacts(input, lang)).toEqual(expected);
  });

  it("lists the set facts in the section's order", () => {
    const all = facts({
      harvestCountry: "TN",
      nagoyaStatementEn: "ABS",
      gmoStatementEn: "GMO-free",
      allergenStatementEn: "None",
      cosmosStatus: "cosmos_certified",
      naturalOriginIndex: 1,
      eNumber: "E406",
    });
    expect(shownRegulatoryFacts(all, "en").map((f) => f.key)).toEqual([
      "eNumber",
      "naturalOriginIndex",
      "cosmos",
      "allergens",
      "gmo",
      "nagoya",
      "harvestCountry",
    ]);
  });
});

describe("E-numbers", () => {
  it.each([
    ["e407", "E407", true],
    ["E 407 A", "E407a", true],
    ["e160A(IV)", "E160a(iv)", true],
    ["E1422", "E1422", true],
    ["", "", true],
    ["407", "", false],
    ["E40", "", false],
    ["E407ab", "", false],
    ["F407", "", false],
  ] as const)("%j is %j (valid: %s)", (typed, stored, valid) => {
    const parsed = regulatoryFactsSchema.shape.eNumber.safeParse(typed);
    expect(parsed.success).toBe(valid);
    if (valid) expect(parsed.data).toBe(stored);
  });

  it("keeps the typed text's letters when normalising", () => {
    expect(normaliseENumber(" e 471 ")).toBe("E471");
  });
});
