import { SEARCH_SITE_TEXTS } from "../app/features/search/site/texts";
import { translate } from "../app/i18n/texts";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { catalogueForThisFile, searchFromHeader } from "./site-helpers";

/** The public search (issue 21, decision 0107): from the header, with JavaScript on and off, at 375 and 1280 px. */
const data = catalogueForThisFile();

for (const javaScriptEnabled of [true, false]) {
  for (const width of [375, 1280]) {
    test.describe(`${width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

      test("a buyer searches from the header (any case, no accents) and opens a product; no axe violation", async ({ page }) => {
        const { product } = data();
        await page.goto("/");
        // The header keeps everything on one line: nothing wider than the window.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        // The product's block says "Premier bloc de texte en français": found without its accent, in capitals.
        const unique = product.nameFr.split(" ").at(-1) ?? product.nameFr;
        await searchFromHeader(page, `FRANCAIS ${unique.toUpperCase()}`);
        const response = await page.reload();
        expect(response?.headers()["cache-control"]).toContain("no-store");
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
        await expect(page.getByText(translate(SEARCH_SITE_TEXTS, "fr", "count", { count: 1 }))).toBeVisible();
        // axe runs in the page: with JavaScript off it cannot, and the same document was checked with it on.
        if (javaScriptEnabled) await expectNoAxeViolations(page);
        await page
          .getByRole("link", { name: new RegExp(product.nameFr) })
          .first()
          .click();
        await expect(page).toHaveURL(new RegExp(`/product/${product.slug}`));
        await expect(page.getByRole("heading", { level: 1, name: product.nameFr })).toBeVisible();
      });

      test("no result says so and offers the ranges and the contact page, in English too; no axe violation", async ({ page }) => {
        const { category } = data();
        await page.goto("/?lang=en");
        await searchFromHeader(page, "zzqx introuvable", "en");
        await expect(page).toHaveURL(/lang=en/);
        await expect(page.getByText(translate(SEARCH_SITE_TEXTS, "en", "empty", { q: "zzqx introuvable" }))).toBeVisible();
        const main = page.getByRole("main");
        await expect(main.getByRole("link", { name: category.nameEn })).toHaveAttribute("href", `/category/${category.slug}?lang=en`);
        await expect(main.getByRole("link", { name: translate(SEARCH_SITE_TEXTS, "en", "empty.contact") })).toHaveAttribute(
          "href",
          "/contact?lang=en",
        );
        // axe runs in the page: with JavaScript off it cannot, and the same document was checked with it on.
        if (javaScriptEnabled) await expectNoAxeViolations(page);
      });
    });
  }
}

test("a one-letter search says it is too short", async ({ page }) => {
  await page.goto("/search?q=a");
  await expect(page.getByText(translate(SEARCH_SITE_TEXTS, "fr", "tooShort"))).toBeVisible();
});
