import type { Locator, Page } from "@playwright/test";
import type { Banner } from "@shared/schemas/banner";
import type { Category } from "@shared/schemas/category";
import type { Partner } from "@shared/schemas/partner";
import type { Product } from "@shared/schemas/product";
import { openAdmin, unique } from "./admin-helpers";
import { type Api, expect, test } from "./fixtures";

/**
 * Drives a dialog by keyboard alone: open it from `opener` with Enter, close it with Escape, open it with Space,
 * close it with its cancel button (reached with Tab, pressed with Enter); focus must land on the opener each time.
 */
async function checkDialogByKeyboard(page: Page, opener: Locator, dialogName: string, cancelName: string) {
  const dialog = page.getByRole("alertdialog", { name: dialogName });
  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.keyboard.press("Space");
  await expect(dialog).toBeVisible();
  const cancel = dialog.getByRole("button", { name: cancelName, exact: true });
  while (!(await cancel.evaluate((el) => el === document.activeElement))) await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

async function someProduct(api: Api): Promise<Product> {
  const categories = await api.get<Category[]>("/api/categories");
  const name = unique("Focus Product");
  return api.post<Product>("/api/products", {
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    nameFr: name,
    nameEn: name,
    shortDescriptionFr: "Courte.",
    shortDescriptionEn: "Short.",
    mainImageUrl: "https://example.com/image.png",
    categoryId: categories[0]?._id ?? "",
  });
}

test.describe("dialogs give focus back to what opened them", () => {
  test("product list: the delete confirmation", async ({ page, api }) => {
    const product = await someProduct(api);
    await openAdmin(page, "/admin/products");
    const opener = page.getByRole("button", { name: `Supprimer : ${product.nameFr}` }).filter({ visible: true });
    await checkDialogByKeyboard(page, opener, "Supprimer le produit", "Annuler");
    await api.delete(`/api/products/${product._id}`);
  });

  test("banner screen: the delete confirmation and the missing-fields alert", async ({ page, api }) => {
    const title = unique("Focus Banner");
    const banner = await api.post<Banner>("/api/banners", {
      imageUrlFr: "https://example.com/fr.png",
      imageUrlEn: "https://example.com/en.png",
      titleFr: title,
      titleEn: title,
      descriptionFr: "Description.",
      descriptionEn: "Description.",
      isDefault: false,
      isActive: false,
    });
    await openAdmin(page, "/admin/banner");
    const remove = page.getByRole("button", { name: `Supprimer : ${title}` }).filter({ visible: true });
    await checkDialogByKeyboard(page, remove, "Supprimer la bannière", "Annuler");

    await page.getByRole("button", { name: "Nouvelle bannière événementielle" }).click();
    const submit = page.getByRole("button", { name: "Enregistrer la bannière" });
    await checkDialogByKeyboard(page, submit, "Champs obligatoires manquants", "OK");
    await api.delete(`/api/banners/${banner._id}`);
  });

  test("partner screen: the delete confirmation", async ({ page, api }) => {
    const name = unique("Focus Partner");
    const partner = await api.post<Partner>("/api/partners", {
      name,
      logoUrl: "https://example.com/logo.png",
      websiteUrl: "https://example.com",
      orderIndex: 0,
      isActive: true,
    });
    await openAdmin(page, "/admin/partners");
    const opener = page.getByRole("button", { name: `Delete ${name}` }).filter({ visible: true });
    await checkDialogByKeyboard(page, opener, "Delete partner", "Cancel");
    await api.delete(`/api/partners/${partner._id}`);
  });
});
