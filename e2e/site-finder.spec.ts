import type { Page } from "@playwright/test";
import { FINDER_SITE_TEXTS } from "../app/features/finder/site/texts";
import { translate } from "../app/i18n/texts";
import type { Lang } from "../shared/company";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { PAIRWISE } from "./site-helpers";

/**
 * The product finder (`/products`, issue 33) on the demo catalogue: a buyer ticks filters in a plain GET form, with
 * JavaScript on and off, at 375 and 1280 px, in French and English; every count shown is what the next page lists.
 */
const t = (lang: Lang, key: Parameters<typeof translate<typeof FINDER_SITE_TEXTS>>[2], params?: Record<string, string | number>) =>
  translate(FINDER_SITE_TEXTS, lang, key, params);

/** The filters' form: behind "Filtres" on a phone (a details element), always shown from 1024 px. */
async function openFilters(page: Page, lang: Lang, width: number) {
  if (width < 1024)
    await page
      .locator("summary")
      .filter({ hasText: t(lang, "filters") })
      .click();
  return page.getByRole("form", { name: t(lang, "filters") });
}

/** Ticks one option of a filter and returns the count the form showed beside it. */
async function tick(page: Page, lang: Lang, width: number, facet: "application" | "function", index: number): Promise<number> {
  const form = await openFilters(page, lang, width);
  const group = form.getByRole("group", { name: t(lang, `facet.${facet}`) });
  const option = group.locator("label").nth(index);
  const count = Number(await option.locator("span").last().textContent());
  await option.getByRole("checkbox").check();
  await form.getByRole("button", { name: t(lang, "apply") }).click();
  return count;
}

const productsShown = (page: Page) => page.getByRole("main").locator("article");

for (const [javaScriptEnabled, width, lang] of PAIRWISE) {
  test.describe(`${width} px, ${lang}, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

    test("a buyer narrows the catalogue by application then function; each count is what the next page lists, a chip removes its filter", async ({
      page,
    }) => {
      const response = await page.goto(lang === "en" ? "/products?lang=en" : "/products");
      expect(response?.headers()["cache-control"]).toContain("no-store");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(lang, "heading"));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // Unfiltered: indexable, its own canonical.
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
      const all = Number((await page.getByRole("status").textContent())?.match(/\d+/)?.[0]);
      expect(all).toBeGreaterThan(1);
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      // The first application: the page lists as many products as its count said.
      const byApplication = await tick(page, lang, width, "application", 0);
      await expect(page).toHaveURL(/[?&]application=/);
      await expect(page.getByRole("status")).toHaveText(t(lang, "count", { count: byApplication }));
      await expect(productsShown(page)).toHaveCount(Math.min(byApplication, 24));
      // A combination is not indexed; its canonical is the finder itself.
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/products(\?lang=en)?$/);
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      // Then a function among those: the count beside it is again what is listed.
      const byBoth = await tick(page, lang, width, "function", 0);
      await expect(page).toHaveURL(/application=.*function=|function=.*application=/);
      await expect(page.getByRole("status")).toHaveText(t(lang, "count", { count: byBoth }));
      expect(byBoth).toBeLessThanOrEqual(byApplication);

      // Each chosen filter is a chip that removes it; clearing all gives the whole catalogue back.
      const chips = page.getByRole("list", { name: t(lang, "chosen") }).getByRole("link");
      await expect(chips).toHaveCount(2);
      await chips.last().click();
      await expect(page.getByRole("status")).toHaveText(t(lang, "count", { count: byApplication }));
      await chips.first().click();
      await expect(page.getByRole("status")).toHaveText(t(lang, "count", { count: all }));
      await expect(page).toHaveURL(lang === "en" ? /\/products\?lang=en$/ : /\/products$/);
    });
  });
}

test("a page past the last and a malformed page number answer the not-found page", async ({ page }) => {
  for (const path of ["/products?page=99", "/products?page=abc"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});
