import { describe, expect, it } from "vitest";
import { historyItemName } from "./history-item";

const MESSAGE_ID = "0b6f7c2e-91d4-4c1a-8e0f-2a7d9e4c43ad";

describe("how a history row names its item", () => {
  it.each([
    [
      "a message that exists: its ticket number and subject",
      { entityType: "message", entityId: MESSAGE_ID, label: null, subject: "Devis Ulva" },
      "fr",
      "Ticket #4C43AD — Devis Ulva",
    ],
    [
      "a message deleted or erased since: its ticket number only",
      { entityType: "message", entityId: MESSAGE_ID, label: null, subject: null },
      "fr",
      "Ticket #4C43AD",
    ],
    [
      "the site settings (one document, no name kept)",
      { entityType: "settings", entityId: null, label: null, subject: null },
      "fr",
      "Paramètres du site",
    ],
    ["the site settings in English", { entityType: "settings", entityId: null, label: null, subject: null }, "en", "Site settings"],
    [
      "a product: the name kept at write time",
      { entityType: "product", entityId: "p1", label: "Ulva lactuca", subject: null },
      "fr",
      "Ulva lactuca",
    ],
    ["an item with no name kept: its id", { entityType: "redirect", entityId: "r1", label: null, subject: null }, "fr", "r1"],
    ["nothing known", { entityType: "image", entityId: null, label: null, subject: null }, "fr", "—"],
  ] as const)("%s", (_name, entry, lang, expected) => {
    expect(historyItemName(entry, lang)).toBe(expected);
  });
});
