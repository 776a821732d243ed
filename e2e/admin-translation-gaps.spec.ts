import type { Page } from "@playwright/test";
import type { Category } from "@shared/schemas/category";
import type { Product, ProductInput } from "@shared/schemas/product";
import { checkPhoneLayout, openAdmin, unique } from "./admin-helpers";
import { type Api, expect, expectNoAxeViolations, test } from "./fixtures";
import { uniqueSlug } from "./site-helpers";

/** The field block (label, marker, control) of the control labelled `label`. */
const fieldOf = (page: Page, id: string) => page.locator(`[data-field]:has(#${id})`);
const markerOf = (page: Page, id: string) => fieldOf(page, id).getByTestId("translation-marker");

/** A product translated in full, made through the API. */
async function translatedProduct(api: Api, name: string): Promise<Product> {
  const categories = await api.get<Category[]>("/api/categories");
  return api.post<Product>("/api/products", {
    slug: uniqueSlug("e2e-a-traduire"),
    nameFr: name,
    nameEn: `${name} EN`,
    shortDescriptionFr: "Une algue de Tunisie.",
    shortDescriptionEn: "A seaweed from Tunisia.",
    mainImageUrl: "https://example.com/image.png",
    categoryId: categories[0]?._id ?? "",
    isActive: true,
    contentBlocks: [],
  } satisfies ProductInput);
}

test.describe("translation completeness in the back office", () => {
  for (const width of [1280, 375]) {
    test(`the product form marks the English side and counts it per card while only French is typed (${width} px), axe clean`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await openAdmin(page, "/admin/products/new");
      const general = page.locator("section", { has: page.locator("#product-nameFr") });
      await expect(page.getByTestId("translation-marker")).toHaveCount(0);

      await page.getByLabel("Nom (FR)").fill("Algue rouge");
      await expect(markerOf(page, "product-nameEn")).toHaveText("À traduire");
      await expect(markerOf(page, "product-nameFr")).toHaveCount(0);
      await expect(general.getByText("1 à traduire")).toBeVisible();
      // The section's link in the form's navigation counts it too.
      await expect(page.locator('a[href="#product-section-general"]')).toContainText("1 à traduire");

      await page.getByLabel("Description courte (FR)").fill("Une algue rouge de Tunisie.");
      await expect(markerOf(page, "product-shortDescriptionEn")).toHaveText("À traduire");
      await page.getByLabel("Origine (FR)").fill("Tunisie");
      await expect(markerOf(page, "product-originEn")).toBeVisible();
      await expect(page.getByTestId("product-facts").getByText("1 à traduire")).toBeVisible();
      await expectNoAxeViolations(page);

      // Typing the English side takes the marker and the count away.
      await page.getByLabel("Nom (EN)").fill("Red seaweed");
      await expect(markerOf(page, "product-nameEn")).toHaveCount(0);
      await expect(general.getByText("à traduire")).toHaveCount(0);
      await expect(page.locator('a[href="#product-section-general"]')).not.toContainText("à traduire");
      if (width === 375) await checkPhoneLayout(page, "translation-gaps-product-form");
    });
  }

  test("a table filled in French says its English tab is to translate", async ({ page }) => {
    await openAdmin(page, "/admin/products/new");
    await page.getByRole("button", { name: "Ajouter un bloc : Tableau" }).click();
    const block = page.getByTestId("content-block");
    await block.getByLabel("Ligne 1, colonne 1").fill("1 kg");
    await expect(block.getByRole("tab", { name: /English/ }).getByTestId("translation-marker")).toHaveText("À traduire");
    await expect(block.getByText("1 à traduire")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("after saving a French-only text, the products list's « À traduire » filter finds the product, with its badge", async ({
    page,
    api,
  }) => {
    const name = unique("Algue à traduire");
    const product = await translatedProduct(api, name);
    await openAdmin(page, `/admin/products/edit/${product._id}`);
    await page.getByLabel("Conditionnement (FR)").fill("Sacs de 25 kg");
    await expect(markerOf(page, "product-packagingEn")).toHaveText("À traduire");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);

    await page.getByLabel("Traduction").selectOption({ label: "À traduire" });
    await expect(page).toHaveURL(/translation=missing/);
    await page.getByLabel("Rechercher un produit").fill(name);
    const row = page.getByTestId("product-row").filter({ visible: true }).filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("translation-marker")).toHaveText("À traduire");
    await expectNoAxeViolations(page);
    await checkPhoneLayout(page, "translation-gaps-product-list");
    await expect(page.getByTestId("product-row").filter({ visible: true }).filter({ hasText: name })).toHaveCount(1);

    // A translated product is not in the filtered list.
    const other = await translatedProduct(api, unique("Algue traduite"));
    await page.getByLabel("Rechercher un produit").fill(other.nameFr);
    await expect(page.getByText("Aucun produit trouvé.")).toBeVisible();
  });

  test("the dashboard counts the items to translate and links to the filtered lists", async ({ page, api }) => {
    await api.post("/api/categories", {
      slug: uniqueSlug("e2e-cat-a-traduire"),
      nameFr: unique("Catégorie à traduire"),
      nameEn: unique("Category to translate"),
      descriptionFr: "Seulement en français.",
    });
    await openAdmin(page, "/admin");
    const card = page
      .locator("div", { has: page.getByText("À traduire", { exact: true }) })
      .filter({ has: page.getByRole("link") })
      .last();
    const link = card.getByRole("link", { name: /^Catégories : \d+$/ });
    await expect(link).toBeVisible();
    await expectNoAxeViolations(page);
    await checkPhoneLayout(page, "translation-gaps-dashboard");
    await link.click();
    await expect(page).toHaveURL(/\/admin\/categories\?translation=missing/);
    await expect(page.getByLabel("Traduction")).toHaveValue("missing");
    const rows = page.getByTestId("category-row").filter({ visible: true });
    await expect(rows.first()).toBeVisible();
    for (const row of await rows.all()) await expect(row.getByTestId("translation-marker")).toHaveText("À traduire");
    await expectNoAxeViolations(page);
  });
});
