import type { ContentBlock } from "@shared/schemas/content-block";
import { HISTORY_CHANGES } from "@shared/schemas/history-changes";
import { describe, expect, it } from "vitest";
import { blockChanges, capped, cut, fieldChanges, imageName, orderChange } from "./history-changes";

const block = (id: string, overrides: Partial<ContentBlock> = {}): ContentBlock => ({
  _id: id,
  productId: "p",
  type: "text",
  contentFr: `Texte ${id}`,
  contentEn: `Text ${id}`,
  richFr: null,
  richEn: null,
  order: 0,
  imageUrl: null,
  tableData: null,
  ...overrides,
});

describe("history changes", () => {
  it("cuts texts longer than 200 characters to 200, the last one an ellipsis, counting characters not code units", () => {
    expect(cut("court")).toBe("court");
    const emoji = "🌊".repeat(250);
    const shortened = cut(emoji);
    expect([...shortened]).toHaveLength(HISTORY_CHANGES.textMax);
    expect(shortened.endsWith("🌊…")).toBe(true);
  });

  it("names an image by its file name, whatever its folder or query", () => {
    expect(imageName("/uploads/algues/ulva-3f2a.webp")).toBe("ulva-3f2a.webp");
    expect(imageName("https://cdn.example.com/a/b/photo%20mer.png?w=300")).toBe("photo mer.png");
    expect(imageName(null)).toBeNull();
  });

  it("lists only the fields that differ, and never a field named like a secret", () => {
    const before = { nameFr: "A", nameEn: "B", isActive: true, passwordHash: "$argon2id$x", totpSecret: "S1", logoUrl: "/u/a.webp" };
    const after = { nameFr: "A2", nameEn: "B", isActive: false, passwordHash: "$argon2id$y", totpSecret: "S2", logoUrl: "/u/b.webp" };
    expect(fieldChanges(before, after, ["nameFr", "nameEn", "isActive", "passwordHash", "totpSecret", "logoUrl"])).toEqual([
      { field: "nameFr", before: "A", after: "A2" },
      { field: "isActive", before: true, after: false },
      { field: "logoUrl", before: "a.webp", after: "b.webp" },
    ]);
  });

  it("keeps at most 40 changes, the last counting those left out", () => {
    const many = Array.from({ length: 45 }, (_, i) => ({ field: `f${i}`, before: i, after: i + 1 }));
    const kept = capped(many);
    expect(kept).toHaveLength(HISTORY_CHANGES.perRowMax);
    expect(kept.at(-1)).toEqual({ field: "more", before: null, after: 6 });
    expect(capped(many.slice(0, 3))).toEqual(many.slice(0, 3));
  });

  it("summarises a table block by its title and cells, an image block by its text and file name", () => {
    const table = block("t", {
      type: "table",
      contentFr: "Composition",
      tableData: { fr: { headers: ["Élément", "%"], rows: [["Fibres", "40"]] }, en: { headers: [], rows: [] } },
    });
    const image = block("i", { type: "text-image", contentFr: "Récolte", imageUrl: "/uploads/algues/recolte.webp" });
    expect(blockChanges([], [table, image])).toEqual([
      { field: "block.added", before: null, after: "Composition · Élément | % / Fibres | 40" },
      { field: "block.added", before: null, after: "Récolte · recolte.webp" },
    ]);
    const edited = { ...table, tableData: { fr: { headers: ["Élément", "%"], rows: [["Fibres", "45"]] }, en: { headers: [], rows: [] } } };
    expect(blockChanges([table], [edited])).toEqual([
      { field: "block.tableData", before: "Élément | % / Fibres | 40", after: "Élément | % / Fibres | 45" },
    ]);
    expect(blockChanges([table, image], [table, image])).toEqual([]);
  });

  it("a reorder that moves nothing lists nothing", () => {
    expect(orderChange(["A", "B"], ["A", "B"])).toEqual([]);
    expect(orderChange(["A", "B"], ["B", "A"])).toEqual([{ field: "order", before: "A, B", after: "B, A" }]);
  });
});
