import { CATALOGUE_PDF_PATH, specSheetPath } from "@shared/spec-sheets";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { keepScreenshot } from "./screenshots";
import { catalogueForThisFile } from "./site-helpers";

/** Spec sheet and catalogue PDFs (decision 0126): linked from the product page and the footer, at 375 and 1280 px. */
const data = catalogueForThisFile();

const TEXTS = {
  fr: { sheet: "Fiche produit (PDF)", catalogue: "Catalogue des produits (PDF)", suffix: "" },
  en: { sheet: "Product sheet (PDF)", catalogue: "Product catalogue (PDF)", suffix: "?lang=en" },
} as const;

test.describe("spec sheet PDFs", () => {
  for (const width of [375, 1280]) {
    for (const lang of ["fr", "en"] as const) {
      test(`the product page links its sheet and the footer the catalogue, in ${lang} at ${width} px`, async ({ page }) => {
        const { product } = data();
        const t = TEXTS[lang];
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/product/${product.slug}${t.suffix}`);
        const sheet = page.getByRole("link", { name: t.sheet });
        await expect(sheet).toBeVisible();
        await expect(sheet).toHaveAttribute("href", `${specSheetPath(product.slug)}${t.suffix}`);
        const catalogue = page.getByRole("contentinfo").getByRole("link", { name: t.catalogue });
        await expect(catalogue).toHaveAttribute("href", `${CATALOGUE_PDF_PATH}${t.suffix}`);
        await expectNoAxeViolations(page);
        await keepScreenshot(page, "site-screens", `spec-sheet-link-${lang}-${width}.png`);

        const pdf = await page.request.get(`${specSheetPath(product.slug)}${t.suffix}`);
        expect(pdf.status()).toBe(200);
        expect(pdf.headers()["content-type"]).toBe("application/pdf");
        expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
      });
    }
  }
});
