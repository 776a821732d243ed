import type { Page } from "@playwright/test";
import type { Product, ProductInput } from "@shared/schemas/product";
import { openAdmin } from "./admin-helpers";
import { type Api, expect, expectNoAxeViolations, test } from "./fixtures";
import { keepScreenshot } from "./screenshots";
import { catalogueForThisFile, uniqueSlug } from "./site-helpers";

/**
 * Issue 32 on the product page: one fallback rule for bilingual content (a French-only table shows on the English page,
 * marked lang="fr"; a section empty in both languages is not shown), a specification table that scrolls sideways on a
 * phone with its first column in view, a language-aware colon, and a table row that contradicts a key fact.
 */
const data = catalogueForThisFile();
const WIDTHS = [375, 1280] as const;

const emptyTable = { headers: [""], rows: [[""]] };

async function createProduct(api: Api, overrides: Partial<ProductInput>): Promise<Product> {
  const { category, image } = data();
  return api.post<Product>("/api/products", {
    slug: uniqueSlug("e2e-lang"),
    nameFr: `Produit langues ${uniqueSlug("fr")}`,
    nameEn: `Languages product ${uniqueSlug("en")}`,
    shortDescriptionFr: "Description courte.",
    shortDescriptionEn: "Short description.",
    mainImageUrl: image.url,
    categoryId: category._id,
    isActive: true,
    ...overrides,
  });
}

const noHorizontalOverflow = async (page: Page) => {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "horizontal overflow of the page").toBeLessThanOrEqual(0);
};

