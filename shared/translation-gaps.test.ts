import { describe, expect, it } from "vitest";
import { RESOURCE_TYPES, resourceOf } from "./resources/index";
import { pageResource } from "./resources/pages";
import { productResource } from "./resources/products";
import { bilingualPairsOf, englishOf, needsTranslation, PART_GAPS, translationGaps } from "./translation-gaps";

const doc = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: text ? [{ type: "text", text }] : [] }] });
const table = (fr: string[][], en: string[][]) => ({
  fr: { headers: fr[0], rows: fr.slice(1) },
  en: { headers: en[0], rows: en.slice(1) },
});
const block = (fields: Record<string, unknown>) => ({ type: "text", contentFr: "", contentEn: "", tableData: null, ...fields });

describe("translationGaps", () => {
  it.each([
    { case: "both sides filled: no gap", record: { nameFr: "Algue", nameEn: "Seaweed" }, gaps: [] },
    { case: "both sides empty: no gap", record: { nameFr: "", nameEn: "" }, gaps: [] },
    { case: "only French: English missing", record: { nameFr: "Algue", nameEn: "" }, gaps: [{ path: "nameEn", lang: "en" }] },
    { case: "only English: French missing", record: { nameFr: "", nameEn: "Seaweed" }, gaps: [{ path: "nameFr", lang: "fr" }] },
    { case: "spaces are empty", record: { originFr: "Tunisie", originEn: "   " }, gaps: [{ path: "originEn", lang: "en" }] },
    { case: "absent is empty", record: { formEn: "Powder" }, gaps: [{ path: "formFr", lang: "fr" }] },
    { case: "SEO fields are pairs", record: { metaTitleFr: "Titre" }, gaps: [{ path: "metaTitleEn", lang: "en" }] },
    {
      case: "a text block written in one language",
      record: { contentBlocks: [block({ contentFr: "ok", contentEn: "ok" }), block({ contentEn: "Only English" })] },
      gaps: [{ path: "contentBlocks.1.contentFr", lang: "fr" }],
    },
    {
      case: "a table filled in French, empty in English",
      record: { contentBlocks: [block({ type: "table", tableData: table([["Taille"], ["1 kg"]], [[""], [""]]) })] },
      gaps: [{ path: "contentBlocks.0.tableData.en", lang: "en" }],
    },
    {
      case: "a table translated cell by cell",
      record: { contentBlocks: [block({ type: "table", tableData: table([["Taille"], ["1 kg"]], [["Size"], ["1 kg"]]) })] },
      gaps: [],
    },
    {
      case: "a table missing a cell on each side",
      record: { contentBlocks: [block({ type: "table", tableData: table([["A", ""]], [["", "B"]]) })] },
      gaps: [
        { path: "contentBlocks.0.tableData.fr", lang: "fr" },
        { path: "contentBlocks.0.tableData.en", lang: "en" },
      ],
    },
    {
      case: "a table's title is a pair",
      record: { contentBlocks: [block({ type: "table", contentFr: "Tailles", tableData: table([[""]], [[""]]) })] },
      gaps: [{ path: "contentBlocks.0.contentEn", lang: "en" }],
    },
  ])("$case", ({ record, gaps }) => {
    expect(translationGaps(productResource, record)).toEqual(gaps);
  });

  it.each([
    { case: "an empty rich text is empty", bodyFr: doc("Mentions"), bodyEn: doc(""), gaps: [{ path: "bodyEn", lang: "en" }] },
    { case: "a rich text of spaces is empty", bodyFr: doc(" "), bodyEn: doc("Notice"), gaps: [{ path: "bodyFr", lang: "fr" }] },
    { case: "two written rich texts", bodyFr: doc("Mentions"), bodyEn: doc("Notice"), gaps: [] },
  ])("pages: $case", ({ bodyFr, bodyEn, gaps }) => {
    expect(translationGaps(pageResource, { titleFr: "t", titleEn: "t", slugFr: "s", slugEn: "s", bodyFr, bodyEn })).toEqual(gaps);
  });

  it("needsTranslation says whether there is any gap", () => {
    expect(needsTranslation(productResource, { nameFr: "Algue", nameEn: "Seaweed" })).toBe(false);
    expect(needsTranslation(productResource, { nameFr: "Algue", nameEn: "" })).toBe(true);
  });
});

describe("every declared bilingual text is checked", () => {
  it.each(RESOURCE_TYPES)("%s: each French or English field has its other half", (type) => {
    const resource = resourceOf(type);
    const paired = new Set(bilingualPairsOf(resource).flat());
    const halves = Object.entries(resource.fields).filter(([, field]) => field.lang !== undefined);
    expect(halves.map(([name]) => name).filter((name) => !paired.has(name))).toEqual([]);
  });

  it.each(RESOURCE_TYPES)("%s: a pair with one side written is a gap on the other side", (type) => {
    const resource = resourceOf(type);
    for (const [fr, en] of bilingualPairsOf(resource)) {
      const written = resource.fields[fr]?.kind === "rich" ? doc("texte") : "texte";
      expect(translationGaps(resource, { [fr]: written }), fr).toEqual([{ path: en, lang: "en" }]);
      expect(translationGaps(resource, { [en]: written }), en).toEqual([{ path: fr, lang: "fr" }]);
    }
  });

  it.each(RESOURCE_TYPES)("%s: each declared part is known to hold texts or none", (type) => {
    for (const part of resourceOf(type).parts ?? []) expect(Object.keys(PART_GAPS), part).toContain(part);
  });

  it("englishOf names the English half", () => {
    expect(["nameFr", "metaDescriptionFr", "slugFr", "bodyFr"].map(englishOf)).toEqual(["nameEn", "metaDescriptionEn", "slugEn", "bodyEn"]);
  });
});
