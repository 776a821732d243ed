import type { Page } from "@playwright/test";
import { openAdmin } from "./admin-helpers";
import { expect, test } from "./fixtures";

type Ring = { element: string; ratio: number | null; detail?: string };

/**
 * Tabs through the page and measures, for each focused element, the contrast of its focus indicator (its outline,
 * an ancestor's outline such as a card's, or a box-shadow ring) against the background it is drawn on.
 */
async function focusRings(page: Page, steps: number): Promise<Ring[]> {
  const rings: Ring[] = [];
  for (let i = 0; i < steps; i++) {
    await page.keyboard.press("Tab");
    rings.push(
      await page.evaluate(async () => {
        // Rings fade in (Tailwind's `transition` covers outline-color): measure the colour they end with.
        await Promise.all(document.getAnimations().flatMap((a) => (a instanceof CSSTransition ? [a.finished.catch(() => a)] : [])));
        const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
        if (!canvas) throw new Error("no canvas");
        const rgba = (color: string) => {
          canvas.clearRect(0, 0, 1, 1);
          canvas.fillStyle = color;
          canvas.fillRect(0, 0, 1, 1);
          const [r = 0, g = 0, b = 0, a = 0] = canvas.getImageData(0, 0, 1, 1).data;
          return [r, g, b, a / 255] as const;
        };
        const luminance = ([r, g, b]: readonly number[]) =>
          [r, g, b]
            .map((v = 0) => v / 255)
            .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
            .reduce((sum, v, k) => sum + v * ([0.2126, 0.7152, 0.0722][k] ?? 0), 0);
        const background = (from: Element | null) => {
          for (let el = from; el; el = el.parentElement) {
            const color = rgba(getComputedStyle(el).backgroundColor);
            if (color[3] > 0.5) return color;
          }
          return [255, 255, 255, 1] as const;
        };
        const focused = document.activeElement;
        if (!focused || focused === document.body) return { element: "body", ratio: null };
        const label = `${focused.tagName.toLowerCase()} "${(focused.getAttribute("aria-label") ?? focused.textContent ?? "").trim().slice(0, 40)}"`;
        for (let el: Element | null = focused, depth = 0; el && depth < 4; el = el.parentElement, depth++) {
          const style = getComputedStyle(el);
          let color: string | null = null;
          if (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0) color = style.outlineColor;
          else if (el === focused && style.boxShadow !== "none") {
            // Tailwind stacks several shadows (most of them transparent): the ring is the most opaque one.
            const layers = style.boxShadow.match(/(rgba?|oklch|oklab|color)\([^)]*\)/g) ?? [];
            color = layers.sort((a, b) => rgba(b)[3] - rgba(a)[3])[0] ?? null;
          }
          if (!color) continue;
          const ring = rgba(color);
          // An outline sits outside the element (on its parent's background); a ring of an input too.
          const behind = background(el.parentElement);
          const blended = [0, 1, 2].map((k) => (ring[k] ?? 0) * ring[3] + (behind[k] ?? 0) * (1 - ring[3]));
          const [l1, l2] = [luminance(blended), luminance(behind)].sort((a, b) => b - a) as [number, number];
          const detail = `${color} on ${behind.join(",")} (${el === focused ? "own" : el.tagName.toLowerCase()} ring)`;
          return { element: label, ratio: Math.round(((l1 + 0.05) / (l2 + 0.05)) * 100) / 100, detail };
        }
        return { element: label, ratio: 0 };
      }),
    );
  }
  return rings;
}

const weak = (rings: Ring[]) =>
  rings.filter((r) => r.ratio !== null && r.ratio < 3).map((r) => `${r.element}: ${r.ratio} ${r.detail ?? ""}`);

test.describe("focus rings contrast at least 3:1 with their background", () => {
  test("home page, including the category and product cards", async ({ page }) => {
    await page.goto("/");
    const rings = await focusRings(page, 40);
    expect(
      rings.some((r) => r.element.startsWith("a") && r.ratio !== null),
      "some links were focused",
    ).toBe(true);
    expect(weak(rings)).toEqual([]);
    const card = page.locator("article", { has: page.locator('a[href^="/category/"]') }).first();
    await card.locator("a").first().focus();
    await expect(card).toHaveCSS("outline-style", "solid");
  });

  test("admin product list and product form", async ({ page }) => {
    await openAdmin(page, "/admin/products");
    expect(weak(await focusRings(page, 30))).toEqual([]);
    await openAdmin(page, "/admin/products/new");
    expect(weak(await focusRings(page, 30))).toEqual([]);
  });
});