test.describe("product page languages and tables", () => {
  test("the English page shows a French-only table and text in French, marked lang=fr; a section empty in both languages is not shown", async ({
    page,
    api,
  }) => {
    test.slow();
    const halfTranslated = await createProduct(api, {
      contentBlocks: [
        { type: "text", contentFr: "Récoltée à la main à Bizerte.", contentEn: "" },
        {
          type: "table",
          contentFr: "Fiche de spécification",
          contentEn: "",
          tableData: { fr: { headers: ["Paramètre", "Valeur"], rows: [["Humidité", "≤ 10 %"]] }, en: emptyTable },
        },
      ],
    });
    const empty = await createProduct(api, {
      contentBlocks: [
        { type: "text", contentFr: "", contentEn: "" },
        { type: "table", contentFr: "", contentEn: "", tableData: { fr: emptyTable, en: emptyTable } },
      ],
    });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/product/${halfTranslated.slug}?lang=en`);
      const details = page.getByRole("region", { name: "Detailed information" });
      await expect(details).toBeVisible();
      const table = details.getByRole("region", { name: "Fiche de spécification" });
      await expect(table).toHaveAttribute("lang", "fr");
      await expect(table.getByRole("rowheader", { name: "Humidité" })).toBeVisible();
      await expect(details.getByRole("heading", { name: "Fiche de spécification" })).toHaveAttribute("lang", "fr");
      await expect(details.getByText("Récoltée à la main à Bizerte.").locator("xpath=ancestor::*[@lang][1]")).toHaveAttribute("lang", "fr");
      await expectNoAxeViolations(page);
      await noHorizontalOverflow(page);

      await page.goto(`/product/${halfTranslated.slug}`);
      expect(
        await page.getByRole("region", { name: "Fiche de spécification" }).getAttribute("lang"),
        "French on the French page",
      ).toBeNull();

      for (const [path, heading] of [
        [`/product/${empty.slug}?lang=en`, "Detailed information"],
        [`/product/${empty.slug}`, "Informations détaillées"],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("heading", { name: heading })).toHaveCount(0);
        await expectNoAxeViolations(page);
      }
    }
    await api.delete(`/api/products/${halfTranslated._id}`);
    await api.delete(`/api/products/${empty._id}`);
  });

  test("on a phone a wide specification table scrolls sideways, shows a hint, keeps its first column in view and reaches its last column; on a desktop it fits", async ({
    page,
    api,
  }) => {
    test.slow();
    const wide = await createProduct(api, {
      contentBlocks: [
        {
          type: "table",
          contentFr: "Fiche complète",
          contentEn: "Full sheet",
          tableData: {
            fr: {
              headers: ["Paramètre", "Valeur", "Méthode", "Fréquence"],
              rows: [
                ["Humidité", "≤ 10 %", "Étuve 105 °C", "Chaque lot"],
                ["Cendres", "20 – 30 %", "Calcination 550 °C", "Chaque lot"],
              ],
            },
            en: {
              headers: ["Parameter", "Value", "Method", "Frequency"],
              rows: [
                ["Moisture", "≤ 10%", "Oven drying, 105 °C", "Every lot"],
                ["Ash", "20 – 30%", "Incineration, 550 °C", "Every lot"],
              ],
            },
          },
        },
      ],
    });
    for (const lang of ["fr", "en"] as const) {
      const name = lang === "fr" ? "Fiche complète" : "Full sheet";
      const [first, last] = lang === "fr" ? ["Humidité", "Fréquence"] : ["Moisture", "Frequency"];
      const hint = lang === "fr" ? "Faites défiler\u00a0→" : "Scroll →";

      await page.setViewportSize({ width: 375, height: 900 });
      await page.goto(`/product/${wide.slug}${lang === "en" ? "?lang=en" : ""}`);
      const region = page.getByRole("region", { name });
      await region.scrollIntoViewIfNeeded();
      const sizes = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(sizes.scroll, "the table is wider than its region on a phone").toBeGreaterThan(sizes.client);
      await expect(page.getByText(hint)).toBeVisible();
      await noHorizontalOverflow(page);

      const box = await region.boundingBox();
      const lastHeader = region.getByRole("columnheader", { name: last });
      const firstCell = region.getByRole("rowheader", { name: first });
      if (!box) throw new Error("no region box");
      const before = await lastHeader.boundingBox();
      expect(before && before.x + before.width, "the last column starts cut off").toBeGreaterThan(box.x + box.width);

      // Keyboard: the region takes the focus, and the arrow keys scroll it.
      await region.focus();
      await expect(region).toBeFocused();
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

      await region.evaluate((el) => {
        el.scrollLeft = el.scrollWidth;
      });
      await expect.poll(() => region.evaluate((el) => el.scrollLeft + el.clientWidth >= el.scrollWidth - 1)).toBe(true);
      const after = await lastHeader.boundingBox();
      const firstBox = await firstCell.boundingBox();
      if (!after || !firstBox) throw new Error("no cell boxes");
      expect(after.x + after.width, "the last column is reachable").toBeLessThanOrEqual(box.x + box.width + 1);
      expect(after.x).toBeGreaterThanOrEqual(box.x);
      expect(Math.abs(firstBox.x - box.x), "the first column stays at the region's left edge").toBeLessThanOrEqual(2);
      await expectNoAxeViolations(page);

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`/product/${wide.slug}${lang === "en" ? "?lang=en" : ""}`);
      const desktop = page.getByRole("region", { name });
      const fits = await desktop.evaluate((el) => el.scrollWidth <= el.clientWidth);
      expect(fits, "the table fits at 1280 px").toBe(true);
      await expect(page.getByText(hint)).toBeHidden();
      await expectNoAxeViolations(page);
    }
    await api.delete(`/api/products/${wide._id}`);
  });

  test("the contact form names the chosen product with each language's colon: « Produit : » and “Product:”", async ({ page }) => {
    const { product } = data();
    await page.goto(`/contact?product=${product.slug}&lang=en`);
    await expect(page.locator("[data-request-product]")).toContainText(`Product: ${product.nameEn}`);
    await page.goto(`/contact?product=${product.slug}`);
    const french = await page.locator("[data-request-product]").textContent();
    expect(french).toContain("Produit\u00a0:");
  });

  test("the product form warns under a table row that repeats a key fact with another value, and the save is refused with the same words", async ({
    page,
  }) => {
    test.slow();
    const { product } = data();
    await openAdmin(page, `/admin/products/edit/${product._id}`);
    const facts = page.getByRole("group", { name: "Caractéristiques" });
    await facts.getByLabel("Durée de conservation (mois)").fill("18");
    await page.getByLabel("Ligne 1, colonne 1").first().fill("Durée de conservation");
    await page.getByLabel("Ligne 1, colonne 2").first().fill("24 mois");
    const warning = page.getByTestId("table-fact-warnings");
    await expect(warning).toContainText("FR · La ligne «\u00a0Durée de conservation\u00a0» du tableau répète la caractéristique");
    await expect(warning).toContainText("(18 mois)");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    const refusal = page.getByRole("alertdialog");
    await expect(refusal).toContainText("Erreur lors de l'enregistrement du produit");
    await expect(refusal).toContainText("répète la caractéristique «\u00a0Durée de conservation\u00a0» avec une autre valeur (18 mois)");
    await refusal.getByRole("button", { name: "OK" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/edit/${product._id}$`));

    await page.getByLabel("Ligne 1, colonne 2").first().fill("18 mois");
    await expect(warning).toHaveCount(0);
  });

  test("demo products sea fennel and gracilaria: their pages fit 375 and 1280 px in French and English", async ({ page }) => {
    test.slow();
    for (const slug of ["criste-marine", "gracilaria-gracilis"]) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const lang of ["fr", "en"] as const) {
          await page.goto(`/product/${slug}${lang === "en" ? "?lang=en" : ""}`);
          await expect(page.getByTestId("product-facts")).toBeVisible();
          await noHorizontalOverflow(page);
          await keepScreenshot(page, "site-screens", `issue32-${slug}-${lang}-${width}.png`);
          const details = page.getByRole("region", { name: lang === "fr" ? "Informations détaillées" : "Detailed information" });
          await expect(details).toBeVisible();
          await keepScreenshot(details, "site-screens", `issue32-${slug}-details-${lang}-${width}.png`);
        }
      }
    }
  });
});
