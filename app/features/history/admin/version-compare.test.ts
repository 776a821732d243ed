import { FACT_FIELDS } from "@shared/product-facts";
import { fieldLabel } from "@shared/resources/labels";
import { describe, expect, it } from "vitest";
import { compareVersions } from "./version-compare";

const yesNo = (v: boolean) => (v ? "Oui" : "Non");
const product = {
  slug: "ulva",
  nameFr: "Ulve",
  nameEn: "Sea lettuce",
  isActive: true,
  publishAt: "2026-03-01T09:00:00.000Z",
  mainImageUrl: "/uploads/algues/ulva.webp",
  contentBlocks: [{ type: "text", contentFr: "Un", contentEn: "One", imageUrl: null, tableData: null }],
};

describe("a version compared with the current resource", () => {
  it("marks changed fields, pairs French and English side by side and reads schedule times in Tunisia's time", () => {
    const rows = compareVersions("product", product, { ...product, nameEn: "Green laver", publishAt: null }, yesNo);
    const name = rows.find((r) => r.id === "nameFr");
    expect(name?.changed).toBe(true);
    expect(name?.cells.map((c) => [c.lang, c.before.text, c.after.text])).toEqual([
      ["fr", "Ulve", "Ulve"],
      ["en", "Sea lettuce", "Green laver"],
    ]);
    // 09:00 UTC is 10:00 in Tunis (UTC+1, no summer time).
    expect(rows.find((r) => r.id === "publishAt")?.cells[0]?.before.text).toBe("01/03/2026 10:00");
    expect(rows.find((r) => r.id === "slug")?.changed).toBe(false);
  });

  it("compares the key facts (decision 0110): bilingual ones side by side, numbers as numbers, and every fact has a French and English label", () => {
    const before = { ...product, originFr: "Bizerte", originEn: "Bizerte", shelfLifeMonths: 24, casNumbers: "9002-18-0" };
    const rows = compareVersions("product", before, { ...before, originEn: "Bizerte, Tunisia", shelfLifeMonths: null }, yesNo);
    const origin = rows.find((r) => r.id === "originFr");
    expect(origin?.cells.map((c) => [c.lang, c.before.text, c.after.text])).toEqual([
      ["fr", "Bizerte", "Bizerte"],
      ["en", "Bizerte", "Bizerte, Tunisia"],
    ]);
    expect(rows.find((r) => r.id === "shelfLifeMonths")?.cells.map((c) => [c.before.text, c.after.text])).toEqual([["24", ""]]);
    expect(rows.find((r) => r.id === "casNumbers")?.changed).toBe(false);
    for (const field of FACT_FIELDS) {
      expect(fieldLabel("product", field, "fr"), field).toBeTruthy();
      expect(fieldLabel("product", field, "en"), field).toBeTruthy();
    }
  });

  it("shows images as thumbnails, rich text as its visible text and blocks by position", () => {
    const rows = compareVersions("product", product, { ...product, contentBlocks: [] }, yesNo);
    expect(rows.find((r) => r.id === "mainImageUrl")?.cells[0]?.before.image).toBe("/uploads/algues/ulva.webp");
    const block = rows.find((r) => r.id === "block-0");
    expect(block).toMatchObject({ label: { block: 1 }, changed: true });
    expect(block?.cells[0]?.before.text).toBe("Un");
    expect(block?.cells[0]?.after.text).toBe("");
    const page = { bodyFr: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Bonjour" }] }] } };
    expect(compareVersions("page", page, null, yesNo).find((r) => r.id === "bodyFr")?.cells[0]?.before.text).toBe("Bonjour");
  });
});

describe("the settings compared place by place", () => {
  it("pairs each French text with its English one under its path, lists by item, and leaves out the version", () => {
    const before = { version: 3, home: { values: [{ title: { fr: "Traçabilité", en: "Traceability" } }] }, company: { mapUrl: "" } };
    const after = { version: 4, home: { values: [{ title: { fr: "Origine", en: "Traceability" } }] }, company: { mapUrl: "" } };
    const rows = compareVersions("settings", before, after, yesNo);
    expect(rows.map((r) => [r.label, r.changed])).toEqual([
      [{ settings: "home.values.0.title" }, true],
      [{ settings: "company.mapUrl" }, false],
    ]);
    expect(rows[0]?.cells.map((c) => c.lang)).toEqual(["fr", "en"]);
  });
});
