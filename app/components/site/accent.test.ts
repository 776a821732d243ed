import { CATEGORY_COLORS } from "@shared/colors";
import { describe, expect, it } from "vitest";
import { categoryAccent, textSafeShade } from "./accent";

function contrastWithWhite(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((s) => (s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4));
  return 1.05 / (0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0) + 0.05);
}

describe("textSafeShade", () => {
  it("keeps a brand colour that already reaches 4.5:1 against white", () => {
    expect(textSafeShade(CATEGORY_COLORS.algae)).toBe(CATEGORY_COLORS.algae.toLowerCase());
    expect(textSafeShade(CATEGORY_COLORS.plants)).toBe(CATEGORY_COLORS.plants.toLowerCase());
  });

  it("darkens the actives orange until white text on it passes WCAG AA", () => {
    expect(contrastWithWhite(CATEGORY_COLORS.actives)).toBeLessThan(4.5);
    const shade = textSafeShade(CATEGORY_COLORS.actives);
    expect(shade).not.toBe(CATEGORY_COLORS.actives.toLowerCase());
    expect(contrastWithWhite(shade)).toBeGreaterThanOrEqual(4.5);
  });

  it("gives every category slug an ink colour readable on white", () => {
    for (const slug of ["les-algues", "les-plantes", "actifs-biologiques", "anything-else"]) {
      expect(contrastWithWhite(categoryAccent(slug).ink)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
